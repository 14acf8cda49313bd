import { type PaymentsConfig, paymentsConfigSchema } from '@esim/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/**
 * How the storefront takes payments here (contract `paymentsConfigSchema`): cards at
 * the sandbox or at Stripe (its publishable key and the Stripe.js URL, `STRIPE_JS_URL`), whether
 * PayPal is offered, and who simulates or offers the wallets. Holds no secret.
 * @param paypal whether PayPal is offered (`createPaymentProviders(...).paypal`, or the injected provider's).
 */
export function paymentsConfig(config: Config, paypal: boolean): PaymentsConfig {
  const { publishableKey, jsUrl } = config.stripe;
  const card: PaymentsConfig['card'] =
    config.paymentProvider === 'stripe' && publishableKey
      ? { provider: 'stripe', publishableKey, stripeJsUrl: jsUrl }
      : { provider: 'sandbox' };
  return { card, paypal, wallets: { provider: card.provider } };
}

/**
 * `GET /api/payments/config` -> {@link PaymentsConfig}: public, the same for everyone until the
 * next deployment, so `Cache-Control: public, max-age=300` (5 minutes). The checkout and top-up
 * pages read it before they render the payment fields.
 */
export const paymentsConfigRoutes: FastifyPluginAsyncZod<{ config: PaymentsConfig }> = async (app, { config }) => {
  const body = paymentsConfigSchema.parse(config);
  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary:
          'How this store takes payments: the card provider (sandbox or Stripe with its publishable key), PayPal, wallets',
        response: { 200: paymentsConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
};
