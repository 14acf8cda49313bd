/**
 * The checkout form's validation message keys, with no import of zod: the storefront translates
 * a key next to its field (i18n `checkout:errors.<key>`) before the schemas themselves are loaded
 * (the checkout page downloads zod only when the form is first used). `checkout.ts` re-exports them beside the schemas.
 */

/** The key of text refused by the text rules (`text.ts`): control characters, line breaks, lone surrogates. */
export const INVALID_CHARACTERS = 'invalidCharacters';

/** Validation message keys; the storefront has a translation for each. */
export const CHECKOUT_ERROR_KEYS = [
  'required',
  'tooLong',
  'email',
  'phone',
  'cardNumber',
  'expiryMonth',
  'expiryYear',
  'expired',
  'cvc',
  'terms',
  INVALID_CHARACTERS,
] as const;
export type CheckoutErrorKey = (typeof CHECKOUT_ERROR_KEYS)[number];
