import type { CheckoutBody, PaymentChoice } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import { CARD_FIELDS, type CardFormValues, EMPTY_CARD_FORM, toCardTokenRequest } from '../../../lib/card-token.ts';

/**
 * The checkout form as the page holds it (specification section 3 "Checkout form") and its
 * mapping to the two requests: the card fields go to the payment provider's tokenisation
 * endpoint, everything else (with the token) to `POST /api/checkout`. The form is validated by
 * the contract's `checkoutFormSchema`, the same rules the server applies. Card tokenisation is
 * shared (`lib/card-token.ts`).
 */

/** Form values; every input is a string as typed, the toggles are booleans. */
export interface CheckoutFormValues {
  customer: { fullName: string; email: string; phone: string };
  wantsBillingAddress: boolean;
  billingAddress: { address: string; city: string; postalCode: string; country: string; state: string };
  paymentMethod: 'card' | 'paypal';
  card: CardFormValues;
  acceptTerms: boolean;
}

/** The empty form: card payment, no billing address, terms not accepted. */
export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  customer: { fullName: '', email: '', phone: '' },
  wantsBillingAddress: false,
  billingAddress: { address: '', city: '', postalCode: '', country: '', state: '' },
  paymentMethod: 'card',
  card: EMPTY_CARD_FORM,
  acceptTerms: false,
};

/** Every field name of the form that can carry an error, in the order the page shows them. */
export type CheckoutFieldPath =
  | `customer.${keyof CheckoutFormValues['customer']}`
  | `billingAddress.${keyof CheckoutFormValues['billingAddress']}`
  | `card.${keyof CheckoutFormValues['card']}`
  | 'acceptTerms';

/**
 * The `POST /api/checkout` body of validated form values: trimmed contact details (no empty
 * phone), the billing address only when asked for (no empty state), the payment choice, the
 * accepted terms and the interface language (the confirmation e-mail is written in it). Card
 * fields are never part of it.
 */
export function toCheckoutBody(values: CheckoutFormValues, payment: PaymentChoice, language: Language): CheckoutBody {
  const phone = values.customer.phone.trim();
  const body: CheckoutBody = {
    customer: {
      fullName: values.customer.fullName.trim(),
      email: values.customer.email.trim(),
      ...(phone ? { phone } : {}),
    },
    payment,
    acceptTerms: true,
    language,
  };
  if (values.wantsBillingAddress) {
    const { address, city, postalCode, country, state } = values.billingAddress;
    body.billingAddress = {
      address: address.trim(),
      city: city.trim(),
      postalCode: postalCode.trim(),
      country: country.trim().toUpperCase(),
      ...(state.trim() ? { state: state.trim() } : {}),
    };
  }
  return body;
}

/**
 * What the submission compares between attempts (see `idempotency.ts`): the values that shape
 * the requests, with the card number as digits. Kept in memory only.
 */
export function checkoutFingerprint(values: CheckoutFormValues, language: Language): string {
  const payment: PaymentChoice =
    values.paymentMethod === 'card' ? { method: 'card', token: '-' } : { method: 'paypal' };
  return JSON.stringify([
    toCheckoutBody(values, payment, language),
    values.paymentMethod === 'card' ? toCardTokenRequest(values.card) : null,
  ]);
}

const CUSTOMER_FIELDS = ['fullName', 'email', 'phone'] as const;
const ADDRESS_FIELDS = ['address', 'city', 'postalCode', 'country', 'state'] as const;

/**
 * The form field a server's `error.field` names: a card field of the tokenisation endpoint
 * (`cardNumber` -> `card.cardNumber`), or a checkout body path (`customer.email`, `email`,
 * `billingAddress.city`, `acceptTerms`). `null` when it names no field of the form.
 */
export function formFieldOf(field: string | undefined, source: 'token' | 'checkout'): CheckoutFieldPath | null {
  if (!field) return null;
  const name = field.replace(/^(card|customer|billingAddress)\./, '');
  if (source === 'token' || field.startsWith('card.')) {
    return (CARD_FIELDS as readonly string[]).includes(name) ? (`card.${name}` as CheckoutFieldPath) : null;
  }
  if (name === 'acceptTerms') return 'acceptTerms';
  if (!field.startsWith('billingAddress.') && (CUSTOMER_FIELDS as readonly string[]).includes(name)) {
    return `customer.${name}` as CheckoutFieldPath;
  }
  if ((ADDRESS_FIELDS as readonly string[]).includes(name)) return `billingAddress.${name}` as CheckoutFieldPath;
  return null;
}
