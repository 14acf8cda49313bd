import type { PaymentChoice } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import type { TopupBody } from '@esim/contract/portal';
import {
  EMPTY_PAYMENT_PART,
  type FieldErrorOf,
  PAYMENT_FIELD_ORDER,
  type PaymentFieldPath,
  type PaymentPartValues,
  paymentFingerprint,
} from '../../../components/payment/payment-form-model.ts';
import { validatePaymentPart } from '../../../components/payment/payment-part-validation.ts';

/**
 * The top-up form as the page holds it: the chosen plan and the payment part
 * (`components/payment/payment-form-model.ts`), its validation and its mapping to
 * `POST /api/portal/esims/{iccid}/topups` (`TopupBody`).
 */

/** Form values: the chosen plan's `productId` as the radio value, then the payment part. */
export interface TopupFormValues extends PaymentPartValues {
  productId: string;
}

/** Every field that can carry an error. */
export type TopupFieldPath = 'productId' | PaymentFieldPath;

/** The fields in page order (the first invalid one gets the focus). */
export const TOPUP_FIELD_ORDER: readonly TopupFieldPath[] = ['productId', ...PAYMENT_FIELD_ORDER];

/** One error of the form: the field and its message (a translatable key or a server's text). */
export type TopupFieldError = FieldErrorOf<TopupFieldPath>;

/** A new form: the given plan chosen (the first offered), card payment, terms not accepted. */
export function emptyTopupForm(productId: number | undefined): TopupFormValues {
  return { productId: productId === undefined ? '' : String(productId), ...EMPTY_PAYMENT_PART };
}

/**
 * Checks the form: a plan is chosen (`plan`), then the payment part (`validatePaymentPart`: the
 * card fields unless `skipCard`, the terms). Returns the errors in page order; none when valid.
 */
export function validateTopupForm(
  values: TopupFormValues,
  { skipCard = false }: { skipCard?: boolean } = {},
): TopupFieldError[] {
  const plan: TopupFieldError[] = /^\d+$/.test(values.productId) ? [] : [{ path: 'productId', message: 'plan' }];
  return [...plan, ...validatePaymentPart(values, { skipCard })];
}

/** The request body of validated values with the payment choice (card token or PayPal). */
export function toTopupBody(values: TopupFormValues, payment: PaymentChoice, language: Language): TopupBody {
  return { productId: Number(values.productId), payment, acceptTerms: true, language };
}

/**
 * What a top-up attempt is compared by (`paymentFingerprint`): the eSIM, the body and the card.
 * A changed plan, eSIM, card or language is a new attempt with a new key.
 */
export function topupFingerprint(iccid: string, values: TopupFormValues, language: Language): string {
  return paymentFingerprint(values, (payment) => [iccid, toTopupBody(values, payment, language)]);
}

/** The form field a top-up body path of a server error names (`productId`, `acceptTerms`), or `null`. */
export function topupFieldOf(field: string): 'productId' | 'acceptTerms' | null {
  return field === 'productId' || field === 'acceptTerms' ? field : null;
}
