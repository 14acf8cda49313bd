import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';

/**
 * Settles a top-up's card payment after the customer's action (3-D Secure; decision record 0019):
 * `POST /api/portal/topups/{orderNumber}/payment/confirm` with the portal's access. The server
 * reads the PaymentIntent at Stripe and completes the top-up (or finds it completed by Stripe's
 * webhook); idempotent.
 *
 * @throws HttpError 402 when the payment failed (the provider's message), 409
 *   `payment_requires_action` when the customer has not finished, 404, 401; or a network error.
 */
export function confirmTopupPayment(access: PortalAccess, orderNumber: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/portal/topups/${encodeURIComponent(orderNumber)}/payment/confirm`, {
    method: 'POST',
    json: {},
    headers: accessHeaders(access),
  });
}
