import type { ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { accountOrdersResponseSchema } from '@esim/contract/order';
import {
  type PortalView,
  attachOrderResponseSchema,
  portalSyncResponseSchema,
  portalTopupSchema,
  portalViewSchema,
  topupResponseSchema,
} from '@esim/contract/portal';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../orders.schema.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../../test/orders-fixtures.ts';
import { ATTACH_THROTTLE_POLICY } from './attach-throttle.ts';

/**
 * The portal of an account (decision record 0009): orders placed while signed in belong to the account; a signed-in traveller
 * sees all their eSIMs, usage and top-ups in the portal without a token (`GET /api/portal` and the
 * per-eSIM routes with the session cookie only), can attach an earlier guest order with its access
 * token (`POST /api/user/orders/attach`), and lists their orders (`GET /api/orders`).
 */

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let products: ProductsResponse['products'];
const PASSWORD = 'violet-harbour-tram-42';

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

/** The headers of a signed-in browser on the store's own origin (cookie and `Sec-Fetch-Site`). */
type Account = { id: number; headers: Record<string, string> };

/** Registers (and so signs in) a new account. */
async function register(username: string, firstName = 'Ann', lastName = 'Traveller'): Promise<Account> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName,
      lastName,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = res.cookies.find((c) => c.name === 'sid')!;
  return {
    id: res.json<{ id: number }>().id,
    headers: { cookie: `sid=${cookie.value}`, 'sec-fetch-site': 'same-origin' },
  };
}

/** Buys the first Turkey plan by card (a fresh sandbox token), signed in as `account` or as a guest, and runs fulfilment. */
async function buy(account?: Account): Promise<{ orderNumber: string; token: string }> {
  const session = newSession();
  await api.addToCart(session, products[0]!.productId);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { 'x-session-id': session, 'idempotency-key': newKey(), ...account?.headers },
    payload: checkoutBody({ method: 'card', token: await api.cardToken() }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orderNumber, accessToken } = checkoutResponseSchema.parse(res.json());
  await ctx.services.jobs.runUntilIdle();
  return { orderNumber, token: accessToken };
}

const call = (method: InjectOptions['method'], url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

async function portalOf(headers: Record<string, string>): Promise<PortalView> {
  const res = await call('GET', '/api/portal', headers);
  expect(res.statusCode, res.body).toBe(200);
  return portalViewSchema.parse(res.json());
}

/** Drives the sandbox's simulated phone. */
async function simulate(iccid: string, action: string): Promise<void> {
  const res = await call('POST', `/api/sandbox/esims/${iccid}/actions`, {}, { action });
  expect(res.statusCode, res.body).toBe(200);
}

function topup(headers: Record<string, string>, iccid: string, payment: unknown) {
  return call(
    'POST',
    `/api/portal/esims/${iccid}/topups`,
    { ...headers, 'x-session-id': newSession(), 'idempotency-key': newKey() },
    { productId: products[1]!.productId, payment, acceptTerms: true, language: 'en' },
  );
}

const attach = (
  account: Account | { headers: Record<string, string> },
  accessToken: unknown,
  extra: Partial<InjectOptions> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/orders/attach',
    headers: account.headers,
    payload: { accessToken } as InjectOptions['payload'],
    ...extra,
  });

async function ownerOf(orderNumber: string): Promise<number | null> {
  const [row] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!.userId;
}

