import { checkoutResponseSchema } from '@esim/contract/checkout';
import { orderViewSchema } from '@esim/contract/order';
import { paymentsConfigSchema } from '@esim/contract/payments';
import { portalTopupSchema, portalViewSchema, topupResponseSchema } from '@esim/contract/portal';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { orderEvents, orderStatusChanges, orders } from './orders.schema.ts';
import { webhookEvents } from '../../lib/platform.schema.ts';
import { FAKE_CREDENTIALS } from '../../../test/fakes/credentials.ts';
import { type StripeFake, startStripeFake } from '../../../test/fakes/stripe-fake.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { checkoutBody, client, newKey, newSession } from '../../../test/orders-fixtures.ts';

/**
 * The store with `PAYMENT_PROVIDER=stripe` against the local Stripe fake: checkout
 * with and without 3-D Secure, the browser's confirmation, the webhook (signature, tolerance,
 * rotation, each event once, the order completed when the browser never came back), the race of
 * the two, a payment completed after its order was superseded (refunded), top-ups, and
 * `GET /api/payments/config`.
 */
let fake: StripeFake;
let app: FastifyInstance;
let services: AppServices;
let database: Database;
let api: ReturnType<typeof client>;
let products: number[];

const secret = FAKE_CREDENTIALS.stripeWebhookSecret;

beforeAll(async () => {
  fake = await startStripeFake({
    secretKey: FAKE_CREDENTIALS.stripeSecretKey,
    publishableKey: FAKE_CREDENTIALS.stripePublishableKey,
    webhookSecret: secret,
  });
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_CREDENTIALS.stripeSecretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_CREDENTIALS.stripePublishableKey,
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: fake.url,
      STRIPE_JS_URL: fake.jsUrl,
    }),
    database,
    serveWeb: false,
    jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
  }));
  await services.catalog.ensureSeeded();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  fake.setWebhookUrl(`${address}/api/webhooks/stripe`);
  api = client(app);
  const res = await app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' });
  products = res.json<{ products: { productId: number }[] }>().products.map((p) => p.productId);
});

afterAll(async () => {
  await services.jobs.stop();
  await app.close();
  await database.close();
  await fake.close();
});

beforeEach(async () => {
  await fake.flushWebhooks();
  await control('/__fake/webhooks/pause', { paused: false });
});

