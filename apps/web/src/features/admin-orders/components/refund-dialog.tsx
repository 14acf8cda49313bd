/**
 * The refund action of the admin order screen (issue 10), built by the refunds part: a button
 * that opens a dialog showing the refund policy check, then refunds. Stub until then.
 */
export function RefundDialog(_props: {
  orderNumber: string;
  totalCents: number;
  /** Called after a successful refund (the order screen reloads). */
  onRefunded: () => void;
}) {
  return null;
}
