import { z } from 'zod';

/**
 * `GET /api/payments/config` (decision record 0019): how the storefront takes payments on this store, read
 * by the checkout and top-up pages before they render the payment fields. Public, cacheable
 * (it holds no secret: a Stripe publishable key is meant for browsers).
 *
 * - `card.provider: 'sandbox'`: the store's own card fields, tokenised at
 *   `POST /api/payments/sandbox/tokens` (Stripe's test cards).
 * - `card.provider: 'stripe'`: Stripe's Payment Element (an iframe of Stripe's), loaded from
 *   `stripeJsUrl` with `publishableKey`; no card field of the store's (PCI DSS SAQ A). The
 *   browser sends a ConfirmationToken (`ctoken_…`) as the checkout's card `token`.
 * - `paypal`: whether PayPal is offered at all.
 * - `wallets`: Apple Pay and Google Pay through the card provider:
 *   `stripe` (Express Checkout Element, shown only where the device and browser support a wallet)
 *   or `sandbox` (a simulated wallet sheet, so the flow can be tried without Stripe).
 */
export const paymentsConfigSchema = z.object({
  card: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox') }),
    z.object({ provider: z.literal('stripe'), publishableKey: z.string(), stripeJsUrl: z.string() }),
  ]),
  paypal: z.boolean(),
  wallets: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** The wallets a card payment may come from (`payment.wallet` of a checkout or top-up). */
export const WALLETS = ['apple_pay', 'google_pay'] as const;
export type Wallet = (typeof WALLETS)[number];
