import type { OrderView } from '@esim/contract/order';

/**
 * When the confirmation page polls the order: while fulfilment is still provisioning the eSIMs
 * (the order is pending, created or processing, or paid without eSIMs yet), every
 * {@link ORDER_POLL_MS} for at most {@link ORDER_POLL_LIMIT_MS}; then it stops and offers a
 * manual refresh.
 */

/** Poll interval while eSIMs are being prepared. */
export const ORDER_POLL_MS = 1500;
/** How long the page keeps polling before it says it is taking longer than usual. */
export const ORDER_POLL_LIMIT_MS = 60_000;

const FINAL_WITHOUT_ESIMS = new Set<OrderView['status']>(['cancelled', 'refunded']);

/** Whether the order's eSIMs are still on their way (paid, not final, not all there yet). */
export function isPreparing(order: Pick<OrderView, 'status' | 'esims' | 'paymentStatus'>): boolean {
  if (FINAL_WITHOUT_ESIMS.has(order.status)) return false;
  // Unpaid (PayPal not yet approved, failed or cancelled): nothing is being provisioned.
  if (order.paymentStatus !== 'succeeded') return false;
  if (order.status === 'pending' || order.status === 'created' || order.status === 'processing') return true;
  return order.esims.length === 0;
}

/** The next poll delay for an order fetched `elapsedMs` after the page started polling, or `false`. */
export function pollDelay(
  order: Pick<OrderView, 'status' | 'esims' | 'paymentStatus'> | undefined,
  elapsedMs: number,
): number | false {
  if (!order || !isPreparing(order) || elapsedMs >= ORDER_POLL_LIMIT_MS) return false;
  return ORDER_POLL_MS;
}
