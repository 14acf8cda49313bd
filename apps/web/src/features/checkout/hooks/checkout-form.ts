import type { CheckoutBody, PaymentChoice } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import {
  EMPTY_PAYMENT_PART,
  PAYMENT_FIELD_ORDER,
  type PaymentFieldPath,
  type PaymentPartValues,
  paymentFingerprint,
} from '../../../components/payment/payment-form-model.ts';

/**
 * The checkout form as the page holds it: contact, the optional billing address and the payment
 * part (`components/payment/payment-form-model.ts`), and its mapping to `POST /api/checkout`. The
 * form is validated by the contract's `checkoutFormSchema`, the same rules the server applies.
 */

/** Form values; every input is a string as typed, the toggles are booleans. */
export interface CheckoutFormValues extends PaymentPartValues {
  customer: { fullName: string; email: string; phone: string };
  wantsBillingAddress: boolean;
  billingAddress: { address: string; city: string; postalCode: string; country: string; state: string };
}

/** The empty form: card payment, no billing address, terms not accepted. */
export const EMPTY_CHECKOUT_FORM: CheckoutFormValues = {
  customer: { fullName: '', email: '', phone: '' },
  wantsBillingAddress: false,
  billingAddress: { address: '', city: '', postalCode: '', country: '', state: '' },
  ...EMPTY_PAYMENT_PART,
};

/** The checkout's own fields that can carry an error (the contact and the billing address). */
export type CheckoutOwnFieldPath =
  `customer.${keyof CheckoutFormValues['customer']}` | `billingAddress.${keyof CheckoutFormValues['billingAddress']}`;

/** Every field of the form that can carry an error. */
export type CheckoutFieldPath = CheckoutOwnFieldPath | PaymentFieldPath;

/** The fields in page order: the first one with an error gets the focus. */
export const CHECKOUT_FIELD_ORDER: readonly CheckoutFieldPath[] = [
  'customer.fullName',
  'customer.email',
  'customer.phone',
  'billingAddress.address',
  'billingAddress.city',
  'billingAddress.postalCode',
  'billingAddress.country',
  'billingAddress.state',
  ...PAYMENT_FIELD_ORDER,
];

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

/** What a checkout attempt is compared by (`paymentFingerprint`): the body and the card. */
export function checkoutFingerprint(values: CheckoutFormValues, language: Language): string {
  return paymentFingerprint(values, (payment) => toCheckoutBody(values, payment, language));
}

const CUSTOMER_FIELDS = ['fullName', 'email', 'phone'] as const;
const ADDRESS_FIELDS = ['address', 'city', 'postalCode', 'country', 'state'] as const;

/**
 * The form field a checkout body path of a server error names (`customer.email`, a bare `email`,
 * `billingAddress.city`, `acceptTerms`); `null` when it names no field of the form. Card fields
 * are the payment part's (`serverFieldOf`).
 */
export function checkoutFieldOf(field: string): CheckoutOwnFieldPath | 'acceptTerms' | null {
  const name = field.replace(/^(card|customer|billingAddress)\./, '');
  if (name === 'acceptTerms') return 'acceptTerms';
  if (!field.startsWith('billingAddress.') && (CUSTOMER_FIELDS as readonly string[]).includes(name)) {
    return `customer.${name}` as CheckoutOwnFieldPath;
  }
  if ((ADDRESS_FIELDS as readonly string[]).includes(name)) return `billingAddress.${name}` as CheckoutOwnFieldPath;
  return null;
}
