import { cardDetailsSchema } from '@esim/contract/checkout';
import {
  type FieldErrorOf,
  PAYMENT_FIELD_ORDER,
  type PaymentFieldPath,
  type PaymentPartValues,
} from './payment-form-model.ts';
import { cardFieldOf } from '../../lib/card-token.ts';

/*
 * Apart from `payment-form-model.ts`: the contract's card schema brings zod, which a form that
 * validates with a lazily loaded resolver (the checkout) must not load with its first paint
 * (decision record 0028).
 */

/**
 * Checks the payment part: the card fields against the contract's `cardDetailsSchema` when paying
 * by card with the store's own fields (keys `required`, `cardNumber`, `expired`, `cvc`, ...; not
 * with `skipCard`: Stripe's Payment Element or a wallet holds the card), and the terms box
 * (`terms`). Returns the errors in page order, one per field; none when valid.
 */
export function validatePaymentPart(
  values: PaymentPartValues,
  { skipCard = false }: { skipCard?: boolean } = {},
): FieldErrorOf<PaymentFieldPath>[] {
  const errors: FieldErrorOf<PaymentFieldPath>[] = [];
  if (values.paymentMethod === 'card' && !skipCard) {
    const result = cardDetailsSchema.safeParse(values.card);
    for (const issue of result.success ? [] : result.error.issues) {
      const field = cardFieldOf(String(issue.path[0] ?? ''));
      if (field && !errors.some((e) => e.path === `card.${field}`))
        errors.push({ path: `card.${field}`, message: issue.message });
    }
  }
  if (!values.acceptTerms) errors.push({ path: 'acceptTerms', message: 'terms' });
  return errors.sort((a, b) => PAYMENT_FIELD_ORDER.indexOf(a.path) - PAYMENT_FIELD_ORDER.indexOf(b.path));
}