describe('the portal of a signed-in account (no access token)', () => {
  it("shows the account's eSIMs, syncs them and buys top-ups (card and PayPal); another account gets 404", async () => {
    const ann = await register('ann', 'Ann', 'Traveller');
    const first = await buy(ann);
    const second = await buy(ann);
    const guest = await buy();

    const view = await portalOf(ann.headers);
    expect(view.access).toBe('account');
    expect(view.customerName).toBe('Ann Traveller');
    expect(view.orderNumber).toBe(second.orderNumber);
    expect(view.esims.map((e) => e.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(view.orders.map((o) => [o.orderNumber, o.kind])).toEqual([
      [second.orderNumber, 'order'],
      [first.orderNumber, 'order'],
    ]);
    const iccid = view.esims.find((e) => e.orderNumber === first.orderNumber)!.iccid;

    // Sync (a POST with the cookie: same origin) and the traveller's first use.
    await simulate(iccid, 'first-use');
    const synced = await call('POST', `/api/portal/esims/${iccid}/sync`, ann.headers);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(portalSyncResponseSchema.parse(synced.json()).esim).toMatchObject({
      iccid,
      state: 'Active',
      canTopUp: true,
    });
    const options = await call('GET', `/api/portal/esims/${iccid}/topups`, ann.headers);
    expect(options.statusCode, options.body).toBe(200);

    // A card top-up: a `topup` order whose parent is the eSIM's own order, owned by the account.
    const card = await topup(ann.headers, iccid, { method: 'card', token: await api.cardToken() });
    expect(card.statusCode, card.body).toBe(201);
    const placed = topupResponseSchema.parse(card.json());
    await ctx.services.jobs.runUntilIdle();
    const status = await call('GET', `/api/portal/topups/${placed.orderNumber}`, ann.headers);
    expect(portalTopupSchema.parse(status.json())).toMatchObject({
      orderNumber: placed.orderNumber,
      status: 'completed',
      applied: true,
      iccid,
    });
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    const [parent] = await db().select().from(orders).where(eq(orders.orderNumber, first.orderNumber));
    expect(row).toMatchObject({ kind: 'topup', parentOrderId: parent!.id, userId: ann.id });

    // A PayPal top-up, captured with the cookie.
    const paypal = await topup(ann.headers, iccid, { method: 'paypal' });
    expect(paypal.statusCode, paypal.body).toBe(201);
    const pending = topupResponseSchema.parse(paypal.json());
    if (pending.payment.status !== 'requires_approval') throw new Error('expected a PayPal approval step');
    await api.decidePaypal(pending.payment.approvalUrl.split('/').pop()!, 'approve');
    const captured = await call('POST', `/api/portal/topups/${pending.orderNumber}/paypal/capture`, ann.headers);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(portalTopupSchema.parse(captured.json())).toMatchObject({ paymentStatus: 'succeeded' });
    await ctx.services.jobs.runUntilIdle();

    const after = await portalOf(ann.headers);
    expect(after.esims.find((e) => e.iccid === iccid)!.bundles.map((b) => b.kind)).toEqual(['main', 'topup', 'topup']);
    expect(after.orders.map((o) => o.orderNumber).sort()).toEqual(
      [first.orderNumber, second.orderNumber, placed.orderNumber, pending.orderNumber].sort(),
    );
    expect(after.orders.map((o) => o.orderNumber)).not.toContain(guest.orderNumber);

    // Another account: none of it, 404 for Ann's eSIM and top-ups.
    const bob = await register('bob', 'Bob', 'Other');
    const bobView = await portalOf(bob.headers);
    expect(bobView).toMatchObject({
      access: 'account',
      orderNumber: '',
      customerName: 'Bob Other',
      esims: [],
      orders: [],
    });
    for (const [method, url] of [
      ['POST', `/api/portal/esims/${iccid}/sync`],
      ['GET', `/api/portal/esims/${iccid}/topups`],
      ['GET', `/api/portal/topups/${placed.orderNumber}`],
      ['POST', `/api/portal/topups/${pending.orderNumber}/paypal/capture`],
    ] as const) {
      const res = await call(method, url, bob.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await topup(bob.headers, iccid, { method: 'paypal' })).statusCode).toBe(404);

    // A token still decides when one is sent, signed in or not: the token's own order only.
    const byToken = await portalOf({ ...bob.headers, 'x-access-token': guest.token });
    expect(byToken).toMatchObject({ access: 'token', orderNumber: guest.orderNumber, customerName: 'Ada Lovelace' });
    expect(byToken.orders.map((o) => o.orderNumber)).toEqual([guest.orderNumber]);
  });

  it('answers 401 token_required with neither a token nor a live session, and refuses a cross-site POST with the cookie', async () => {
    for (const headers of [{}, { cookie: 'sid=not-a-live-session' }, { 'x-access-token': '  ' }] as Record<
      string,
      string
    >[]) {
      const res = await call('GET', '/api/portal', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('token_required');
    }
    const cara = await register('cara');
    const crossSite = await call('POST', '/api/portal/esims/8944000000000000000/sync', {
      cookie: cara.headers.cookie!,
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('csrf_rejected');
  });
});

describe('POST /api/user/orders/attach', () => {
  it('attaches a guest order and its top-ups to the account, idempotently; 409 for another account', async () => {
    const dana = await register('dana', 'Dana', 'Guest');
    const guest = await buy();
    // A top-up bought through the guest portal before the order is attached.
    const iccid = (await portalOf({ 'x-access-token': guest.token })).esims[0]!.iccid;
    await simulate(iccid, 'first-use');
    expect((await call('POST', `/api/portal/esims/${iccid}/sync`, { 'x-access-token': guest.token })).statusCode).toBe(
      200,
    );
    const guestTopup = await topup({ 'x-access-token': guest.token }, iccid, {
      method: 'card',
      token: await api.cardToken(),
    });
    expect(guestTopup.statusCode, guestTopup.body).toBe(201);
    const topupNumber = topupResponseSchema.parse(guestTopup.json()).orderNumber;
    await ctx.services.jobs.runUntilIdle();
    expect(await ownerOf(topupNumber)).toBeNull();
    expect((await portalOf(dana.headers)).esims).toEqual([]);

    const res = await attach(dana, `  ${guest.token} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(attachOrderResponseSchema.parse(res.json())).toEqual({
      orderNumber: guest.orderNumber,
      alreadyAttached: false,
    });
    expect(await ownerOf(guest.orderNumber)).toBe(dana.id);
    expect(await ownerOf(topupNumber)).toBe(dana.id);
    const view = await portalOf(dana.headers);
    expect(view.esims.map((e) => e.iccid)).toEqual([iccid]);
    expect(view.orders.map((o) => o.orderNumber)).toEqual([topupNumber, guest.orderNumber]);
    expect((await call('GET', `/api/portal/topups/${topupNumber}`, dana.headers)).statusCode).toBe(200);

    const again = await attach(dana, guest.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ orderNumber: guest.orderNumber, alreadyAttached: true });

    const eve = await register('eve');
    const taken = await attach(eve, guest.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'order_belongs_to_another_account', field: 'accessToken' });
    expect(await ownerOf(guest.orderNumber)).toBe(dana.id);
    // An order placed while signed in belongs to its account already.
    const evesOwn = await buy(eve);
    expect(await attach(dana, evesOwn.token).then((r) => r.statusCode)).toBe(409);
    expect((await attach(eve, evesOwn.token)).json()).toEqual({
      orderNumber: evesOwn.orderNumber,
      alreadyAttached: true,
    });
    // The token portal of the attached order works as before.
    expect((await portalOf({ 'x-access-token': guest.token })).access).toBe('token');
  });

  it('answers 400 invalid_token with one body for unknown, expired and revoked tokens; 401 signed out; 403 cross-site', async () => {
    const finn = await register('finn');
    const expired = await buy();
    const revoked = await buy();
    await db()
      .update(orders)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.orderNumber, expired.orderNumber));
    await db()
      .update(orders)
      .set({ accessTokenRevokedAt: new Date() })
      .where(eq(orders.orderNumber, revoked.orderNumber));
    const bodies: unknown[] = [];
    for (const token of ['not-a-token-of-any-order', 'x'.repeat(400), expired.token, revoked.token]) {
      const res = await attach(finn, token);
      expect(res.statusCode, token).toBe(400);
      bodies.push(res.json());
    }
    expect(bodies[0]).toEqual({ error: { code: 'invalid_token', message: expect.any(String), field: 'accessToken' } });
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await ownerOf(expired.orderNumber)).toBeNull();
    expect(await ownerOf(revoked.orderNumber)).toBeNull();

    const empty = await attach(finn, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'validation_error', field: 'accessToken' });

    const signedOut = await attach({ headers: {} }, expired.token);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthorized');
    const crossSite = await attach({ headers: { cookie: finn.headers.cookie! } }, expired.token);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('csrf_rejected');
  });

  it('throttles failed attempts per account and per address: 429 with Retry-After', async () => {
    const gus = await register('gus');
    const max = ATTACH_THROTTLE_POLICY.declines!.perSubject.max;
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < max; i++) expect((await attach(gus, `guess-${i}`, from)).statusCode).toBe(400);
    const limited = await attach(gus, 'guess-last', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is still limited (per account) ...
    expect((await attach(gus, 'guess', { remoteAddress: '198.51.100.9' })).statusCode).toBe(429);
    // ... and another account from this address is not yet (per address allows more).
    const hal = await register('hal');
    expect((await attach(hal, 'guess', from)).statusCode).toBe(400);
  });
});

describe('GET /api/orders', () => {
  it("lists the signed-in customer's own orders and top-ups, newest first; 401 signed out", async () => {
    const ivy = await register('ivy');
    const jon = await register('jon');
    const first = await buy(ivy);
    const second = await buy(ivy);
    await buy(jon);
    await buy();

    const res = await call('GET', '/api/orders', ivy.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = accountOrdersResponseSchema.parse(res.json()).orders;
    expect(list.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(list[0]).toEqual({
      orderNumber: second.orderNumber,
      kind: 'order',
      createdAt: expect.any(String),
      status: 'completed',
      totalCents: products[0]!.priceCents,
      currency: 'USD',
      items: [{ name: products[0]!.name, quantity: 1 }],
    });
    expect(res.headers['cache-control']).toBe('no-store');

    const signedOut = await call('GET', '/api/orders');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthorized');
  });
});
