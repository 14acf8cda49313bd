import type { ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import {
  type PortalEsim,
  type PortalView,
  portalSyncResponseSchema,
  portalTopupSchema,
  portalViewSchema,
  topupOptionsResponseSchema,
  topupResponseSchema,
} from '@esim/contract/portal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esimBundles, orders } from '../orders.schema.ts';
import { emailMessages } from '../../email/email.schema.ts';
import { sandboxCharges } from '../../../providers/payment/sandbox-payments.schema.ts';
import { SANDBOX_TEST_CARDS } from '../../../providers/payment/sandbox.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../../test/orders-fixtures.ts';

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let products: ProductsResponse['products'];

beforeAll(async () => {
  ctx = await createOrdersTestApp();
  api = client(ctx.app);
  products = (
    await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' })
  ).json<ProductsResponse>().products;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

/** Buys `quantity` of the first Turkey plan by card and runs fulfilment; the buyer's session and token. */
async function buy(quantity = 1): Promise<{ session: string; token: string; orderNumber: string }> {
  const session = newSession();
  await api.addToCart(session, products[0]!.productId, quantity);
  const res = await api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }));
  expect(res.statusCode, res.body).toBe(201);
  const { accessToken, orderNumber } = checkoutResponseSchema.parse(res.json());
  await ctx.services.jobs.runUntilIdle();
  return { session, token: accessToken, orderNumber };
}

const portal = (token: string | undefined, url = '/api/portal', method: 'GET' | 'POST' = 'GET') =>
  ctx.app.inject({ method, url, headers: token === undefined ? {} : { 'x-access-token': token } });

async function view(token: string): Promise<PortalView> {
  const res = await portal(token);
  expect(res.statusCode, res.body).toBe(200);
  return portalViewSchema.parse(res.json());
}

/** Drives the sandbox's simulated phone (`POST /api/sandbox/esims/{iccid}/actions`). */
async function simulate(iccid: string, action: string, extra: Record<string, number> = {}): Promise<void> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/sandbox/esims/${iccid}/actions`,
    payload: { action, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function sync(token: string, iccid: string): Promise<PortalEsim> {
  const res = await portal(token, `/api/portal/esims/${iccid}/sync`, 'POST');
  expect(res.statusCode, res.body).toBe(200);
  return portalSyncResponseSchema.parse(res.json()).esim;
}

function topup(token: string, iccid: string, payload: unknown, key = newKey(), session = newSession()) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/portal/esims/${iccid}/topups`,
    headers: {
      'x-access-token': token,
      'x-session-id': session,
      'idempotency-key': key,
      'content-type': 'application/json',
    },
    payload: payload as string,
  });
}

describe('access token errors', () => {
  it('answers 401 with a JSON error for a missing, empty, unknown, revoked or expired token', async () => {
    const { token, orderNumber } = await buy();
    const cases: [string | undefined, string][] = [
      [undefined, 'token_required'],
      ['   ', 'token_required'],
      ['not-a-token-of-any-order', 'invalid_token'],
      ['x'.repeat(5_000), 'invalid_token'],
    ];
    for (const [value, code] of cases) {
      const res = await portal(value);
      expect(res.statusCode, String(value)).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ error: { code } });
    }
    expect((await portal(undefined)).json().error.message).toBe('Please enter an access token');

    await db()
      .update(orders)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.orderNumber, orderNumber));
    expect((await portal(token)).json()).toMatchObject({ error: { code: 'token_expired' } });

    await db().update(orders).set({ accessTokenRevokedAt: new Date() }).where(eq(orders.orderNumber, orderNumber));
    const revoked = await portal(token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ error: { code: 'token_revoked' } });
    // Every route checks the token, not only the overview.
    const iccid = '8944000000000000000';
    for (const [url, method] of [
      [`/api/portal/esims/${iccid}/sync`, 'POST'],
      [`/api/portal/esims/${iccid}/topups`, 'GET'],
      ['/api/portal/topups/ORD-0000000000', 'GET'],
    ] as const) {
      expect((await portal(token, url, method)).json()).toMatchObject({ error: { code: 'token_revoked' } });
    }
  });

  it("hides another order's eSIMs and top-ups (404) and refuses a malformed ICCID (400)", async () => {
    const mine = await buy();
    const theirs = await buy();
    const theirIccid = (await view(theirs.token)).esims[0]!.iccid;
    for (const [url, method] of [
      [`/api/portal/esims/${theirIccid}/sync`, 'POST'],
      [`/api/portal/esims/${theirIccid}/topups`, 'GET'],
      [`/api/portal/topups/${theirs.orderNumber}`, 'GET'],
      [`/api/portal/topups/${theirs.orderNumber}/paypal/capture`, 'POST'],
    ] as const) {
      const res = await portal(mine.token, url, method);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const topupRes = await topup(mine.token, theirIccid, {
      productId: products[0]!.productId,
      payment: { method: 'paypal' },
      acceptTerms: true,
      language: 'en',
    });
    expect(topupRes.statusCode).toBe(404);

    const bad = await portal(mine.token, '/api/portal/esims/12ab/sync', 'POST');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('iccid');
  });
});

