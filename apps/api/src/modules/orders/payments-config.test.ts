import { paymentsConfigSchema } from '@esim/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/helper.ts';
import { paymentsConfig } from './payments-config.routes.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('GET /api/payments/config', () => {
  it('on the default store: sandbox cards, the sandbox PayPal and the simulated wallets; public, cacheable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(paymentsConfigSchema.parse(res.json())).toEqual({
      card: { provider: 'sandbox' },
      paypal: true,
      wallets: { provider: 'sandbox' },
    });
  });

  it('with Stripe: the publishable key and the Stripe.js URL, never the secret key; PayPal as configured', () => {
    const config = testConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_secret123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public123',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_123456',
      STRIPE_JS_URL: 'http://127.0.0.1:5191/v3/',
    });
    const shown = paymentsConfig(config, false);
    expect(shown).toEqual({
      card: { provider: 'stripe', publishableKey: 'pk_test_public123', stripeJsUrl: 'http://127.0.0.1:5191/v3/' },
      paypal: false,
      wallets: { provider: 'stripe' },
    });
    expect(JSON.stringify(shown)).not.toContain('sk_test');
  });
});
