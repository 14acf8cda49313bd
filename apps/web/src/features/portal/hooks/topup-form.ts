import { type PaymentChoice, cardDetailsSchema } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import type { TopupBody } from '@esim/contract/portal';
import {
  CARD_FIELDS,
  EMPTY_CARD_FORM,
  type PaymentFormValues,
  cardFieldOf,
  toCardTokenRequest,
} from '../../../lib/card-token.ts';

/**
 * The top-up form (specification section 2 "Customer portal": top-ups; section 4 "Top-up") as
 * the page holds it, its validation with the contract's card schema (the rules the provider and
 * the server apply) and its mapping to `POST /api/portal/esims/{iccid}/topups` (`TopupBody`).
 * The card fields go to the payment provider only; the body carries the token.
 */

/** Form values: the chosen plan's `productId` as the radio value, payment, and the terms box. */
export interface TopupFormValues extends PaymentFormValues {
  productId: string;
  acceptTerms: boolean;
}

/** Every field that can carry an error, in page order (the first one gets the focus). */
export type TopupFieldPath = 'productId' | `card.${(typeof CARD_FIELDS)[number]}` | 'acceptTerms';

export const TOPUP_FIELD_ORDER: readonly TopupFieldPath[] = [
  'productId',
  ...CARD_FIELDS.map((f) => `card.${f}` as const),
  'acceptTerms',
];

/** One error of the form: the field and its message (a translatable key or a server's text). */
export interface TopupFieldError {
  path: TopupFieldPath;
  message: string;
}

/** A new form: the given plan chosen (the first offered), card payment, terms not accepted. */
export function emptyTopupForm(productId: number | undefined): TopupFormValues {
  return {
    productId: productId === undefined ? '' : String(productId),
    paymentMethod: 'card',
    card: EMPTY_CARD_FORM,
    acceptTerms: false,
  };
}

/**
 * Checks the form: a plan is chosen (`plan`), the card fields pass the contract's
 * `cardDetailsSchema` when paying by card with the store's card fields (keys `required`,
 * `cardNumber`, `expired`, `cvc`, ...; not with `skipCard`: Stripe's Payment Element or a wallet
 * holds the card, issue 12) and the terms are accepted (`terms`). Returns the errors in page
 * order; none when valid.
 */
export function validateTopupForm(
  values: TopupFormValues,
  { skipCard = false }: { skipCard?: boolean } = {},
): TopupFieldError[] {
  const errors: TopupFieldError[] = [];
  if (!/^\d+$/.test(values.productId)) errors.push({ path: 'productId', message: 'plan' });
  if (values.paymentMethod === 'card' && !skipCard) {
    const result = cardDetailsSchema.safeParse(values.card);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = cardFieldOf(String(issue.path[0] ?? ''));
        if (field && !errors.some((e) => e.path === `card.${field}`))
          errors.push({ path: `card.${field}`, message: issue.message });
      }
    }
  }
  if (!values.acceptTerms) errors.push({ path: 'acceptTerms', message: 'terms' });
  return errors.sort((a, b) => TOPUP_FIELD_ORDER.indexOf(a.path) - TOPUP_FIELD_ORDER.indexOf(b.path));
}

/** The request body of validated values with the payment choice (card token or PayPal). */
export function toTopupBody(values: TopupFormValues, payment: PaymentChoice, language: Language): TopupBody {
  return { productId: Number(values.productId), payment, acceptTerms: true, language };
}

/**
 * What the submission compares between attempts (see `lib/idempotency.ts`): the eSIM, the body
 * and the card as digits. A changed plan, card or language is a new attempt with a new key.
 * Kept in memory only.
 */
export function topupFingerprint(iccid: string, values: TopupFormValues, language: Language): string {
  const payment: PaymentChoice =
    values.paymentMethod === 'card' ? { method: 'card', token: '-' } : { method: 'paypal' };
  return JSON.stringify([
    iccid,
    toTopupBody(values, payment, language),
    values.paymentMethod === 'card' ? toCardTokenRequest(values.card) : null,
  ]);
}

/**
 * The form field a server error names: a card field of the tokenisation endpoint, or a top-up
 * body path (`productId`, `acceptTerms`). `null` when it names no field of the form.
 */
export function topupFieldOf(field: string | undefined, source: 'token' | 'topup'): TopupFieldPath | null {
  if (!field) return null;
  if (source === 'token' || field.startsWith('card.')) {
    const card = cardFieldOf(field);
    return card ? `card.${card}` : null;
  }
  if (field === 'productId' || field === 'acceptTerms') return field;
  return null;
}