async function control(path: string, body: unknown) {
  const res = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

/** A ConfirmationToken for a `pm_card_*` test PaymentMethod, as the Payment Element makes one. */
async function ctoken(paymentMethod = 'pm_card_visa'): Promise<string> {
  const res = await fetch(`${fake.url}/v1/test_helpers/confirmation_tokens`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${FAKE_CREDENTIALS.stripeSecretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `payment_method=${paymentMethod}`,
  });
  return ((await res.json()) as { id: string }).id;
}

async function checkout(paymentMethod: string, session = newSession(), fill = true) {
  if (fill) await api.addToCart(session, products[0]!, 1);
  const res = await api.checkout(
    session,
    newKey(),
    checkoutBody({ method: 'card', token: await ctoken(paymentMethod) }),
  );
  return { session, res };
}

const confirm = (orderNumber: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/payment/confirm`, headers });

async function orderRow(orderNumber: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

const statusChanges = async (orderId: number) =>
  database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId));

/** A signed delivery of `event` to the webhook route (`generateTestHeaderString`: `t=…,v1=…`). */
function deliver(event: unknown, opts: { timestamp?: number; signature?: string; payload?: string } = {}) {
  const payload = opts.payload ?? JSON.stringify(event);
  const signature =
    opts.signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  } as InjectOptions);
}

const piEvent = (type: string, pi: string, id = `evt_test_${Math.random().toString(36).slice(2)}`) => ({
  id,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: pi, object: 'payment_intent' } },
});

describe('GET /api/payments/config', () => {
  it('tells the storefront to load Stripe.js with the publishable key; cacheable for 5 minutes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(paymentsConfigSchema.parse(res.json())).toEqual({
      card: { provider: 'stripe', publishableKey: FAKE_CREDENTIALS.stripePublishableKey, stripeJsUrl: fake.jsUrl },
      paypal: false,
      wallets: { provider: 'stripe' },
    });
    expect(res.body).not.toContain(FAKE_CREDENTIALS.stripeSecretKey);
  });
});

describe('checkout with Stripe', () => {
  it('charges a card without 3-D Secure at once: processing, card brand and last four from the charge', async () => {
    const { session, res } = await checkout('pm_card_visa');
    expect(res.statusCode, res.body).toBe(201);
    const body = checkoutResponseSchema.parse(res.json());
    expect(body.payment).toEqual({ status: 'succeeded' });
    const order = orderViewSchema.parse((await api.getOrder(body.orderNumber, { 'x-session-id': session })).json());
    expect(order).toMatchObject({
      status: 'processing',
      paymentStatus: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
    });
    expect((await orderRow(body.orderNumber)).paymentReference).toMatch(/^pi_/);
  });

  it('declines with the provider reason (402), order cancelled, cart kept', async () => {
    const { session, res } = await checkout('pm_card_chargeDeclinedInsufficientFunds');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    expect((await api.getCart(session)).json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('3-D Secure through the browser: requires_action -> challenge completed -> confirm -> processing -> completed; repeats are harmless', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, res } = await checkout('pm_card_authenticationRequired');
    expect(res.statusCode, res.body).toBe(201);
    const body = checkoutResponseSchema.parse(res.json());
    if (body.payment.status !== 'requires_action') throw new Error(`expected requires_action: ${res.body}`);
    const row = await orderRow(body.orderNumber);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'requires_approval' });
    expect(body.payment.clientSecret).toMatch(new RegExp(`^${row.paymentReference}_secret_`));

    const early = await confirm(body.orderNumber, { 'x-session-id': session });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'payment_requires_action' } });
    // Strangers see nothing.
    expect((await confirm(body.orderNumber, { 'x-session-id': newSession() })).statusCode).toBe(404);

    const challenge = await fetch(`${fake.url}/3ds/${row.paymentReference}/complete`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    expect(((await challenge.json()) as { status: string }).status).toBe('succeeded');
    const confirmed = await confirm(body.orderNumber, { 'x-access-token': body.accessToken });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(orderViewSchema.parse(confirmed.json())).toMatchObject({
      status: 'processing',
      paymentStatus: 'succeeded',
      card: { last4: '3184' },
    });
    expect((await confirm(body.orderNumber, { 'x-session-id': session })).statusCode).toBe(200);
    // The cart was emptied with the payment; provisioning runs with the parked job's access token.
    expect((await api.getCart(session)).json<{ items: unknown[] }>().items).toHaveLength(0);
    await services.jobs.runUntilIdle();
    const done = orderViewSchema.parse((await api.getOrder(body.orderNumber, { 'x-session-id': session })).json());
    expect(done.status).toBe('completed');
    expect(done.esims).toHaveLength(1);
    const changes = await statusChanges(row.id);
    expect(changes.map((c) => c.toStatus)).toEqual(['pending', 'processing', 'completed']);
  });

  it('3-D Secure failed: 402 authentication_failed, order cancelled, the cart can be paid with another card', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, res } = await checkout('pm_card_authenticationRequired');
    const body = checkoutResponseSchema.parse(res.json());
    const row = await orderRow(body.orderNumber);
    fake.authenticate(row.paymentReference!, false);
    const failed = await confirm(body.orderNumber, { 'x-session-id': session });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ error: { code: 'authentication_failed' } });
    expect((await orderRow(body.orderNumber)).status).toBe('cancelled');
    const again = await confirm(body.orderNumber, { 'x-session-id': session });
    expect(again.statusCode).toBe(402);
    expect(again.json()).toMatchObject({ error: { code: 'payment_failed' } });
    const retry = await checkout('pm_card_visa', session, false);
    expect(retry.res.statusCode, retry.res.body).toBe(201);
  });

  it('the webhook completes the order when the browser never came back; a redelivery has no second effect', async () => {
    const { session, res } = await checkout('pm_card_authenticationRequired');
    const body = checkoutResponseSchema.parse(res.json());
    const row = await orderRow(body.orderNumber);
    fake.authenticate(row.paymentReference!, true);
    await fake.flushWebhooks();
    const event = fake
      .events()
      .find(
        (e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === row.paymentReference,
      )!;
    expect(event.deliveries.at(-1)?.status).toBe(200);
    expect((await orderRow(body.orderNumber)).status).toBe('processing');
    const [processed] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(processed?.processedAt).not.toBeNull();

    const before = await statusChanges(row.id);
    const replay = await control('/__fake/webhooks/resend', { eventId: event.id });
    expect(replay.status).toBe(200);
    expect(await statusChanges(row.id)).toHaveLength(before.length);
    await services.jobs.runUntilIdle();
    expect((await api.getOrder(body.orderNumber, { 'x-session-id': session })).json()).toMatchObject({
      status: 'completed',
    });
    // The browser coming back late sees the order paid.
    expect((await confirm(body.orderNumber, { 'x-session-id': session })).statusCode).toBe(200);
  });

  it('the webhook and the browser settling the same payment at once: one settles, the other sees it settled', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, res } = await checkout('pm_card_authenticationRequired');
    const body = checkoutResponseSchema.parse(res.json());
    const row = await orderRow(body.orderNumber);
    fake.authenticate(row.paymentReference!, true);
    const [browser, webhook] = await Promise.all([
      confirm(body.orderNumber, { 'x-session-id': session }),
      deliver(piEvent('payment_intent.succeeded', row.paymentReference!)),
    ]);
    expect(browser.statusCode, browser.body).toBe(200);
    expect(webhook.statusCode, webhook.body).toBe(200);
    const changes = await statusChanges(row.id);
    expect(changes.filter((c) => c.toStatus === 'processing')).toHaveLength(1);
    const payments = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(payments.filter((e) => e.message === 'Payment captured')).toHaveLength(1);
  });

  it('payment_failed from the webhook cancels the waiting order with the reason', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { res } = await checkout('pm_card_authenticationRequired');
    const body = checkoutResponseSchema.parse(res.json());
    const row = await orderRow(body.orderNumber);
    fake.authenticate(row.paymentReference!, false);
    expect((await deliver(piEvent('payment_intent.payment_failed', row.paymentReference!))).statusCode).toBe(200);
    expect(await orderRow(body.orderNumber)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect((await orderRow(body.orderNumber)).paymentError).toMatch(/authenticate/);
  });

  it('an abandoned 3-D Secure checkout is superseded by a new one; completing the old challenge later refunds it', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, res } = await checkout('pm_card_authenticationRequired');
    const abandoned = checkoutResponseSchema.parse(res.json());
    const old = await orderRow(abandoned.orderNumber);
    const fresh = await checkout('pm_card_visa', session, false);
    expect(fresh.res.statusCode, fresh.res.body).toBe(201);
    expect(await orderRow(abandoned.orderNumber)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });

    fake.authenticate(old.paymentReference!, true);
    const late = await confirm(abandoned.orderNumber, { 'x-session-id': session });
    expect(late.statusCode).toBe(402);
    expect(late.json()).toMatchObject({ error: { code: 'payment_refunded' } });
    const refunded = fake.paymentIntents().find((p) => p.id === old.paymentReference) as unknown as {
      latest_charge: { amount_refunded: number; amount: number };
    };
    expect(refunded.latest_charge.amount_refunded).toBe(refunded.latest_charge.amount);
    // The webhook of the same payment refunds nothing more.
    expect((await deliver(piEvent('payment_intent.succeeded', old.paymentReference!))).statusCode).toBe(200);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, old.id));
    expect(events.filter((e) => (e.data as { outcome?: string }).outcome === 'refunded')).toHaveLength(2);
    expect(
      fake
        .events()
        .filter(
          (e) =>
            e.type === 'refund.created' &&
            (e.data.object as { payment_intent: string }).payment_intent === old.paymentReference,
        ),
    ).toHaveLength(1);
  });

  it('answers 503 when Stripe cannot be reached, and the retry with the same key charges once', async () => {
    const session = newSession();
    await api.addToCart(session, products[0]!, 1);
    const key = newKey();
    const payload = checkoutBody({ method: 'card', token: await ctoken('pm_card_visa') });
    await control('/__fake/fail-next', { status: 503, count: 2, path: '/v1/payment_intents' });
    const down = await api.checkout(session, key, payload);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'upstream_error' } });
    const retried = await api.checkout(session, key, payload);
    expect(retried.statusCode, retried.body).toBe(201);
    const { orderNumber } = checkoutResponseSchema.parse(retried.json());
    expect(fake.paymentIntents().filter((p) => p.metadata.order === orderNumber)).toHaveLength(1);
  });

  /**
   * A checkout whose charge Stripe made but the store never recorded: the store's call fails
   * (503, nothing made at Stripe), then the charge is made at Stripe as the store's crashed
   * process had made it (same idempotency key and parameters, as the adapter sends them), so the
   * order is pending with no payment reference while Stripe has taken the money.
   */
  async function chargedButNotRecorded(paymentMethod = 'pm_card_visa') {
    const session = newSession();
    await api.addToCart(session, products[0]!, 1);
    const key = newKey();
    const payload = checkoutBody({ method: 'card', token: await ctoken(paymentMethod) });
    await control('/__fake/fail-next', { status: 503, count: 2, path: '/v1/payment_intents' });
    const down = await api.checkout(session, key, payload);
    expect(down.statusCode).toBe(503);
    const [row] = await database.db.select().from(orders).where(eq(orders.sessionId, session));
    expect(row).toMatchObject({ status: 'pending', paymentReference: null });
    const stripe = new Stripe(FAKE_CREDENTIALS.stripeSecretKey, {
      host: new URL(fake.url).hostname,
      port: Number(new URL(fake.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const intent = await stripe.paymentIntents
      .create(
        {
          amount: row!.totalCents,
          currency: 'usd',
          confirm: true,
          confirmation_token: payload.payment.method === 'card' ? payload.payment.token : '',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: `Roamwise order ${row!.orderNumber}`,
          metadata: { order: row!.orderNumber, idempotency_key: `checkout:${row!.orderNumber}` },
          expand: ['latest_charge'],
        },
        { idempotencyKey: `checkout:${row!.orderNumber}` },
      )
      .catch((error: { payment_intent?: { id: string } }) => ({ id: error.payment_intent!.id }));
    return { session, key, payload, row: row!, intent: intent.id };
  }

  it('a charge Stripe made but the store never recorded (crash, time-out): the webhook finds the order by metadata.order, completes and provisions it', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, key, payload, row, intent } = await chargedButNotRecorded();
    expect((await orderRow(row.orderNumber)).paymentReference).toBeNull();
    // Stripe's event, made while deliveries were paused, is delivered now.
    await control('/__fake/webhooks/pause', { paused: false });
    const event = fake
      .events()
      .find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === intent)!;
    expect(await control('/__fake/webhooks/resend', { eventId: event.id })).toMatchObject({ status: 200 });
    const [processed] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(processed?.processedAt).not.toBeNull();
    expect(await orderRow(row.orderNumber)).toMatchObject({
      status: 'processing',
      paymentStatus: 'succeeded',
      paymentReference: intent,
      cardLast4: '4242',
    });
    expect((await api.getCart(session)).json<{ items: unknown[] }>().items).toHaveLength(0);
    // Provisioned with the job parked before the charge, which carries the access token: the
    // confirmation e-mail is sent and the order completed.
    await services.jobs.runUntilIdle();
    const done = orderViewSchema.parse((await api.getOrder(row.orderNumber, { 'x-session-id': session })).json());
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.esims).toHaveLength(1);
    // A redelivery has no second effect; the checkout's retry with the same key replays Stripe's
    // idempotent result: 201, charged once.
    const before = await statusChanges(row.id);
    expect(await control('/__fake/webhooks/resend', { eventId: event.id })).toMatchObject({ status: 200 });
    const retried = await api.checkout(session, key, payload);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(checkoutResponseSchema.parse(retried.json())).toMatchObject({
      orderNumber: row.orderNumber,
      payment: { status: 'succeeded' },
    });
    expect(await statusChanges(row.id)).toHaveLength(before.length);
    expect(fake.paymentIntents().filter((p) => p.metadata.order === row.orderNumber)).toHaveLength(1);
    const captured = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(captured.filter((e) => e.message === 'Payment captured')).toHaveLength(1);
  });

  it('a declined charge the store never recorded: payment_failed by metadata.order cancels the order and frees the cart', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, row, intent } = await chargedButNotRecorded('pm_card_chargeDeclined');
    const blocked = await api.checkout(
      session,
      newKey(),
      checkoutBody({ method: 'card', token: await ctoken('pm_card_visa') }),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ error: { code: 'checkout_in_progress' } });
    const res = await deliver({
      ...piEvent('payment_intent.payment_failed', intent),
      data: { object: fake.paymentIntents().find((p) => p.id === intent) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(row.orderNumber)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentReference: intent,
    });
    const retry = await api.checkout(
      session,
      newKey(),
      checkoutBody({ method: 'card', token: await ctoken('pm_card_visa') }),
    );
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it('an event whose PaymentIntent does not match the order it names (amount, currency) changes nothing and stays unprocessed; one naming no order is ignored', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { row, intent } = await chargedButNotRecorded();
    const pi = fake.paymentIntents().find((p) => p.id === intent)! as unknown as Record<string, unknown>;
    const cases: Record<string, unknown>[] = [
      { ...pi, amount: row.totalCents + 100 },
      { ...pi, currency: 'eur' },
      { ...pi, metadata: {} },
      { ...pi, metadata: { order: 'ORD-000000000000' } },
    ];
    for (const object of cases) {
      const event = { ...piEvent('payment_intent.succeeded', intent), data: { object } };
      const res = await deliver(event);
      expect(res.statusCode, res.body).toBe(200);
      expect(await orderRow(row.orderNumber)).toMatchObject({ status: 'pending', paymentReference: null });
      const [stored] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
      // Unmatched (names this order): left unprocessed; names no order of the store: processed.
      const namesOrder = (object.metadata as { order?: string }).order === row.orderNumber;
      expect(stored?.processedAt ?? null, JSON.stringify(object.metadata)).toEqual(
        namesOrder ? null : expect.any(Date),
      );
    }
    // The genuine event still settles it.
    const res = await deliver({ ...piEvent('payment_intent.succeeded', intent), data: { object: pi } });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(row.orderNumber)).toMatchObject({ status: 'processing', paymentReference: intent });
  });

  it('confirm answers 503 (not 500) when the refund of a payment completed after cancellation cannot reach Stripe; the retry refunds once', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { session, res } = await checkout('pm_card_authenticationRequired');
    const abandoned = checkoutResponseSchema.parse(res.json());
    const old = await orderRow(abandoned.orderNumber);
    const fresh = await checkout('pm_card_visa', session, false);
    expect(fresh.res.statusCode, fresh.res.body).toBe(201);
    fake.authenticate(old.paymentReference!, true);
    await control('/__fake/fail-next', { status: 503, count: 2, path: '/v1/refunds' });
    const down = await confirm(abandoned.orderNumber, { 'x-session-id': session });
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'upstream_error' } });
    const late = await confirm(abandoned.orderNumber, { 'x-session-id': session });
    expect(late.statusCode).toBe(402);
    expect(late.json()).toMatchObject({ error: { code: 'payment_refunded' } });
    expect(
      fake
        .events()
        .filter(
          (e) =>
            e.type === 'refund.created' &&
            (e.data.object as { payment_intent: string }).payment_intent === old.paymentReference,
        ),
    ).toHaveLength(1);
  });
});

describe('POST /api/webhooks/stripe: signatures and events', () => {
  it('refuses a missing, malformed or wrong signature (400 invalid_signature) and changes nothing', async () => {
    const event = piEvent('payment_intent.succeeded', 'pi_nothing');
    const payload = JSON.stringify(event);
    const cases: (string | undefined)[] = [
      undefined,
      'garbage',
      `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
      // Signed for another body.
      Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify({ ...event, id: 'evt_other' }), secret }),
    ];
    for (const signature of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
        },
        payload,
      });
      expect(res.statusCode, `${signature}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_signature', field: 'Stripe-Signature' } });
    }
    const rows = await database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a stale timestamp (older than 300 s: a replayed old delivery) with 400', async () => {
    const stale = await deliver(piEvent('payment_intent.succeeded', 'pi_stale'), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    const recent = await deliver(piEvent('payment_intent.succeeded', 'pi_recent'), {
      timestamp: Math.floor(Date.now() / 1000) - 200,
    });
    expect(recent.statusCode).toBe(200);
    // The fake's own stale and forged deliveries are refused the same way.
    const { res } = await checkout('pm_card_visa');
    expect(res.statusCode).toBe(201);
    await fake.flushWebhooks();
    const eventId = fake.events().at(-1)!.id;
    expect(await control('/__fake/webhooks/resend', { eventId, staleBySeconds: 600 })).toMatchObject({ status: 400 });
    expect(await control('/__fake/webhooks/resend', { eventId, badSignature: true })).toMatchObject({ status: 400 });
  });

  it('accepts any of several v1 signatures (secret rotation)', async () => {
    const event = piEvent('charge.refunded', 'ch_rotated');
    const payload = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t }).split('v1=')[1];
    const old = Stripe.webhooks
      .generateTestHeaderString({ payload, secret: 'whsec_old_secret', timestamp: t })
      .split('v1=')[1];
    const res = await deliver(event, { payload, signature: `t=${t},v1=${old},v1=${good}` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('handles each event once: a redelivery answers duplicate and has no effect; unknown types are ignored', async () => {
    const event = piEvent('customer.created', 'cus_1');
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true });
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
  });

  it('answers garbage (any media type, random bytes, huge bodies, odd headers) with a 4xx API error, never a 5xx', async () => {
    const bodies = [
      '',
      '{',
      '[]',
      'null',
      '\u0000',
      Buffer.from([0xff, 0xfe, 0x00, 0x81]).toString('latin1'),
      'x'.repeat(600 * 1024),
    ];
    const types = [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ];
    const signatures = [
      undefined,
      '',
      't=',
      'v1=',
      't=abc,v1=def',
      `t=${Math.floor(Date.now() / 1000)},v1=`,
      'x'.repeat(5000),
    ];
    for (const payload of bodies) {
      for (const type of types) {
        for (const signature of signatures) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/webhooks/stripe',
            headers: { 'content-type': type, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
            payload,
          });
          expect(res.statusCode, `${type} ${signature} ${payload.slice(0, 10)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    }
  });

  it('refuses a signed body that is not an event (400) and other media types without a 5xx', async () => {
    expect((await deliver(undefined, { payload: 'not json' })).statusCode).toBe(400);
    expect((await deliver(undefined, { payload: JSON.stringify({ hello: 'world' }) })).statusCode).toBe(400);
    const text = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(400);
  });
});

