import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { cardBrand, cardDigits, cvcLength, isExpired, isLuhnValid } from './payment-card.ts';
import { singleLineText } from './text.ts';

/**
 * Checkout shapes (`docs/product-rules.md#checkout-and-payment`). The
 * same schemas validate the form in the browser and the request on the server. Error messages
 * are stable keys (`required`, `email`, ...) that the storefront translates next to each field
 * (i18n key `checkout:errors.<key>`); the API returns them as `<field>: <key>`. Free-text fields
 * follow the text rules of `text.ts` (no control characters, line breaks or lone surrogates).
 */

export { CHECKOUT_ERROR_KEYS, type CheckoutErrorKey } from './checkout-errors.ts';

/** A required single-line text field of at most `max` characters. */
const text = (max: number) => singleLineText().min(1, 'required').max(max, 'tooLong');

/** Contact information: fullName, email, phone. Phone is optional, E.164-like. */
export const customerSchema = z.object({
  fullName: text(120),
  email: singleLineText().max(254, 'tooLong').pipe(z.email('email')),
  phone: z
    .string()
    .trim()
    .max(32, 'tooLong')
    .regex(/^$|^\+?[0-9 ()-]{6,31}$/, 'phone')
    .optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/** Billing address, shown on request. `country` is ISO 3166-1 alpha-2. */
export const billingAddressSchema = z.object({
  address: text(200),
  city: text(100),
  postalCode: text(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'required'),
  state: singleLineText().max(100, 'tooLong').optional(),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/**
 * Card fields as typed (cardholder name, card number, expiry month, expiry year, cvv). They go only to the payment provider's tokenisation endpoint, never to the store's API.
 * Checks: Luhn-valid 12-19 digits, month 1-12, four-digit year, not expired, CVC of 3 digits
 * (4 for American Express).
 */
export const cardDetailsSchema = z
  .object({
    cardholderName: text(120),
    cardNumber: z.string().refine((v) => {
      const digits = cardDigits(v);
      return digits !== null && isLuhnValid(digits);
    }, 'cardNumber'),
    expiryMonth: z.coerce
      .number({ error: 'expiryMonth' })
      .int('expiryMonth')
      .min(1, 'expiryMonth')
      .max(12, 'expiryMonth'),
    expiryYear: z.coerce
      .number({ error: 'expiryYear' })
      .int('expiryYear')
      .min(2000, 'expiryYear')
      .max(2100, 'expiryYear'),
    cvv: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'cvc'),
  })
  .superRefine((card, ctx) => {
    if (isExpired(card.expiryMonth, card.expiryYear)) {
      ctx.addIssue({ code: 'custom', path: ['expiryYear'], message: 'expired' });
    }
    const digits = cardDigits(card.cardNumber);
    if (digits && card.cvv.length !== cvcLength(cardBrand(digits))) {
      ctx.addIssue({ code: 'custom', path: ['cvv'], message: 'cvc' });
    }
  });
export type CardDetails = z.infer<typeof cardDetailsSchema>;

/** How the visitor pays: a card token from the provider, or PayPal (redirect and approve). */
export const paymentChoiceSchema = z.discriminatedUnion('method', [
  /** The provider's opaque token: printable ASCII without spaces, as every card provider's. */
  z.object({
    method: z.literal('card'),
    /** Sandbox: its signed card token; Stripe: a ConfirmationToken id (`ctoken_…`) from Stripe.js (decision record 0019). */
    token: z
      .string()
      .min(8)
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
    /** Set when the card came from a wallet (Apple Pay, Google Pay). */
    wallet: z.enum(['apple_pay', 'google_pay']).optional(),
  }),
  z.object({ method: z.literal('paypal') }),
]);
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>;

/**
 * `POST /api/checkout` body, with header `Idempotency-Key` (8-255 characters). The lines and
 * prices come from the visitor's server-side cart, never from this body.
 */
export const checkoutBodySchema = z.object({
  customer: customerSchema,
  billingAddress: billingAddressSchema.optional(),
  payment: paymentChoiceSchema,
  acceptTerms: z.literal(true, { error: 'terms' }),
  /** Interface language: the confirmation e-mail is written in it. */
  language: z.enum(LANGUAGE_CODES as [string, ...string[]]),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/**
 * Stripe asked for the customer's action (3-D Secure, `requires_action`; decision record 0019): the browser
 * runs `stripe.handleNextAction({ clientSecret })`, then asks the store to confirm the payment
 * (`POST /api/orders/{orderNumber}/payment/confirm`, or the portal's top-up equivalent). The order
 * stays `pending` until then; Stripe's webhook completes it if the browser never comes back.
 */
export const paymentActionSchema = z.object({ status: z.literal('requires_action'), clientSecret: z.string() });
export type PaymentAction = z.infer<typeof paymentActionSchema>;

/** The `Idempotency-Key` header (IETF draft): any printable ASCII, 8-255 characters. */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/**
 * `POST /api/checkout` response (201; a replay with the same key returns the same body).
 * `accessToken` is the portal access token in clear: returned only here and in the e-mail.
 */
export const checkoutResponseSchema = z.object({
  orderNumber: z.string(),
  accessToken: z.string(),
  payment: z.discriminatedUnion('status', [
    z.object({ status: z.literal('succeeded') }),
    /** PayPal: send the visitor to `approvalUrl`; they come back to `/checkout/success`. */
    z.object({ status: z.literal('requires_approval'), approvalUrl: z.string() }),
    /** {@link paymentActionSchema}: 3-D Secure in the browser, then `POST /api/orders/{orderNumber}/payment/confirm`. */
    paymentActionSchema,
  ]),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * The whole checkout form as the storefront holds it: contact, optional billing, method, card
 * fields when paying by card, and the terms box. Validates the same sub-schemas as the server.
 */
export const checkoutFormSchema = z
  .object({
    customer: customerSchema,
    wantsBillingAddress: z.boolean(),
    billingAddress: z.unknown(),
    paymentMethod: z.enum(['card', 'paypal']),
    card: z.unknown(),
    acceptTerms: z.boolean().refine((v) => v, 'terms'),
  })
  .superRefine((form, ctx) => {
    const check = (schema: z.ZodType, value: unknown, at: string) => {
      const result = schema.safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues)
          ctx.addIssue({ code: 'custom', path: [at, ...issue.path], message: issue.message });
      }
    };
    if (form.wantsBillingAddress) check(billingAddressSchema, form.billingAddress, 'billingAddress');
    if (form.paymentMethod === 'card') check(cardDetailsSchema, form.card, 'card');
  });
export type CheckoutForm = z.input<typeof checkoutFormSchema>;
