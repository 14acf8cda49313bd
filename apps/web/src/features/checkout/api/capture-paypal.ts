import { apiFetch } from '../../../lib/api-client.ts';
import { orderAccessHeaders } from './get-order.ts';

/**
 * Captures an approved PayPal payment (`POST /api/orders/{orderNumber}/paypal/capture`) after
 * PayPal sent the buyer back to `/checkout/success`. Idempotent on the server: capturing twice
 * returns the first result.
 *
 * @throws HttpError 402 when the buyer cancelled, 409 when PayPal has not approved it yet, 404
 *   for an unknown order.
 */
export function capturePaypal(
  orderNumber: string,
  paypalOrder: string | null,
  accessToken: string | null,
): Promise<unknown> {
  return apiFetch<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}/paypal/capture`, {
    method: 'POST',
    json: paypalOrder ? { paypalOrder } : {},
    headers: orderAccessHeaders(accessToken),
  });
}
