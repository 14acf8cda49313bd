import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CREDENTIALS } from '../../../../test/fakes/credentials.ts';
import { type PaypalFake, startPaypalFake } from '../../../../test/fakes/paypal-fake.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import { paypalRequestId, toPaypalValue } from './paypal-client.ts';
import { PaypalPaymentProvider } from './paypal-provider.ts';

/**
 * Contract tests of the PayPal REST adapter against the local PayPal fake: token cache and refresh, create / approve / capture, capture before approval,
 * declined funding, already captured, refunds, error paths, webhook verification by postback.
 */

let fake: PaypalFake;
/** Webhook deliveries the fake made, as a store would receive them. */
const received: { headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
let hook: ReturnType<typeof createServer>;

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  fake = await startPaypalFake({
    clientId: FAKE_CREDENTIALS.paypalClientId,
    clientSecret: FAKE_CREDENTIALS.paypalClientSecret,
    webhookId: FAKE_CREDENTIALS.paypalWebhookId,
    webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
  });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => hook.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

function adapter(overrides: Partial<ConstructorParameters<typeof PaypalPaymentProvider>[0]> = {}) {
  return new PaypalPaymentProvider({
    clientId: FAKE_CREDENTIALS.paypalClientId,
    clientSecret: FAKE_CREDENTIALS.paypalClientSecret,
    baseUrl: fake.url,
    timeoutMs: 2_000,
    publicUrl: 'https://shop.example',
    ...overrides,
  });
}

let keys = 0;
const newKey = () => `checkout:ORD-TEST-${Date.now()}-${++keys}`;

async function createOrder(paypal: PaypalPaymentProvider, key = newKey(), amountCents = 1299) {
  const result = await paypal.createPaypalOrder({
    idempotencyKey: key,
    amountCents,
    currency: 'USD',
    description: 'Roamwise order ORD-TEST',
    returnUrl: '/checkout/success?order=ORD-TEST',
    cancelUrl: '/checkout?paypal=cancelled&order=ORD-TEST',
  });
  if (result.status !== 'requires_approval') throw new Error(`unexpected ${result.status}`);
  return result;
}

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('money and request ids', () => {
  it('writes cents as PayPal decimal strings', () => {
    expect(toPaypalValue(1299, 'USD')).toBe('12.99');
    expect(toPaypalValue(5, 'USD')).toBe('0.05');
    expect(toPaypalValue(100, 'EUR')).toBe('1.00');
    expect(() => toPaypalValue(100, 'JPY')).toThrow(PaymentProviderError);
  });

  it('keeps short keys and hashes long ones to at most 108 characters', () => {
    expect(paypalRequestId('checkout:ORD-1')).toBe('checkout:ORD-1');
    const long = paypalRequestId('k'.repeat(200));
    expect(long.length).toBeLessThanOrEqual(108);
    expect(long).toBe(paypalRequestId('k'.repeat(200)));
    expect(long).not.toBe(paypalRequestId('k'.repeat(201)));
    expect(paypalRequestId('key with spaces')).toMatch(/^sha256-/);
  });
});

describe('OAuth token', () => {
  it('is fetched once and cached across calls', async () => {
    const paypal = adapter();
    await createOrder(paypal);
    await createOrder(paypal);
    expect(paypal.client.tokenRequests).toBe(1);
  });

  it('is renewed shortly before expires_in runs out', async () => {
    let now = Date.now();
    const paypal = adapter({ now: () => now });
    await createOrder(paypal);
    now += (32_400 - 200) * 1000; // within the last 5 minutes of the token's 9 hours
    await createOrder(paypal);
    expect(paypal.client.tokenRequests).toBe(2);
  });

  it('is refreshed once when PayPal answers 401 (revoked token), and the call succeeds', async () => {
    const paypal = adapter();
    await createOrder(paypal);
    fake.expireTokens();
    const second = await createOrder(paypal);
    expect(second.reference).toMatch(/^[0-9A-Z]{17}$/);
    expect(paypal.client.tokenRequests).toBe(2);
  });

  it('refused credentials are a non-retryable provider error', async () => {
    const error = await rejection(createOrder(adapter({ clientSecret: 'wrong-secret-0000' })));
    expect(error.retryable).toBe(false);
  });

  it('shares one token request among concurrent calls', async () => {
    const paypal = adapter();
    await Promise.all([createOrder(paypal), createOrder(paypal), createOrder(paypal)]);
    expect(paypal.client.tokenRequests).toBe(1);
  });
});

describe('create, approve, capture', () => {
  it('creates an order awaiting the payer with absolute return/cancel URLs and the amount as a string', async () => {
    const result = await createOrder(adapter(), newKey(), 1299);
    expect(result.approvalUrl).toBe(`${fake.url}/checkoutnow?token=${result.reference}`);
    const order = fake.orders.get(result.reference)!;
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.returnUrl).toBe('https://shop.example/checkout/success?order=ORD-TEST');
    expect(order.cancelUrl).toBe('https://shop.example/checkout?paypal=cancelled&order=ORD-TEST');
    expect(order.purchaseUnits[0]!.amount).toEqual({ currency_code: 'USD', value: '12.99' });
  });

  it('the same idempotency key returns the same PayPal order (PayPal-Request-Id replay)', async () => {
    const paypal = adapter();
    const key = newKey();
    const first = await createOrder(paypal, key);
    const again = await createOrder(paypal, key);
    expect(again.reference).toBe(first.reference);
  });

  it('a key longer than 108 characters still creates exactly one order', async () => {
    const paypal = adapter();
    const key = `checkout:${'x'.repeat(150)}`;
    const first = await createOrder(paypal, key);
    expect((await createOrder(paypal, key)).reference).toBe(first.reference);
  });

  it('refuses a relative URL that is not a store path', async () => {
    const error = await rejection(
      adapter().createPaypalOrder({
        idempotencyKey: newKey(),
        amountCents: 100,
        currency: 'USD',
        description: 'x',
        returnUrl: 'javascript:alert(1)',
        cancelUrl: '/c',
      }),
    );
    expect(error.retryable).toBe(false);
  });

  it('capture before approval → requires_approval (nothing captured)', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    const result = await paypal.capturePaypalOrder(reference);
    expect(result).toMatchObject({
      status: 'requires_approval',
      reference,
      approvalUrl: `${fake.url}/checkoutnow?token=${reference}`,
    });
    expect(fake.orders.get(reference)!.capture).toBeUndefined();
  });

  it('approve → capture succeeds with the PayPal order id as reference; capturing again replays it', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    expect(await paypal.capturePaypalOrder(reference)).toEqual({
      status: 'succeeded',
      reference,
      cardBrand: null,
      cardLast4: null,
    });
    expect(await paypal.capturePaypalOrder(reference)).toEqual({
      status: 'succeeded',
      reference,
      cardBrand: null,
      cardLast4: null,
    });
    expect(fake.orders.get(reference)!.capture!.status).toBe('COMPLETED');
  });

  it('ORDER_ALREADY_CAPTURED (captured under another request id) → reads the capture back: succeeded', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    // Another process captured it with its own request id.
    const other = adapter();
    await other.client.request({
      method: 'POST',
      path: `/v2/checkout/orders/${reference}/capture`,
      body: {},
      requestId: 'someone-else',
    });
    expect(await paypal.capturePaypalOrder(reference)).toMatchObject({ status: 'succeeded', reference });
  });

  it('declined funding → failed paypal_declined, and nothing captured', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'decline-funding');
    const result = await paypal.capturePaypalOrder(reference);
    expect(result).toMatchObject({ status: 'failed', reference, failure: { code: 'paypal_declined' } });
    expect(fake.orders.get(reference)!.capture).toBeUndefined();
  });

  it('a capture PENDING at PayPal is not a success: requires_approval (the webhook settles it later)', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    await fetch(`${fake.url}/__fake/next-capture`, { method: 'POST', body: JSON.stringify({ status: 'PENDING' }) });
    expect((await paypal.capturePaypalOrder(reference)).status).toBe('requires_approval');
  });

  it('a DECLINED capture inside a COMPLETED order is a failure (the capture status decides)', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    await fetch(`${fake.url}/__fake/next-capture`, { method: 'POST', body: JSON.stringify({ status: 'DECLINED' }) });
    const result = await paypal.capturePaypalOrder(reference);
    expect(fake.orders.get(reference)!.status).toBe('COMPLETED');
    expect(result).toMatchObject({ status: 'failed', failure: { code: 'paypal_declined' } });
  });

  it('the approval page offers Approve, Decline funding and Cancel; Cancel goes back to cancel_url with the token', async () => {
    const paypal = adapter();
    const { reference, approvalUrl } = await createOrder(paypal);
    const page = await (await fetch(approvalUrl)).text();
    for (const label of ['Approve', 'Decline funding', 'Cancel']) expect(page).toContain(`>${label}</button>`);
    const res = await fetch(`${fake.url}/checkoutnow/decide`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${reference}&action=cancel`,
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `https://shop.example/checkout?paypal=cancelled&order=ORD-TEST&token=${reference}`,
    );
    expect((await paypal.capturePaypalOrder(reference)).status).toBe('requires_approval');
  });

  it('Approve on the page redirects to return_url with token and PayerID', async () => {
    const { reference } = await createOrder(adapter());
    const res = await fetch(`${fake.url}/checkoutnow/decide`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${reference}&action=approve`,
      redirect: 'manual',
    });
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.example/checkout/success');
    expect(location.searchParams.get('token')).toBe(reference);
    expect(location.searchParams.get('PayerID')).toMatch(/^[0-9A-Z]+$/);
  });
});

describe('errors', () => {
  it('5xx and 429 are retryable provider errors', async () => {
    const paypal = adapter();
    await createOrder(paypal); // token cached first
    fake.failNext({ status: 500, path: '/v2/checkout/orders' });
    expect((await rejection(createOrder(paypal))).retryable).toBe(true);
    fake.failNext({ status: 503, path: '/v2/checkout/orders' });
    expect((await rejection(createOrder(paypal))).retryable).toBe(true);
    fake.failNext({ status: 429, path: '/v2/checkout/orders' });
    expect((await rejection(createOrder(paypal))).retryable).toBe(true);
  });

  it('ORDER_COMPLETION_IN_PROGRESS is retryable', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    fake.failNext({ status: 422, issue: 'ORDER_COMPLETION_IN_PROGRESS', path: '/capture' });
    expect((await rejection(paypal.capturePaypalOrder(reference))).retryable).toBe(true);
    expect((await paypal.capturePaypalOrder(reference)).status).toBe('succeeded');
  });

  it('other capture refusals (TRANSACTION_REFUSED) → failed payment_failed', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    fake.failNext({ status: 422, issue: 'TRANSACTION_REFUSED', path: '/capture' });
    expect(await paypal.capturePaypalOrder(reference)).toMatchObject({
      status: 'failed',
      failure: { code: 'payment_failed' },
    });
  });

  it('a time-out is a retryable provider error', async () => {
    const paypal = adapter({ timeoutMs: 200 });
    await createOrder(paypal);
    fake.failNext({ delayMs: 600, path: '/v2/checkout/orders' });
    const error = await rejection(createOrder(paypal));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/did not answer within 200 ms/);
  });

  it('an unreachable PayPal is a retryable provider error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await rejection(createOrder(adapter({ baseUrl: `http://127.0.0.1:${port}` })))).retryable).toBe(true);
  });

  it('an unknown order (404) is not retryable', async () => {
    expect((await rejection(adapter().capturePaypalOrder('0000000000000000X'))).retryable).toBe(false);
  });

  it('cards are not PayPal: chargeCard and confirmCardPayment throw, not retryable', async () => {
    const paypal = adapter();
    expect(
      (
        await rejection(
          paypal.chargeCard({ idempotencyKey: 'k', amountCents: 1, currency: 'USD', description: 'd', token: 't' }),
        )
      ).retryable,
    ).toBe(false);
    expect((await rejection(paypal.confirmCardPayment('pi_123'))).retryable).toBe(false);
  });

  it('owns PayPal order and capture ids only', () => {
    const paypal = adapter();
    expect(paypal.ownsReference('5O190127TN364715T')).toBe(true);
    expect(paypal.ownsReference('pi_3MtwBwLkdIwHu7ix28a3tqPa')).toBe(false);
    expect(paypal.ownsReference('ch_3MtwBwLkdIwHu7ix28a3tqPa')).toBe(false);
  });
});

