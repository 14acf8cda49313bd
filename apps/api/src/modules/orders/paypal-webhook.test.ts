import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_CREDENTIALS } from '../../../test/fakes/credentials.ts';
import { type PaypalFake, startPaypalFake } from '../../../test/fakes/paypal-fake.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';
import { queryRows } from '../../db/client.ts';

/**
 * `POST /api/webhooks/paypal` against the PayPal fake: deliveries the fake
 * made are captured by a loopback hook and handed to the store as they came (headers and raw
 * bytes). Verification by postback (unverified → 400), each event once (replay → no second
 * effect), and the buyer who approved but never came back: captured by the webhook, provisioned.
 */

let fake: PaypalFake;
let ctx: OrdersTestApp;
let hook: ReturnType<typeof createServer>;
/** Deliveries the fake made, oldest first. */
const deliveries: { headers: Record<string, string>; body: Buffer }[] = [];
let turkey: number;

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name.startsWith('paypal-') || name === 'content-type'),
      ) as Record<string, string>;
      deliveries.push({ headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  fake = await startPaypalFake({
    clientId: FAKE_CREDENTIALS.paypalClientId,
    clientSecret: FAKE_CREDENTIALS.paypalClientSecret,
    webhookId: FAKE_CREDENTIALS.paypalWebhookId,
    webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/webhooks/paypal`,
  });
  ctx = await createOrdersTestApp({
    env: {
      PAYPAL_CLIENT_ID: FAKE_CREDENTIALS.paypalClientId,
      PAYPAL_CLIENT_SECRET: FAKE_CREDENTIALS.paypalClientSecret,
      PAYPAL_WEBHOOK_ID: FAKE_CREDENTIALS.paypalWebhookId,
      PAYPAL_BASE_URL: fake.url,
      PAYMENT_TIMEOUT_MS: '3000',
    },
    // Cards at the sandbox, PayPal at the REST adapter (createPaymentProviders from the config).
    deps: { paymentProvider: undefined },
  });
  const res = await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' });
  turkey = res.json<{ products: { productId: number }[] }>().products[0]!.productId;
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await new Promise((resolve) => hook.close(resolve));
});

beforeEach(() => {
  deliveries.length = 0;
});

/** A PayPal checkout through the store: the PayPal order id and the store's order. */
async function paypalCheckout() {
  const api = client(ctx.app);
  const session = newSession();
  await api.addToCart(session, turkey, 1);
  const res = await api.checkout(session, newKey(), checkoutBody({ method: 'paypal' }));
  expect(res.statusCode).toBe(201);
  const body = checkoutResponseSchema.parse(res.json());
  if (body.payment.status !== 'requires_approval') throw new Error(`unexpected ${body.payment.status}`);
  const paypalOrderId = new URL(body.payment.approvalUrl).searchParams.get('token')!;
  expect(new URL(body.payment.approvalUrl).origin).toBe(fake.url);
  return { session, paypalOrderId, orderNumber: body.orderNumber, accessToken: body.accessToken };
}

/** The last delivery of `type` the fake made. */
async function lastDelivery(type: string) {
  await fake.settled();
  const found = deliveries
    .filter((d) => (JSON.parse(d.body.toString()) as { event_type: string }).event_type === type)
    .at(-1);
  if (!found) throw new Error(`no ${type} delivery`);
  return found;
}

function post(delivery: { headers: Record<string, string>; body: Buffer | string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/paypal',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    payload: delivery.body,
  });
}

async function order(orderNumber: string) {
  const [row] = await queryRows<{
    status: string;
    payment_status: string;
    payment_reference: string;
    esims: number;
    events: number;
  }>(
    ctx.database.db,
    sql`select o.status, o.payment_status, o.payment_reference,
          (select count(*)::int from esims e where e.order_id = o.id) as esims,
          (select count(*)::int from order_events ev where ev.order_id = o.id and ev.kind = 'payment') as events
        from orders o where o.order_number = ${orderNumber}`,
  );
  return row!;
}

async function eventRows(eventId: string) {
  return queryRows<{ processed_at: Date | null }>(
    ctx.database.db,
    sql`select processed_at from webhook_events where provider = 'paypal' and event_id = ${eventId}`,
  );
}

describe('POST /api/webhooks/paypal', () => {
  it('approved but the buyer never came back: the webhook captures, the order is provisioned; the late return is idempotent', async () => {
    const { paypalOrderId, orderNumber, accessToken } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'approve');
    const approved = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    const res = await post(approved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'processed' });
    expect(fake.orders.get(paypalOrderId)!.capture!.status).toBe('COMPLETED');
    expect(await order(orderNumber)).toMatchObject({
      status: 'processing',
      payment_status: 'succeeded',
      payment_reference: paypalOrderId,
    });
    await ctx.services.jobs.runUntilIdle();
    expect(await order(orderNumber)).toMatchObject({ status: 'completed', esims: 1 });
    // The buyer comes back after all: the capture route answers the paid order, nothing more.
    const late = await client(ctx.app).capture(orderNumber, { 'x-access-token': accessToken });
    expect(late.statusCode).toBe(200);
    expect((await order(orderNumber)).events).toBe(1);
    // The capture's own event then arrives: the order is settled already, no effect.
    const completed = await lastDelivery('PAYMENT.CAPTURE.COMPLETED');
    expect((await post(completed)).json()).toEqual({ received: true, outcome: 'processed' });
    expect(await order(orderNumber)).toMatchObject({ status: 'completed', events: 1, esims: 1 });
  });

  it('a replayed event (resent by PayPal under a new transmission) has no second effect', async () => {
    const { paypalOrderId, orderNumber } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'approve');
    const approved = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    expect((await post(approved)).json()).toMatchObject({ outcome: 'processed' });
    const eventId = (JSON.parse(approved.body.toString()) as { id: string }).id;
    const capturesBefore = fake.calls['POST /v2/checkout/orders/:id/capture'];
    // The same bytes again, and a new transmission of the same event.
    expect((await post(approved)).json()).toEqual({ received: true, outcome: 'duplicate' });
    deliveries.length = 0;
    await fake.resend(eventId);
    const resent = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    expect(resent.headers['paypal-transmission-id']).not.toBe(approved.headers['paypal-transmission-id']);
    expect((await post(resent)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(fake.calls['POST /v2/checkout/orders/:id/capture']).toBe(capturesBefore);
    expect((await order(orderNumber)).events).toBe(1);
    expect(await eventRows(eventId)).toHaveLength(1);
  });

  it('the webhook racing the returning buyer: one capture at PayPal, the order paid once', async () => {
    const { paypalOrderId, orderNumber, accessToken } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'approve');
    const approved = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    const [hook, browser] = await Promise.all([
      post(approved),
      client(ctx.app).capture(orderNumber, { 'x-access-token': accessToken }),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(browser.statusCode).toBe(200);
    expect(fake.orders.get(paypalOrderId)!.capture!.status).toBe('COMPLETED');
    expect(
      fake.events.filter(
        (e) => e.event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && JSON.stringify(e.event).includes(paypalOrderId),
      ),
    ).toHaveLength(1);
    expect(await order(orderNumber)).toMatchObject({ status: 'processing', events: 1 });
  });

  it('an unverified delivery is refused 400 and changes nothing (forged signature, tampered body, foreign event)', async () => {
    const { paypalOrderId, orderNumber } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'approve');
    const approved = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    const eventId = (JSON.parse(approved.body.toString()) as { id: string }).id;
    const forged = await post({
      headers: { ...approved.headers, 'paypal-transmission-sig': 'Zm9yZ2VkLXNpZ25hdHVyZQ==' },
      body: approved.body,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    // An attacker's own event, carried by a genuine transmission's headers.
    const crafted = Buffer.from(approved.body.toString().replace(eventId, 'WH-ATTACKER-0000000000'));
    expect((await post({ headers: approved.headers, body: crafted })).statusCode).toBe(400);
    expect(await order(orderNumber)).toMatchObject({ status: 'pending' });
    expect(fake.orders.get(paypalOrderId)!.capture).toBeUndefined();
    expect(await eventRows(eventId)).toHaveLength(0);
    expect(await eventRows('WH-ATTACKER-0000000000')).toHaveLength(0);
  });

  it('malformed deliveries are 400 (not JSON, not an event, headers missing), never 5xx', async () => {
    const headers = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${fake.url}/__fake/certs/x`,
      'paypal-transmission-id': 'c0ffee00-0000-0000-0000-000000000000',
      'paypal-transmission-sig': 'AAAA',
      'paypal-transmission-time': new Date().toISOString(),
    };
    const event = JSON.stringify({
      id: 'WH-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ABCDEFGHIJKLMNOPQ' },
    });
    const cases: [Record<string, string>, string, string][] = [
      [headers, '{not json', 'invalid_webhook'],
      [headers, '[1,2]', 'invalid_webhook'],
      [headers, JSON.stringify({ id: 'WH-1', event_type: 'X' }), 'invalid_webhook'],
      [headers, JSON.stringify({ id: 'WH\u0000', event_type: 'X', resource: {} }), 'invalid_webhook'],
      [{ ...headers, 'paypal-transmission-sig': '' }, event, 'invalid_webhook'],
      [{}, event, 'invalid_webhook'],
      [headers, event, 'invalid_signature'],
    ];
    for (const [h, body, code] of cases) {
      const res = await post({ headers: h, body });
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ error: { code } });
    }
    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/paypal',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: event,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: { code: 'invalid_webhook' } });
    const charset = await post({
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      body: event,
    });
    expect(charset.json()).toMatchObject({ error: { code: 'invalid_signature' } });
  });

  it('generated deliveries (any body, any PAYPAL-* headers) are answered 400, never 5xx (fuzz.test.ts covers only the unconfigured route)', async () => {
    const header = fc.option(
      fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('SHA256withRSA', 'x'.repeat(600), 'a\u0000b', 'é')),
      { nil: undefined },
    );
    const json = fc.oneof(
      fc.json(),
      fc
        .record({
          id: fc.oneof(fc.string(), fc.constant('WH-1')),
          event_type: fc.oneof(fc.string(), fc.constantFrom('CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.DENIED')),
          resource: fc.object(),
        })
        .map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    );
    await fc.assert(
      fc.asyncProperty(json, header, header, header, header, header, async (body, algo, cert, id, sig, time) => {
        const headers = Object.fromEntries(
          Object.entries({
            'paypal-auth-algo': algo,
            'paypal-cert-url': cert,
            'paypal-transmission-id': id,
            'paypal-transmission-sig': sig,
            'paypal-transmission-time': time,
          }).filter(([, v]) => v !== undefined && /^[\x20-\x7e]*$/.test(v)),
        ) as Record<string, string>;
        const res = await post({ headers, body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: expect.stringMatching(/^invalid_(webhook|signature)$/) } });
      }),
      { numRuns: 150, seed: 20_260_812 },
    );
  });

  it('declined funding: the webhook captures, PayPal refuses, the order is cancelled with the reason', async () => {
    const { paypalOrderId, orderNumber } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'decline-funding');
    const res = await post(await lastDelivery('CHECKOUT.ORDER.APPROVED'));
    expect(res.json()).toEqual({ received: true, outcome: 'processed' });
    expect(await order(orderNumber)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
  });

  it('PayPal unreachable during verification → 503 and not recorded; the next delivery is processed', async () => {
    const { paypalOrderId, orderNumber } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'approve');
    const approved = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    fake.failNext({ status: 503, path: '/verify-webhook-signature' });
    const down = await post(approved);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'upstream_error' } });
    expect(await eventRows((JSON.parse(approved.body.toString()) as { id: string }).id)).toHaveLength(0);
    expect((await post(approved)).json()).toMatchObject({ outcome: 'processed' });
    expect(await order(orderNumber)).toMatchObject({ status: 'processing' });
  });

  it('PayPal unreachable during the capture → 503, the event stays unprocessed, PayPal retries and it settles once', async () => {
    const { paypalOrderId, orderNumber } = await paypalCheckout();
    await fake.decide(paypalOrderId, 'approve');
    const approved = await lastDelivery('CHECKOUT.ORDER.APPROVED');
    const eventId = (JSON.parse(approved.body.toString()) as { id: string }).id;
    fake.failNext({ status: 500, path: '/capture' });
    expect((await post(approved)).statusCode).toBe(503);
    expect(await eventRows(eventId)).toEqual([{ processed_at: null }]);
    expect(await order(orderNumber)).toMatchObject({ status: 'pending' });
    expect((await post(approved)).json()).toMatchObject({ outcome: 'processed' });
    expect(await order(orderNumber)).toMatchObject({ status: 'processing', events: 1 });
    expect((await eventRows(eventId))[0]!.processed_at).not.toBeNull();
  });

  it('throttles well-formed deliveries per client address before verifying them: 429 with Retry-After past 120 a minute, PayPal not called', async () => {
    const headers = {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${fake.url}/__fake/certs/x`,
      'paypal-transmission-id': 'c0ffee00-0000-0000-0000-000000000001',
      'paypal-transmission-sig': 'Zm9yZ2VkLXNpZ25hdHVyZQ==',
      'paypal-transmission-time': new Date().toISOString(),
    };
    const payload = JSON.stringify({
      id: 'WH-FLOOD-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ABCDEFGHIJKLMNOPQ' },
    });
    const send = (remoteAddress: string, body = payload) =>
      ctx.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers, payload: body, remoteAddress });
    const verifies = () => fake.calls['POST /v1/notifications/verify-webhook-signature'] ?? 0;
    // Garbage is refused locally and not counted.
    for (let i = 0; i < 5; i++) expect((await send('198.51.100.23', '{not json')).statusCode).toBe(400);
    for (let i = 0; i < 120; i++) {
      const res = await send('198.51.100.23');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    }
    const before = verifies();
    const refused = await send('198.51.100.23');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/^Too many webhook deliveries/) },
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(verifies()).toBe(before);
    // The address's IPv4-mapped form shares its count; another address is still served.
    expect((await send('::ffff:198.51.100.23')).statusCode).toBe(429);
    const other = await send('198.51.100.24');
    expect(other.statusCode).toBe(400);
    expect(verifies()).toBe(before + 1);
  });

  it('events about orders the store does not know, and unknown types, are 200 ignored', async () => {
    const paypal = await paypalCheckout();
    // A capture the store did not ask for: a PayPal order created directly at PayPal.
    const token = await fetch(`${fake.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${FAKE_CREDENTIALS.paypalClientId}:${FAKE_CREDENTIALS.paypalClientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const created = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '1.00' } }],
        payment_source: {
          paypal: { experience_context: { return_url: 'https://x.example/r', cancel_url: 'https://x.example/c' } },
        },
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    await fake.decide(created.id, 'approve');
    expect((await post(await lastDelivery('CHECKOUT.ORDER.APPROVED'))).json()).toEqual({
      received: true,
      outcome: 'ignored',
    });
    expect(fake.orders.get(created.id)!.capture).toBeUndefined();
    expect(await order(paypal.orderNumber)).toMatchObject({ status: 'pending' });
  });
});

describe('POST /api/webhooks/paypal without PayPal REST', () => {
  it('answers 404 when PAYPAL_CLIENT_ID is not set', async () => {
    const plain = await createOrdersTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/webhooks/paypal',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    } finally {
      await plain.close();
    }
  });
});
