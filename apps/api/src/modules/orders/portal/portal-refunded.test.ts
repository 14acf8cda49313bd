import type { ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { orderViewSchema } from '@esim/contract/order';
import {
  type PortalView,
  portalSyncResponseSchema,
  portalViewSchema,
  topupResponseSchema,
} from '@esim/contract/portal';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esims, orders, refunds } from '../orders.schema.ts';
import type { SandboxEsimProvider } from '../../../providers/esim/sandbox.ts';
import { type SignedIn, signIn } from '../../../../test/accounts.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../../test/orders-fixtures.ts';

/**
 * A refunded order as its customer sees it (`GET /api/portal`, `GET /api/orders/{n}`): its eSIMs
 * are `Refunded`, with the refund's amount and date, and the API no longer sends what installs
 * them (activation code, SM-DP+ address, matching id: the QR code's content); a top-up of a
 * refunded eSIM is refused. A refund is one per order, in full (`modules/refunds/`): a refunded
 * top-up refunds its own bundle, not the eSIM it went to. Runs on PGlite and, with
 * `DATABASE_URL`, on PostgreSQL.
 */

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let admin: SignedIn;
let turkey: number[];

beforeAll(async () => {
  ctx = await createOrdersTestApp();
  api = client(ctx.app);
  admin = await signIn(ctx.app, ctx.services, ctx.database, { admin: true, twoFactor: true });
  turkey = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR&type=prepaid' }))
    .json<ProductsResponse>()
    .products.map((p) => p.productId);
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const esimProvider = () => ctx.services.esimProvider as SandboxEsimProvider;

interface Bought {
  orderNumber: string;
  orderId: number;
  session: string;
  token: string;
  totalCents: number;
  /** The install details as stored, to look for in the answers. */
  esims: { iccid: string; smdpAddress: string; matchingId: string; activationCode: string }[];
}

/** Buys `quantity` of a Turkish plan by card and runs fulfilment to completion. */
async function buy(quantity = 1): Promise<Bought> {
  const session = newSession();
  await api.addToCart(session, turkey[0]!, quantity);
  const res = await api.checkout(session, newKey(), checkoutBody({ method: 'card', token: await api.cardToken() }));
  expect(res.statusCode, res.body).toBe(201);
  const body = checkoutResponseSchema.parse(res.json());
  await ctx.services.jobs.runUntilIdle();
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, body.orderNumber));
  expect(order?.status).toBe('completed');
  const delivered = await db()
    .select({
      iccid: esims.iccid,
      smdpAddress: esims.smdpAddress,
      matchingId: esims.matchingId,
      activationCode: esims.activationCode,
    })
    .from(esims)
    .where(eq(esims.orderId, order!.id))
    .orderBy(esims.id);
  expect(delivered).toHaveLength(quantity);
  return {
    orderNumber: body.orderNumber,
    orderId: order!.id,
    session,
    token: body.accessToken,
    totalCents: order!.totalCents,
    esims: delivered,
  };
}

/** Refunds an order as an admin (`POST /api/orders/{id}/refund`); the stored refund. */
async function refund(orderNumber: string, payload: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderNumber}/refund`,
    headers: admin.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  const [row] = await db()
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, order!.id), eq(refunds.status, 'succeeded')));
  expect(row?.completedAt).toBeInstanceOf(Date);
  return row!;
}

const portal = (token: string, url = '/api/portal', method: 'GET' | 'POST' = 'GET') =>
  ctx.app.inject({ method, url, headers: { 'x-access-token': token } });

async function view(token: string): Promise<{ body: string; view: PortalView }> {
  const res = await portal(token);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, view: portalViewSchema.parse(res.json()) };
}

function topup(token: string, iccid: string, cardToken: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/portal/esims/${iccid}/topups`,
    headers: { 'x-access-token': token, 'x-session-id': newSession(), 'idempotency-key': newKey() },
    payload: {
      productId: turkey[1] ?? turkey[0]!,
      payment: { method: 'card', token: cardToken },
      acceptTerms: true,
      language: 'en',
    },
  });
}

/** None of the eSIMs' install details (nor any LPA string) appears anywhere in `body`. */
function expectNoInstallDetails(body: string, bought: Bought): void {
  expect(body).not.toContain('LPA:');
  for (const esim of bought.esims) {
    expect(body).not.toContain(esim.activationCode);
    expect(body).not.toContain(esim.matchingId);
    expect(body).not.toContain(esim.smdpAddress);
  }
}