describe('refunds', () => {
  async function captured(amountCents = 2000) {
    const paypal = adapter();
    const { reference } = await createOrder(paypal, newKey(), amountCents);
    await fake.decide(reference, 'approve');
    await paypal.capturePaypalOrder(reference);
    return { paypal, reference, capture: fake.orders.get(reference)!.capture! };
  }

  it('partial then the rest; then nothing remains (failed with the reason)', async () => {
    const { paypal, reference, capture } = await captured(2000);
    const first = await paypal.refund({
      chargeReference: reference,
      amountCents: 500,
      idempotencyKey: `refund:${reference}:1`,
    });
    expect(first).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^[0-9A-Z]{17}$/) });
    expect(capture.status).toBe('PARTIALLY_REFUNDED');
    const rest = await paypal.refund({
      chargeReference: reference,
      amountCents: 1500,
      idempotencyKey: `refund:${reference}:2`,
    });
    expect(rest.status).toBe('succeeded');
    expect(capture.status).toBe('REFUNDED');
    const more = await paypal.refund({
      chargeReference: reference,
      amountCents: 1,
      idempotencyKey: `refund:${reference}:3`,
    });
    expect(more).toMatchObject({
      status: 'failed',
      failureMessage: 'The PayPal payment has already been refunded in full.',
    });
  });

  it('more than remains → failed (REFUND_AMOUNT_EXCEEDED), nothing refunded', async () => {
    const { paypal, reference, capture } = await captured(1000);
    const result = await paypal.refund({
      chargeReference: reference,
      amountCents: 1001,
      idempotencyKey: `refund:${reference}:over`,
    });
    expect(result).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/exceeds what remains/) });
    expect(capture.refundedCents).toBe(0);
  });

  it('the same key refunds once and replays the refund; another amount under it throws', async () => {
    const { paypal, reference, capture } = await captured(1000);
    const key = `refund:${reference}:same`;
    const first = await paypal.refund({ chargeReference: reference, amountCents: 300, idempotencyKey: key });
    const again = await paypal.refund({ chargeReference: reference, amountCents: 300, idempotencyKey: key });
    expect(again).toEqual(first);
    expect(capture.refundedCents).toBe(300);
    const error = await rejection(paypal.refund({ chargeReference: reference, amountCents: 400, idempotencyKey: key }));
    expect(error.retryable).toBe(false);
    expect(capture.refundedCents).toBe(300);
  });

  it('a capture id works as the reference too; an unknown id throws (not retryable)', async () => {
    const { paypal, capture } = await captured(1000);
    expect(
      (await paypal.refund({ chargeReference: capture.id, amountCents: 1000, idempotencyKey: `refund:${capture.id}` }))
        .status,
    ).toBe('succeeded');
    expect(
      (
        await rejection(
          paypal.refund({ chargeReference: 'ZZZZZZZZZZZZZZZZZ', amountCents: 1, idempotencyKey: 'k-unknown' }),
        )
      ).retryable,
    ).toBe(false);
  });

  it('an order never captured has nothing to refund', async () => {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    expect(
      await paypal.refund({ chargeReference: reference, amountCents: 100, idempotencyKey: `refund:${reference}` }),
    ).toMatchObject({ status: 'failed' });
  });

  it('5xx on refund is retryable, and the retry with the same key refunds once', async () => {
    const { paypal, reference, capture } = await captured(1000);
    fake.failNext({ status: 500, path: '/refund' });
    const key = `refund:${reference}:retry`;
    expect(
      (await rejection(paypal.refund({ chargeReference: reference, amountCents: 1000, idempotencyKey: key })))
        .retryable,
    ).toBe(true);
    expect((await paypal.refund({ chargeReference: reference, amountCents: 1000, idempotencyKey: key })).status).toBe(
      'succeeded',
    );
    expect(capture.refundedCents).toBe(1000);
  });
});

