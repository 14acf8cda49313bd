import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CREDENTIALS } from '../../../../test/fakes/credentials.ts';
import { type StripeFake, startStripeFake } from '../../../../test/fakes/stripe-fake.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

/**
 * Contract tests of the Stripe adapter against the local Stripe fake: every outcome and error path of `chargeCard`, `confirmCardPayment` and `refund`.
 */
let fake: StripeFake;
let stripe: StripePaymentProvider;

const provider = (overrides: { secretKey?: string; timeoutMs?: number; maxNetworkRetries?: number } = {}) =>
  new StripePaymentProvider({
    secretKey: overrides.secretKey ?? FAKE_CREDENTIALS.stripeSecretKey,
    apiUrl: fake.url,
    timeoutMs: overrides.timeoutMs ?? 5000,
    publicUrl: 'http://127.0.0.1:5181',
    maxNetworkRetries: overrides.maxNetworkRetries ?? 0,
  });

async function post(path: string, form: Record<string, string>, key: string = FAKE_CREDENTIALS.stripeSecretKey) {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A ConfirmationToken for a `pm_card_*` test PaymentMethod (`POST /v1/test_helpers/confirmation_tokens`). */
async function token(paymentMethod = 'pm_card_visa'): Promise<string> {
  const { status, body } = await post('/v1/test_helpers/confirmation_tokens', { payment_method: paymentMethod });
  expect(status).toBe(200);
  return body.id as string;
}

async function control(path: string, body: unknown) {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

let keys = 0;
const charge = (tok: string, overrides: Partial<{ idempotencyKey: string; amountCents: number }> = {}) =>
  stripe.chargeCard({
    idempotencyKey: overrides.idempotencyKey ?? `checkout:test-${++keys}-${Date.now()}`,
    amountCents: overrides.amountCents ?? 1299,
    currency: 'USD',
    description: 'Roamwise order ORD-0123456789AB',
    token: tok,
  });

beforeAll(async () => {
  fake = await startStripeFake({
    secretKey: FAKE_CREDENTIALS.stripeSecretKey,
    publishableKey: FAKE_CREDENTIALS.stripePublishableKey,
    webhookSecret: FAKE_CREDENTIALS.stripeWebhookSecret,
  });
  stripe = provider();
});
afterAll(() => fake.close());

describe('StripePaymentProvider.chargeCard', () => {
  it('charges a card: PaymentIntent confirmed with the ConfirmationToken, lower-case currency, metadata, brand and last four', async () => {
    const result = await charge(await token('pm_card_visa'));
    expect(result).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    const pi = fake.paymentIntents().find((p) => p.id === result.reference)!;
    expect(pi).toMatchObject({
      amount: 1299,
      currency: 'usd',
      status: 'succeeded',
      description: 'Roamwise order ORD-0123456789AB',
      metadata: { order: 'ORD-0123456789AB' },
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(stripe.ownsReference(result.reference)).toBe(true);
    expect(stripe.ownsReference('PAYPAL-123')).toBe(false);
  });

  it('charges once per idempotency key: a repeat replays the first PaymentIntent', async () => {
    const key = `checkout:replay-${Date.now()}`;
    const tok = await token('pm_card_mastercard');
    const first = await charge(tok, { idempotencyKey: key });
    const again = await charge(tok, { idempotencyKey: key });
    expect(again).toEqual(first);
    expect(fake.paymentIntents().filter((p) => p.metadata.idempotency_key === key)).toHaveLength(1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'Your card has expired.'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('maps the 402 card error of %s to failed %s', async (pm, code, message) => {
    const result = await charge(await token(pm));
    expect(result).toMatchObject({ status: 'failed', failure: { code, message } });
    expect(result.reference).toMatch(/^pi_/);
  });

  it('refuses an unknown or already used ConfirmationToken as invalid_token (the customer enters the card again)', async () => {
    expect(await charge('ctoken_unknown0000')).toMatchObject({ status: 'failed', failure: { code: 'invalid_token' } });
    const tok = await token();
    expect((await charge(tok)).status).toBe('succeeded');
    expect(await charge(tok)).toMatchObject({ status: 'failed', failure: { code: 'invalid_token' } });
  });

  it('3-D Secure: requires_action with the client secret, then succeeded once the challenge is completed', async () => {
    const result = await charge(await token('pm_card_authenticationRequired'));
    expect(result).toMatchObject({ status: 'requires_action' });
    if (result.status !== 'requires_action') throw new Error('unreachable');
    expect(result.clientSecret).toMatch(new RegExp(`^${result.reference}_secret_`));
    expect(await stripe.confirmCardPayment(result.reference)).toMatchObject({ status: 'requires_action' });
    const page = await fetch(`${fake.url}/3ds/${result.reference}`);
    expect(await page.text()).toContain('Complete authentication');
    const done = await fetch(`${fake.url}/3ds/${result.reference}/complete`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    expect(await done.json()).toMatchObject({ status: 'succeeded' });
    expect(await stripe.confirmCardPayment(result.reference)).toEqual({
      status: 'succeeded',
      reference: result.reference,
      cardBrand: 'visa',
      cardLast4: '3184',
    });
  });

  it('3-D Secure failed: the PaymentIntent needs another payment method, the charge is failed authentication_failed', async () => {
    const result = await charge(await token('pm_card_authenticationRequired'));
    fake.authenticate(result.reference, false);
    expect(await stripe.confirmCardPayment(result.reference)).toMatchObject({
      status: 'failed',
      failure: { code: 'authentication_failed' },
    });
  });

  it('a resumed checkout (replayed requires_action) reads the PaymentIntent again and sees it paid', async () => {
    const key = `checkout:resume-${Date.now()}`;
    const tok = await token('pm_card_authenticationRequired');
    const first = await charge(tok, { idempotencyKey: key });
    fake.authenticate(first.reference, true);
    expect(await charge(tok, { idempotencyKey: key })).toMatchObject({
      status: 'succeeded',
      reference: first.reference,
    });
  });

  it('processing is pending like requires_action until the PaymentIntent settles', async () => {
    const result = await charge(await token('pm_fake_processing'));
    expect(result.status).toBe('requires_action');
    await control(`/__fake/payment_intents/${result.reference}/settle`, { outcome: 'succeeded' });
    expect((await stripe.confirmCardPayment(result.reference)).status).toBe('succeeded');
  });

  it('5xx and 429 are retryable provider errors; the SDK retries a 5xx with the same key and charges once', async () => {
    await control('/__fake/fail-next', { status: 500, count: 1, path: '/v1/payment_intents' });
    const down = await charge(await token()).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(PaymentProviderError);
    expect((down as PaymentProviderError).retryable).toBe(true);

    await control('/__fake/fail-next', { status: 429, count: 1, path: '/v1/payment_intents' });
    const limited = await charge(await token()).catch((e: unknown) => e);
    expect((limited as PaymentProviderError).retryable).toBe(true);

    const key = `checkout:retried-${Date.now()}`;
    await control('/__fake/fail-next', { status: 503, count: 1, path: '/v1/payment_intents' });
    const retrying = new StripePaymentProvider({ ...stripe.options, maxNetworkRetries: 1 });
    const result = await retrying.chargeCard({
      idempotencyKey: key,
      amountCents: 500,
      currency: 'USD',
      description: 'x',
      token: await token(),
    });
    expect(result.status).toBe('succeeded');
    expect(fake.paymentIntents().filter((p) => p.metadata.idempotency_key === key)).toHaveLength(1);
  });

  it('a time-out is retryable, and the retry with the same key replays the charge the slow call made (no second charge)', async () => {
    const key = `checkout:timeout-${Date.now()}`;
    const tok = await token();
    await control('/__fake/fail-next', { status: 'timeout', count: 1, path: '/v1/payment_intents', delayMs: 600 });
    const impatient = provider({ timeoutMs: 200 });
    const timedOut = await impatient
      .chargeCard({ idempotencyKey: key, amountCents: 700, currency: 'USD', description: 'x', token: tok })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(PaymentProviderError);
    expect((timedOut as PaymentProviderError).retryable).toBe(true);
    await new Promise((r) => setTimeout(r, 700));
    const retried = await stripe.chargeCard({
      idempotencyKey: key,
      amountCents: 700,
      currency: 'USD',
      description: 'x',
      token: tok,
    });
    expect(retried.status).toBe('succeeded');
    expect(fake.paymentIntents().filter((p) => p.metadata.idempotency_key === key)).toHaveLength(1);
  });

  it('a wrong secret key (401) and a key reused with other parameters (400 idempotency_error) are not retryable', async () => {
    const wrong = await provider({ secretKey: 'sk_test_wrong' })
      .chargeCard({
        idempotencyKey: 'k-12345678',
        amountCents: 100,
        currency: 'USD',
        description: 'x',
        token: 'ctoken_x',
      })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(PaymentProviderError);
    expect((wrong as PaymentProviderError).retryable).toBe(false);

    const key = `checkout:reused-${Date.now()}`;
    await charge(await token(), { idempotencyKey: key, amountCents: 1000 });
    const reused = await charge(await token(), { idempotencyKey: key, amountCents: 2000 }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(PaymentProviderError);
    expect((reused as PaymentProviderError).retryable).toBe(false);
  });

  it('an unknown PaymentIntent cannot be confirmed (not retryable); Stripe unreachable is retryable', async () => {
    const unknown = await stripe.confirmCardPayment('pi_unknown').catch((e: unknown) => e);
    expect((unknown as PaymentProviderError).retryable).toBe(false);
    const closed = new StripePaymentProvider({ ...stripe.options, apiUrl: 'http://127.0.0.1:9' });
    const unreachable = await closed.confirmCardPayment('pi_x').catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(PaymentProviderError);
    expect((unreachable as PaymentProviderError).retryable).toBe(true);
  });

  it('does not take PayPal', async () => {
    await expect(
      stripe.createPaypalOrder({
        idempotencyKey: 'k-12345678',
        amountCents: 1,
        currency: 'USD',
        description: 'x',
        returnUrl: '/',
        cancelUrl: '/',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(stripe.capturePaypalOrder('x')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('StripePaymentProvider.refund', () => {
  it('refunds in part, then the rest; over-refunds and refunds of a refunded charge fail with Stripe message; a repeat key replays', async () => {
    const paid = await charge(await token(), { amountCents: 2000 });
    const part = await stripe.refund({
      chargeReference: paid.reference,
      amountCents: 500,
      idempotencyKey: `refund:${paid.reference}:1`,
    });
    expect(part).toMatchObject({ status: 'succeeded' });
    expect(part.reference).toMatch(/^re_/);
    expect(
      await stripe.refund({
        chargeReference: paid.reference,
        amountCents: 500,
        idempotencyKey: `refund:${paid.reference}:1`,
      }),
    ).toEqual(part);
    const over = await stripe.refund({
      chargeReference: paid.reference,
      amountCents: 1600,
      idempotencyKey: `refund:${paid.reference}:2`,
    });
    expect(over).toEqual({
      status: 'failed',
      reference: '',
      failureMessage: 'Refund amount ($16.00) is greater than unrefunded amount on charge ($15.00)',
    });
    expect(
      (
        await stripe.refund({
          chargeReference: paid.reference,
          amountCents: 1500,
          idempotencyKey: `refund:${paid.reference}:3`,
        })
      ).status,
    ).toBe('succeeded');
    const again = await stripe.refund({
      chargeReference: paid.reference,
      amountCents: 1,
      idempotencyKey: `refund:${paid.reference}:4`,
    });
    expect(again.status).toBe('failed');
    expect(again.failureMessage).toMatch(/already been refunded/);
  });

  it('refuses to refund an unsettled payment (failed) and an unknown one (not retryable)', async () => {
    const waiting = await charge(await token('pm_card_authenticationRequired'));
    expect(
      (
        await stripe.refund({
          chargeReference: waiting.reference,
          amountCents: 100,
          idempotencyKey: `refund:${waiting.reference}`,
        })
      ).status,
    ).toBe('failed');
    const unknown = await stripe
      .refund({ chargeReference: 'pi_unknown', amountCents: 100, idempotencyKey: 'refund:unknown' })
      .catch((e: unknown) => e);
    expect((unknown as PaymentProviderError).retryable).toBe(false);
  });
});

describe('the fake, browser side', () => {
  it('mints ConfirmationTokens from card fields with the publishable key only, refusing unusable cards with card errors', async () => {
    // As the stand-in's card frame sends it (./stripe-js/frames.js).
    const card = {
      key: FAKE_CREDENTIALS.stripePublishableKey,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4000002760003184',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2040',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Ada Lovelace',
    };
    const ok = await post('/v1/confirmation_tokens', card, FAKE_CREDENTIALS.stripePublishableKey);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      object: 'confirmation_token',
      payment_method_preview: { card: { brand: 'visa', last4: '3184', wallet: null } },
    });
    expect((await charge(ok.body.id as string)).status).toBe('requires_action');
    const wallet = await post(
      '/v1/confirmation_tokens',
      {
        key: FAKE_CREDENTIALS.stripePublishableKey,
        'payment_method_data[type]': 'card',
        'payment_method_data[wallet][type]': 'google_pay',
      },
      FAKE_CREDENTIALS.stripePublishableKey,
    );
    expect(wallet.body).toMatchObject({
      payment_method_preview: { card: { last4: '4242', wallet: { type: 'google_pay' } } },
    });
    expect(await charge(wallet.body.id as string)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    const bad = await post(
      '/v1/confirmation_tokens',
      { ...card, 'payment_method_data[card][number]': '4242424242424241' },
      FAKE_CREDENTIALS.stripePublishableKey,
    );
    expect(bad).toMatchObject({ status: 402, body: { error: { type: 'card_error', code: 'incorrect_number' } } });
    expect((await post('/v1/confirmation_tokens', card, 'pk_test_other')).status).toBe(401);
    // The publishable key cannot create PaymentIntents.
    expect(
      (await post('/v1/payment_intents', { amount: '100', currency: 'usd' }, FAKE_CREDENTIALS.stripePublishableKey))
        .status,
    ).toBe(401);
  });
});
