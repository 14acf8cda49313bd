import type { PaymentChoice } from '@esim/contract/checkout';
import {
  CARD_FIELDS,
  EMPTY_CARD_FORM,
  type PaymentFormValues,
  cardFieldOf,
  toCardTokenRequest,
} from '../../lib/card-token.ts';

/**
 * The payment part of a form that pays (checkout, top-up): the method, the card fields and the
 * accepted terms, their validation, the fingerprint of an attempt and the mapping of a server's
 * field error. Each form adds its own fields (contact, plan) around it. The card fields go to the
 * payment provider only; the store's request carries the token.
 */

/** The payment part's values: card or PayPal, the card fields as typed, and the terms box. */
export interface PaymentPartValues extends PaymentFormValues {
  acceptTerms: boolean;
}

/** A new payment part: card payment, empty card fields, terms not accepted. */
export const EMPTY_PAYMENT_PART: PaymentPartValues = {
  paymentMethod: 'card',
  card: EMPTY_CARD_FORM,
  acceptTerms: false,
};

/** A card field's path in the form (`card.cardNumber`). */
export type CardFieldPath = `card.${(typeof CARD_FIELDS)[number]}`;

/** The payment part's fields that can carry an error. */
export type PaymentFieldPath = CardFieldPath | 'acceptTerms';

/** The payment part's fields in page order: the card fields, then the terms box. */
export const PAYMENT_FIELD_ORDER: readonly PaymentFieldPath[] = [
  ...CARD_FIELDS.map((field) => `card.${field}` as const),
  'acceptTerms',
];

/** One error of a form: the field and its message (a translatable key or a server's text). */
export interface FieldErrorOf<Path extends string> {
  path: Path;
  message: string;
}

/**
 * What a submission compares between attempts (`lib/idempotency.ts`): what the form's request
 * carries (`describe`, given the payment as it will be, with a placeholder token) and the card
 * as digits. A changed card, method or request is a new attempt with a new key; spacing in the
 * card number is not. Kept in memory only.
 */
export function paymentFingerprint<V extends PaymentFormValues>(
  values: V,
  describe: (payment: PaymentChoice) => unknown,
): string {
  const card = values.paymentMethod === 'card';
  const payment: PaymentChoice = card ? { method: 'card', token: '-' } : { method: 'paypal' };
  return JSON.stringify([describe(payment), card ? toCardTokenRequest(values.card) : null]);
}

/**
 * The form field a server's `error.field` names: a card field when the card tokenisation answered
 * (`stage: 'token'`) or the field is `card.…`; otherwise the form's own `bodyFieldOf` (a path of
 * its request body). `null` when it names no field of the form.
 */
export function serverFieldOf<Path extends string>(
  field: string | undefined,
  stage: 'token' | 'place',
  bodyFieldOf: (field: string) => Path | null,
): CardFieldPath | Path | null {
  if (!field) return null;
  if (stage === 'token' || field.startsWith('card.')) {
    const card = cardFieldOf(field);
    return card ? `card.${card}` : null;
  }
  return bodyFieldOf(field);
}