describe('webhook verification by postback', () => {
  async function delivery() {
    const paypal = adapter();
    const { reference } = await createOrder(paypal);
    await fake.decide(reference, 'approve');
    await fake.settled();
    const hit = received.at(-1)!;
    const header = (name: string) => String(hit.headers[name]);
    return {
      paypal,
      reference,
      body: hit.body,
      headers: {
        authAlgo: header('paypal-auth-algo'),
        certUrl: header('paypal-cert-url'),
        transmissionId: header('paypal-transmission-id'),
        transmissionSig: header('paypal-transmission-sig'),
        transmissionTime: header('paypal-transmission-time'),
      },
    };
  }

  it('a delivery the fake sent verifies (SUCCESS), with the raw body spliced in', async () => {
    const { paypal, body, headers, reference } = await delivery();
    expect(JSON.parse(body.toString()).event_type).toBe('CHECKOUT.ORDER.APPROVED');
    expect(JSON.parse(body.toString()).resource.id).toBe(reference);
    expect(
      await paypal.verifyWebhookSignature({ headers, webhookId: FAKE_CREDENTIALS.paypalWebhookId, rawBody: body }),
    ).toBe(true);
  });

  it('a tampered body, a forged signature, another webhook id or an unknown transmission fail', async () => {
    const { paypal, body, headers } = await delivery();
    const webhookId = FAKE_CREDENTIALS.paypalWebhookId;
    const tampered = Buffer.from(body.toString().replace('CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED'));
    expect(await paypal.verifyWebhookSignature({ headers, webhookId, rawBody: tampered })).toBe(false);
    expect(
      await paypal.verifyWebhookSignature({
        headers: { ...headers, transmissionSig: 'AAAA' },
        webhookId,
        rawBody: body,
      }),
    ).toBe(false);
    expect(await paypal.verifyWebhookSignature({ headers, webhookId: 'WH-OTHER', rawBody: body })).toBe(false);
    expect(
      await paypal.verifyWebhookSignature({
        headers: { ...headers, transmissionId: 'c0ffee00-0000-0000-0000-000000000000' },
        webhookId,
        rawBody: body,
      }),
    ).toBe(false);
  });

  it('PayPal unreachable during verification is a retryable error', async () => {
    const { paypal, body, headers } = await delivery();
    fake.failNext({ status: 503, path: '/verify-webhook-signature' });
    const error = await rejection(
      paypal.verifyWebhookSignature({ headers, webhookId: FAKE_CREDENTIALS.paypalWebhookId, rawBody: body }),
    );
    expect(error.retryable).toBe(true);
  });

  it('capture and refund emit PAYMENT.CAPTURE.COMPLETED and PAYMENT.CAPTURE.REFUNDED with the order id', async () => {
    const { paypal, reference } = await delivery();
    await paypal.capturePaypalOrder(reference);
    await paypal.refund({ chargeReference: reference, amountCents: 100, idempotencyKey: `refund:${reference}:hook` });
    await fake.settled();
    const types = received.map(
      (r) =>
        JSON.parse(r.body.toString()) as {
          event_type: string;
          resource: { supplementary_data?: { related_ids?: { order_id?: string } } };
        },
    );
    const completed = types.find((e) => e.event_type === 'PAYMENT.CAPTURE.COMPLETED')!;
    expect(completed.resource.supplementary_data?.related_ids?.order_id).toBe(reference);
    expect(types.some((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED')).toBe(true);
  });
});
