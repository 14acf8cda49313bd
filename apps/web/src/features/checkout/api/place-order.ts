import type { CheckoutBody, CheckoutResponse } from '@esim/contract/checkout';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Places the order and pays (`POST /api/checkout`): the server takes the lines and prices from
 * the visitor's cart (`X-Session-Id`), charges the card token or creates the PayPal order, and
 * answers with the order number and the portal access token. `idempotencyKey` makes a repeat of
 * the same attempt replay the first answer instead of charging again (see `idempotency.ts`).
 *
 * @throws HttpError 402 payment failed (the provider's message), 400 with `field`, 409
 *   `cart_empty`; or a network error (TypeError) when the outcome is unknown.
 */
export function placeOrder(body: CheckoutBody, idempotencyKey: string): Promise<CheckoutResponse> {
  return apiFetch<CheckoutResponse>('/api/checkout', {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