describe('the portal view and usage', () => {
  it('shows each eSIM Ready with its main bundle, install details, network card and the order history', async () => {
    const { token, orderNumber } = await buy(2);
    const portalView = await view(token);
    expect(portalView.orderNumber).toBe(orderNumber);
    expect(portalView.customerName).toBe('Ada Lovelace');
    expect(portalView.esims).toHaveLength(2);
    const [esim] = portalView.esims;
    expect(esim).toMatchObject({
      state: 'Ready',
      archived: false,
      canTopUp: false,
      orderNumber,
      countryCode: 'TR',
      activatedAt: null,
      expiresAt: null,
      syncedAt: null,
      simulatorUrl: `/sandbox/esims/${esim!.iccid}`,
    });
    expect(esim!.activationCode).toBe(`LPA:1$${esim!.smdpAddress}$${esim!.matchingId}`);
    expect(esim!.bundles).toHaveLength(1);
    expect(esim!.bundles[0]).toMatchObject({ kind: 'main', state: 'queued', orderNumber, startedAt: null });
    const totalBytes = products[0]!.features.dataMb! * 1_048_576;
    expect(esim!.usage).toEqual({
      unlimited: false,
      totalBytes,
      usedBytes: 0,
      remainingBytes: totalBytes,
      percentUsed: 0,
    });
    expect(esim!.network.serviceType).toBe('data');
    expect(esim!.network.operators.length).toBeGreaterThan(0);
    expect(esim!.network.operators.every((o) => o.countryCode === 'TR')).toBe(true);
    expect(portalView.orders).toEqual([
      expect.objectContaining({
        orderNumber,
        kind: 'order',
        status: 'completed',
        description: `2 × ${products[0]!.name}`,
      }),
    ]);
  });

  it('follows the sandbox traveller: Pending once installed, Active after first use, usage after a day, Expired and archived at the end', async () => {
    const { token } = await buy();
    const iccid = (await view(token)).esims[0]!.iccid;

    await simulate(iccid, 'install');
    expect((await sync(token, iccid)).state).toBe('Pending');

    await simulate(iccid, 'first-use');
    const active = await sync(token, iccid);
    expect(active).toMatchObject({ state: 'Active', canTopUp: true, archived: false });
    expect(active.activatedAt).not.toBeNull();
    expect(active.syncedAt).not.toBeNull();
    expect(active.bundles[0]).toMatchObject({ state: 'active' });
    expect(active.bundles[0]!.startedAt).not.toBeNull();

    await simulate(iccid, 'advance', { days: 1 });
    const dayLater = await sync(token, iccid);
    // The simulated traveller uses 10 % of a fixed allowance a day.
    expect(dayLater.usage.percentUsed).toBeGreaterThanOrEqual(9);
    expect(dayLater.usage.percentUsed).toBeLessThanOrEqual(11);
    expect(dayLater.usage.usedBytes + dayLater.usage.remainingBytes!).toBe(dayLater.usage.totalBytes);

    await simulate(iccid, 'expire');
    const expired = await sync(token, iccid);
    expect(expired).toMatchObject({ state: 'Expired', archived: true, canTopUp: false });
    expect(expired.bundles[0]!.state).toMatch(/^(expired|inactive)$/);
    // The overview reads what the sync stored.
    expect((await view(token)).esims[0]).toMatchObject({ state: 'Expired', archived: true });
  });

  it('refreshes every eSIM in use through the recurring job, and schedules one run per period', async () => {
    const { token } = await buy();
    const iccid = (await view(token)).esims[0]!.iccid;
    await simulate(iccid, 'first-use');
    const result = await ctx.services.usageSync.refreshDue();
    expect(result.failed).toBe(0);
    expect(result.synced).toBeGreaterThan(0);
    expect((await view(token)).esims[0]).toMatchObject({ state: 'Active' });

    const queued: unknown[] = [];
    const queue = { enqueue: async (job: unknown) => void queued.push(job) };
    const now = Date.UTC(2026, 10, 23, 10, 7);
    await ctx.services.usageSync.scheduleNext(queue, now);
    await ctx.services.usageSync.scheduleNext(queue, now + 1_000);
    expect(queued).toHaveLength(2);
    expect(queued[0]).toEqual(queued[1]); // same period, same dedupe key: the queue keeps one
    expect(queued[0]).toMatchObject({
      type: 'sync-usage',
      maxAttempts: 1,
      runAt: new Date(Date.UTC(2026, 10, 23, 10, 15)),
    });
  });
});

