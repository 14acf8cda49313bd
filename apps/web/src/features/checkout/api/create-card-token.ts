import { apiFetch } from '../../../lib/api-client.ts';
import type { CardTokenRequest } from '../hooks/checkout-form.ts';

/** The payment provider's answer: a single-use token plus the facts for the receipt. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

/**
 * Tokenises the card at the payment provider (`POST /api/payments/sandbox/tokens`, DESIGN.md
 * section 4): the card fields go there and nowhere else; the checkout only sends the token.
 *
 * @throws HttpError 400 `{ error: { code, message, field } }` naming the bad card field, or a
 *   network error (TypeError).
 */
export function createCardToken(card: CardTokenRequest): Promise<CardToken> {
  return apiFetch<CardToken>('/api/payments/sandbox/tokens', { method: 'POST', json: card });
}
