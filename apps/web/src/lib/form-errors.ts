import { CHECKOUT_ERROR_KEYS, type CheckoutErrorKey } from '@esim/contract/checkout-errors';

/**
 * Field messages of the store's forms (checkout, portal top-up): the contract's message keys
 * (`required`, `email`, `cardNumber`, ...; translated by each form) and the mapping of a
 * server's field error to one of them. Kept apart from `api-error.ts` because the contract's
 * checkout module loads zod, which pages without a form need not download.
 */

/** Stripe-style provider codes of the card tokenisation endpoint, mapped to the form's message keys. */
const PROVIDER_CODES: Readonly<Record<string, CheckoutErrorKey>> = {
  incorrect_number: 'cardNumber',
  invalid_number: 'cardNumber',
  invalid_expiry_month: 'expiryMonth',
  invalid_expiry_year: 'expiryYear',
  expired_card: 'expired',
  invalid_cvc: 'cvc',
  incorrect_cvc: 'cvc',
};

/** Whether a message is one of the contract's translatable form message keys (`required`, `email`, ...). */
export function isFormErrorKey(message: string): message is CheckoutErrorKey {
  return (CHECKOUT_ERROR_KEYS as readonly string[]).includes(message);
}

/**
 * The message to show next to a field for a server error: a translatable key when the server
 * gave one (`customer.email: email`, a bare `email`, or a provider code such as
 * `incorrect_cvc`), otherwise the server's own message.
 */
export function fieldMessageOf(error: { code?: string; message?: string }): string {
  const message = error.message?.trim() ?? '';
  const key = message.includes(': ') ? message.slice(message.lastIndexOf(': ') + 2) : message;
  if (isFormErrorKey(key)) return key;
  if (error.code && PROVIDER_CODES[error.code]) return PROVIDER_CODES[error.code]!;
  return message || 'required';
}
