import { Info } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';

/** An order number as the store writes them (`ORD-…`): anything else in the link is not asked about. */
const ORDER_NUMBER = /^ORD-[A-Z0-9-]{6,40}$/;

/**
 * Back from a cancelled PayPal payment (`?paypal=cancelled&order=…`): tells the server once,
 * through the form's capture call (`POST …/paypal/capture`, which answers 402 and cancels the
 * order), so that the order does not wait for an approval forever. `orderNumber` is null when
 * the visitor did not come back from a cancel; `capture` is null while it cannot be called yet
 * (the portal's access still loading). Failures are ignored: PayPal's own expiry ends the order.
 */
export function useRecordPaypalCancel(
  orderNumber: string | null,
  capture: ((orderNumber: string) => Promise<unknown>) | null,
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !capture || !orderNumber || !ORDER_NUMBER.test(orderNumber)) return;
    done.current = true;
    capture(orderNumber).catch(() => undefined);
  }, [orderNumber, capture]);
}

/** The notice of a cancelled PayPal payment: nothing was charged, the form is there to try again. */
export function PaypalCancelledNotice({ title, body, className }: { title: string; body: string; className: string }) {
  return (
    <div
      role="status"
      className={cn(className, 'flex items-start gap-3 rounded-2xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200')}
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{body}</p>
      </div>
    </div>
  );
}