describe('a fully refunded order', () => {
  it('shows each of its eSIMs Refunded in the portal, with the refund, and without what installs it', async () => {
    const order = await buy(2);
    const before = await view(order.token);
    expect(before.view.esims.map((e) => e.activationCode)).toEqual(order.esims.map((e) => e.activationCode));

    const row = await refund(order.orderNumber);
    const { body, view: after } = await view(order.token);
    expect(after.esims.map((e) => e.iccid)).toEqual(order.esims.map((e) => e.iccid));
    for (const esim of after.esims) {
      expect(esim).toMatchObject({
        state: 'Refunded',
        archived: true,
        canTopUp: false,
        refund: {
          amountCents: order.totalCents,
          refundedAt: row.completedAt!.toISOString(),
          orderNumber: order.orderNumber,
        },
        smdpAddress: null,
        matchingId: null,
        activationCode: null,
        simulatorUrl: null,
      });
      expect(esim.bundles.map((b) => b.state)).toEqual(['refunded']);
    }
    expectNoInstallDetails(body, order);
    expect(after.orders.find((o) => o.orderNumber === order.orderNumber)?.status).toBe('refunded');

    // A sync reads the provider again, and still sends nothing to install.
    const synced = await portal(order.token, `/api/portal/esims/${order.esims[0]!.iccid}/sync`, 'POST');
    expect(synced.statusCode, synced.body).toBe(200);
    expect(portalSyncResponseSchema.parse(synced.json()).esim).toMatchObject({
      state: 'Refunded',
      activationCode: null,
    });
    expectNoInstallDetails(synced.body, order);
  });

  it('shows the order refunded on its confirmation page, by token and by session, without what installs its eSIMs', async () => {
    const order = await buy(2);
    const row = await refund(order.orderNumber);
    const readers: Record<string, string>[] = [{ 'x-access-token': order.token }, { 'x-session-id': order.session }];
    for (const headers of readers) {
      const res = await api.getOrder(order.orderNumber, headers);
      expect(res.statusCode, res.body).toBe(200);
      const seen = orderViewSchema.parse(res.json());
      expect(seen).toMatchObject({
        status: 'refunded',
        refund: { amountCents: order.totalCents, refundedAt: row.completedAt!.toISOString() },
      });
      expect(seen.esims.map((e) => [e.iccid, e.status, e.smdpAddress, e.matchingId, e.activationCode])).toEqual(
        order.esims.map((e) => [e.iccid, 'Refunded', null, null, null]),
      );
      expectNoInstallDetails(res.body, order);
    }
  });

  it('refuses a top-up of its eSIM (409 esim_refunded), even while a started bundle runs on at the provider', async () => {
    const order = await buy();
    const iccid = order.esims[0]!.iccid;
    await esimProvider().simulate(iccid, { action: 'first-use' });
    expect((await portal(order.token, `/api/portal/esims/${iccid}/sync`, 'POST')).statusCode).toBe(200);
    expect((await view(order.token)).view.esims[0]).toMatchObject({ state: 'Active', canTopUp: true });

    // Refunded against the policy: the started bundle is kept at the provider.
    await refund(order.orderNumber, { override: true, reason: 'No coverage at the destination' });
    expect((await esimProvider().listBundles(iccid)).map((b) => b.state)).toEqual(['active']);
    expect((await view(order.token)).view.esims[0]).toMatchObject({
      state: 'Refunded',
      canTopUp: false,
      activationCode: null,
    });

    const options = await portal(order.token, `/api/portal/esims/${iccid}/topups`);
    expect(options.statusCode).toBe(409);
    expect(options.json()).toMatchObject({
      error: { code: 'esim_refunded', message: expect.stringMatching(/refunded/i) },
    });
    expectNoInstallDetails(options.body, order);

    const refused = await topup(order.token, iccid, await api.cardToken());
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.json()).toEqual({ error: { code: 'esim_refunded', message: expect.stringMatching(/refunded/i) } });
    const topups = await db().select({ id: orders.id }).from(orders).where(eq(orders.parentOrderId, order.orderId));
    expect(topups).toEqual([]);
  });
});

describe('a refunded top-up', () => {
  it('refunds its own bundle only: the eSIM stays active, installable and can be topped up again', async () => {
    const order = await buy();
    const iccid = order.esims[0]!.iccid;
    await esimProvider().simulate(iccid, { action: 'first-use' });
    expect((await portal(order.token, `/api/portal/esims/${iccid}/sync`, 'POST')).statusCode).toBe(200);
    const placed = await topup(order.token, iccid, await api.cardToken());
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderNumber: topupNumber } = topupResponseSchema.parse(placed.json());
    await ctx.services.jobs.runUntilIdle();

    await refund(topupNumber);
    const { view: after } = await view(order.token);
    const [esim] = after.esims;
    expect(esim).toMatchObject({
      state: 'Active',
      archived: false,
      canTopUp: true,
      refund: null,
      activationCode: order.esims[0]!.activationCode,
      matchingId: order.esims[0]!.matchingId,
    });
    expect(esim!.bundles.map((b) => [b.kind, b.state])).toEqual([
      ['main', 'active'],
      ['topup', 'refunded'],
    ]);
    expect(after.orders.map((o) => [o.orderNumber, o.status])).toEqual([
      [topupNumber, 'refunded'],
      [order.orderNumber, 'completed'],
    ]);

    const seen = orderViewSchema.parse(
      (await api.getOrder(order.orderNumber, { 'x-access-token': order.token })).json(),
    );
    expect(seen).toMatchObject({ status: 'completed', refund: null });
    expect(seen.esims[0]).toMatchObject({ activationCode: order.esims[0]!.activationCode });
  });
});
