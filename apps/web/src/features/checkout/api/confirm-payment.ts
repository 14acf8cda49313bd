import { apiFetch } from '../../../lib/api-client.ts';
import { orderAccessHeaders } from './get-order.ts';

/**
 * Settles a card payment after the customer's action (3-D Secure; decision record 0019):
 * `POST /api/orders/{orderNumber}/payment/confirm` with the order's access token. The server reads
 * the PaymentIntent at Stripe and completes the order (or finds it already completed by Stripe's
 * webhook); idempotent.
 *
 * @throws HttpError 402 when the payment failed (authentication failed or the card was then
 *   declined: the provider's message), 409 `payment_requires_action` when the customer has not
 *   finished the action yet, 404 for an unknown order; or a network error (TypeError).
 */
export function confirmPayment(orderNumber: string, accessToken: string | null): Promise<unknown> {
  return apiFetch<unknown>(`/api/orders/${encodeURIComponent(orderNumber)}/payment/confirm`, {
    method: 'POST',
    json: {},
    headers: orderAccessHeaders(accessToken),
  });
}