describe('top-ups with 3-D Secure', () => {
  it('pays a top-up after the challenge through the portal route, then applies the bundle', async () => {
    await control('/__fake/webhooks/pause', { paused: true });
    const { res } = await checkout('pm_card_visa');
    const { accessToken } = checkoutResponseSchema.parse(res.json());
    await services.jobs.runUntilIdle();
    const headers = { 'x-access-token': accessToken };
    const view = portalViewSchema.parse((await app.inject({ method: 'GET', url: '/api/portal', headers })).json());
    const iccid = view.esims[0]!.iccid;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/sandbox/esims/${iccid}/actions`,
          payload: { action: 'first-use' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/portal/esims/${iccid}/sync`, headers })).statusCode).toBe(
      200,
    );
    const bought = await app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/topups`,
      headers: { ...headers, 'x-session-id': newSession(), 'idempotency-key': newKey() },
      payload: {
        productId: products[1]!,
        payment: { method: 'card', token: await ctoken('pm_card_authenticationRequired') },
        acceptTerms: true,
        language: 'en',
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const topup = topupResponseSchema.parse(bought.json());
    expect(topup.payment.status).toBe('requires_action');
    const url = `/api/portal/topups/${topup.orderNumber}/payment/confirm`;
    expect((await app.inject({ method: 'POST', url, headers })).json()).toMatchObject({
      error: { code: 'payment_requires_action' },
    });
    expect((await app.inject({ method: 'POST', url, headers: { 'x-access-token': 'not-the-token' } })).statusCode).toBe(
      401,
    );
    fake.authenticate((await orderRow(topup.orderNumber)).paymentReference!, true);
    const confirmed = await app.inject({ method: 'POST', url, headers });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(portalTopupSchema.parse(confirmed.json())).toMatchObject({
      paymentStatus: 'succeeded',
      status: 'processing',
    });
    await services.jobs.runUntilIdle();
    const applied = await app.inject({ method: 'GET', url: `/api/portal/topups/${topup.orderNumber}`, headers });
    expect(portalTopupSchema.parse(applied.json())).toMatchObject({ applied: true });
  });
});
