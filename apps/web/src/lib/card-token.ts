import type { PaymentChoice } from '@esim/contract/checkout';
import type { Wallet } from '@esim/contract/payments';
import type { PaymentAttempt } from './idempotency.ts';
import { apiFetch } from './api-client.ts';
import type { CardCollector, WalletSource } from './card-payment.ts';

/**
 * Card tokenisation (PCI DSS SAQ A, decision record 0019): the card fields go to the payment provider's
 * tokenisation endpoint and nowhere else; the store's own requests (checkout, portal top-up)
 * carry only the single-use token. Shared by every form that takes a card.
 */

/** The card fields as a form holds them: strings as typed. */
export interface CardFormValues {
  cardholderName: string;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
}

/** The payment part of a form: method and card fields (the card is ignored for PayPal). */
export interface PaymentFormValues {
  paymentMethod: 'card' | 'paypal';
  card: CardFormValues;
}

/** Empty card fields. */
export const EMPTY_CARD_FORM: CardFormValues = {
  cardholderName: '',
  cardNumber: '',
  expiryMonth: '',
  expiryYear: '',
  cvv: '',
};

/** The card field names, in the order a form shows them. */
export const CARD_FIELDS = ['cardholderName', 'cardNumber', 'expiryMonth', 'expiryYear', 'cvv'] as const;

/** `POST /api/payments/sandbox/tokens` body: the card as the provider wants it. */
export interface CardTokenRequest {
  cardholderName: string;
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
}

/** The payment provider's answer: a single-use token plus the facts for the receipt. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

/** A two-digit year as autofill or a visitor may type it ('27') becomes four digits ('2027'). */
export function normaliseExpiryYear(value: string): string {
  const trimmed = value.trim();
  return /^\d{2}$/.test(trimmed) ? `20${trimmed}` : trimmed;
}

/** The tokenisation request of validated card fields: digits only, numbers for the expiry. */
export function toCardTokenRequest(card: CardFormValues): CardTokenRequest {
  return {
    cardholderName: card.cardholderName.trim(),
    cardNumber: card.cardNumber.replace(/\D/g, ''),
    expiryMonth: Number(card.expiryMonth.trim()),
    expiryYear: Number(normaliseExpiryYear(card.expiryYear)),
    cvv: card.cvv.trim(),
  };
}

/**
 * The card field a tokenisation error names (`cardNumber`, `card.cvv`), or `null` when it names
 * none of them.
 */
export function cardFieldOf(field: string | undefined): (typeof CARD_FIELDS)[number] | null {
  const name = field?.replace(/^card\./, '');
  return name && (CARD_FIELDS as readonly string[]).includes(name) ? (name as (typeof CARD_FIELDS)[number]) : null;
}

/**
 * Tokenises the card at the payment provider (`POST /api/payments/sandbox/tokens`).
 *
 * @throws HttpError 400 `{ error: { code, message, field } }` naming the bad card field, or a
 *   network error (TypeError).
 */
export function createCardToken(card: CardTokenRequest): Promise<CardToken> {
  return apiFetch<CardToken>('/api/payments/sandbox/tokens', { method: 'POST', json: card });
}

/**
 * The token of a simulated wallet payment at the sandbox (`POST /api/payments/sandbox/wallet-tokens`,
 * a sandbox-only route): the approved Visa test card, as the sandbox's Google Pay / Apple Pay sheet pays.
 * @throws HttpError 429 (payment throttle) or a network error (TypeError).
 */
export function createWalletToken(wallet: Wallet): Promise<CardToken> {
  return apiFetch<CardToken>('/api/payments/sandbox/wallet-tokens', { method: 'POST', json: { wallet } });
}

/** Where a card payment's token comes from, besides the sandbox's card fields. */
export interface CardSources {
  /** Stripe's Payment Element, when Stripe takes the cards. */
  collector?: CardCollector | null;
  /** A wallet payment the buyer just approved. */
  wallet?: WalletSource;
}

/**
 * The payment of a submission: PayPal as it is, or the card tokenised at the provider (a wallet's
 * card, Stripe's Payment Element, or the sandbox's card fields). The card is tokenised once per
 * attempt: a retry of the same attempt (unknown outcome) reuses its token, so the request body
 * stays the same and the idempotency key replays instead of refusing it.
 * @returns the payment and the attempt (with its token, when one was made).
 * @throws what `createCardToken` throws (the provider refusing a card field, or a network error),
 *   or `CardEntryError` (Stripe's form or a wallet).
 */
export async function paymentFor(
  attempt: PaymentAttempt,
  values: { paymentMethod: 'card' | 'paypal'; card: CardFormValues },
  sources: CardSources = {},
): Promise<{ payment: PaymentChoice; attempt: PaymentAttempt }> {
  const { collector, wallet } = sources;
  if (wallet) {
    const token = attempt.token ?? (await wallet.getToken());
    return { payment: { method: 'card', token, wallet: wallet.wallet }, attempt: { ...attempt, token } };
  }
  if (values.paymentMethod === 'paypal') return { payment: { method: 'paypal' }, attempt };
  const token =
    attempt.token ??
    (collector ? await collector.createToken() : (await createCardToken(toCardTokenRequest(values.card))).token);
  return { payment: { method: 'card', token }, attempt: { ...attempt, token } };
}