describe('top-ups', () => {
  it("offers top-ups only once the eSIM is active ('Activate to Top-Up'), with plans for the same destination", async () => {
    const { token } = await buy();
    const iccid = (await view(token)).esims[0]!.iccid;
    const before = await portal(token, `/api/portal/esims/${iccid}/topups`);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.code).toBe('topup_unavailable');

    await simulate(iccid, 'first-use');
    await sync(token, iccid);
    const options = topupOptionsResponseSchema.parse((await portal(token, `/api/portal/esims/${iccid}/topups`)).json());
    expect(options.esim.iccid).toBe(iccid);
    expect(options.products.length).toBeGreaterThan(1);
    expect(options.products.every((p) => p.countryCode === 'TR')).toBe(true);
  });

  it('charges once and applies one bundle when the same top-up is submitted twice, then e-mails a receipt', async () => {
    const { token, orderNumber: parentNumber } = await buy();
    const iccid = (await view(token)).esims[0]!.iccid;
    await simulate(iccid, 'first-use');
    await sync(token, iccid);

    const plan = products[1]!;
    const body = {
      productId: plan.productId,
      payment: { method: 'card', token: await api.cardToken() },
      acceptTerms: true,
      language: 'fr',
    };
    const key = newKey();
    const session = newSession();
    const [first, second] = await Promise.all([
      topup(token, iccid, body, key, session),
      topup(token, iccid, body, key, session),
    ]);
    const third = await topup(token, iccid, body, key, session);
    for (const res of [first, second, third]) expect(res.statusCode, res.body).toBe(201);
    const placed = topupResponseSchema.parse(first.json());
    expect(second.json()).toEqual(placed);
    expect(third.json()).toEqual(placed);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(placed.payment).toEqual({ status: 'succeeded' });

    // Same key, other body: refused.
    const reused = await topup(token, iccid, { ...body, productId: products[2]!.productId }, key, session);
    expect(reused.statusCode).toBe(422);

    await ctx.services.jobs.runUntilIdle();
    const charges = await db()
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, `checkout:${placed.orderNumber}`));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: plan.priceCents, status: 'succeeded' });

    const status = portalTopupSchema.parse((await portal(token, `/api/portal/topups/${placed.orderNumber}`)).json());
    expect(status).toMatchObject({
      orderNumber: placed.orderNumber,
      status: 'completed',
      paymentStatus: 'succeeded',
      iccid,
      applied: true,
      totalCents: plan.priceCents,
    });

    const esim = await sync(token, iccid);
    expect(esim.bundles.map((b) => [b.kind, b.state])).toEqual([
      ['main', 'active'],
      ['topup', 'queued'],
    ]);
    expect(esim.bundles[1]).toMatchObject({ name: plan.name, orderNumber: placed.orderNumber });
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(await db().select().from(esimBundles).where(eq(esimBundles.kind, 'topup'))).toHaveLength(1);

    const mails = await db().select().from(emailMessages).where(eq(emailMessages.orderId, row!.id));
    expect(mails.map((m) => [m.template, m.language, m.to])).toEqual([['topup-receipt', 'fr', 'ada@example.com']]);
    expect(mails[0]!.text).toContain(iccid);
    expect(mails[0]!.text).toContain(placed.orderNumber);

    const history = (await view(token)).orders;
    expect(history.map((o) => [o.orderNumber, o.kind])).toEqual([
      [placed.orderNumber, 'topup'],
      [parentNumber, 'order'],
    ]);
  });

  it('shows the reason of a declined card, applies nothing, and refuses plans of other destinations', async () => {
    const { token } = await buy();
    const iccid = (await view(token)).esims[0]!.iccid;
    await simulate(iccid, 'first-use');
    await sync(token, iccid);

    const declined = await topup(token, iccid, {
      productId: products[1]!.productId,
      payment: { method: 'card', token: await api.cardToken(SANDBOX_TEST_CARDS.declined) },
      acceptTerms: true,
      language: 'en',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'card_declined' });
    await ctx.services.jobs.runUntilIdle();
    expect((await sync(token, iccid)).bundles).toHaveLength(1);

    const elsewhere = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?country=FR' })
    ).json<ProductsResponse>().products[0]!;
    const wrong = await topup(token, iccid, {
      productId: elsewhere.productId,
      payment: { method: 'paypal' },
      acceptTerms: true,
      language: 'en',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('productId');

    const noHeaders = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/topups`,
      headers: { 'x-access-token': token },
      payload: {},
    });
    expect(noHeaders.statusCode).toBe(400);
    expect(noHeaders.json().error.field).toBe('X-Session-Id');

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/topups`,
      headers: {
        'x-access-token': token,
        'x-session-id': newSession(),
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      },
      payload: '{"productId": ',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('pays a top-up with PayPal: approval, capture through the portal, then the bundle is applied', async () => {
    const { token } = await buy();
    const iccid = (await view(token)).esims[0]!.iccid;
    await simulate(iccid, 'first-use');
    await sync(token, iccid);
    const res = await topup(token, iccid, {
      productId: products[1]!.productId,
      payment: { method: 'paypal' },
      acceptTerms: true,
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = topupResponseSchema.parse(res.json());
    if (placed.payment.status !== 'requires_approval') throw new Error('expected a PayPal approval step');
    const reference = placed.payment.approvalUrl.split('/').pop()!;
    expect(await api.decidePaypal(reference, 'approve')).toMatch(
      new RegExp(`^/portal/topup-confirmation\\?order=${placed.orderNumber}(&|$)`),
    );

    const captured = await portal(token, `/api/portal/topups/${placed.orderNumber}/paypal/capture`, 'POST');
    expect(captured.statusCode, captured.body).toBe(200);
    expect(portalTopupSchema.parse(captured.json())).toMatchObject({
      paymentStatus: 'succeeded',
      status: 'processing',
    });
    await ctx.services.jobs.runUntilIdle();
    expect(
      portalTopupSchema.parse((await portal(token, `/api/portal/topups/${placed.orderNumber}`)).json()),
    ).toMatchObject({
      status: 'completed',
      applied: true,
    });
  });
});

describe('rate limit', () => {
  it('answers 429 with a JSON error once one client exceeds the portal requests per minute', async () => {
    const limited = await createOrdersTestApp({ env: { PORTAL_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/portal', headers: { 'x-access-token': `guess-${i}` } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await limited.app.inject({
        method: 'GET',
        url: '/api/portal',
        headers: { 'x-access-token': 'guess' },
      });
      expect(res.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Other routes are not limited by the portal's budget.
      expect((await limited.app.inject({ method: 'GET', url: '/api/products?country=TR' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
