import {
  type RefundCheck,
  type RefundResponse,
  refundCheckSchema,
  refundResponseSchema,
} from '@esim/contract/admin-refunds';
import type { ProductsResponse } from '@esim/contract/catalog';
import { checkoutResponseSchema } from '@esim/contract/checkout';
import { portalViewSchema, topupResponseSchema } from '@esim/contract/portal';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog } from '../../admin/admin.schema.ts';
import { esimBundles, esims, orderEvents, orderStatusChanges, orders, refunds } from '../orders.schema.ts';
import { jobs } from '../../../lib/platform.schema.ts';
import { EsimProviderError } from '../../../providers/esim/esim-provider.ts';
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
 * Refunds: the refund policy of docs/product-rules.md#refunds through
 * `GET /api/orders/{id}/refund-check` and `POST /api/orders/{id}/refund`, against the sandbox
 * payment provider (card and PayPal, its `sandbox_refunds` ledger) and the sandbox eSIM provider
 * (activation, revocation). Runs on PGlite and, with `DATABASE_URL`, on PostgreSQL, where the
 * concurrent refunds really race.
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
  accessToken: string;
  totalCents: number;
  paymentReference: string;
  iccids: string[];
}

/** Buys `quantity` of a Turkish plan by card or PayPal (approved and captured) and runs fulfilment to completion. */
async function buy(method: 'card' | 'paypal' = 'card', quantity = 1): Promise<Bought> {
  const session = newSession();
  await api.addToCart(session, turkey[0]!, quantity);
  const payment =
    method === 'card' ? { method: 'card' as const, token: await api.cardToken() } : { method: 'paypal' as const };
  const res = await api.checkout(session, newKey(), checkoutBody(payment));
  expect(res.statusCode).toBe(201);
  const body = checkoutResponseSchema.parse(res.json());
  if (body.payment.status === 'requires_approval') {
    await api.decidePaypal(body.payment.approvalUrl.split('/').at(-1)!, 'approve');
    expect((await api.capture(body.orderNumber, { 'x-session-id': session })).statusCode).toBe(200);
  }
  await ctx.services.jobs.runUntilIdle();
  const [order] = await db().select().from(orders).where(eq(orders.orderNumber, body.orderNumber));
  if (!order?.paymentReference) throw new Error('order not paid');
  expect(order.status).toBe('completed');
  const delivered = await db()
    .select({ iccid: esims.iccid })
    .from(esims)
    .where(eq(esims.orderId, order.id))
    .orderBy(esims.id);
  return {
    orderNumber: body.orderNumber,
    orderId: order.id,
    accessToken: body.accessToken,
    totalCents: order.totalCents,
    paymentReference: order.paymentReference,
    iccids: delivered.map((e) => e.iccid),
  };
}

const check = (orderNumber: string, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}/refund-check`, headers });
const refund = (
  orderNumber: string,
  payload: Record<string, unknown> = {},
  headers: Record<string, string> = admin.headers,
) => ctx.app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/refund`, headers, payload });

async function checked(orderNumber: string): Promise<RefundCheck> {
  const res = await check(orderNumber);
  expect(res.statusCode).toBe(200);
  return refundCheckSchema.parse(res.json());
}

async function refunded(orderNumber: string, payload: Record<string, unknown> = {}): Promise<RefundResponse> {
  const res = await refund(orderNumber, payload);
  expect(res.statusCode, res.body).toBe(200);
  return refundResponseSchema.parse(res.json());
}

const statusOf = async (orderId: number) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const refundRow = async (orderId: number) => (await db().select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
const ledger = (chargeReference: string) => ctx.payments.refundsOf(chargeReference);
const eventsOf = (orderId: number) =>
  db()
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'refund')))
    .orderBy(orderEvents.id);
const bundleStates = async (iccid: string) => (await esimProvider().listBundles(iccid)).map((b) => b.state);

describe('refund policy', () => {
  it('refunds a fresh, unactivated card order in full: one sandbox refund, eSIMs cancelled, order refunded and recorded', async () => {
    const order = await buy('card', 2);
    const verdict = await checked(order.orderNumber);
    expect(verdict).toMatchObject({
      eligible: true,
      overridable: false,
      amountCents: order.totalCents,
      daysSincePurchase: 0,
      windowDays: 30,
      activatedIccids: [],
      reasons: [],
      paymentMethod: 'card',
      status: 'completed',
      refund: null,
    });
    expect(verdict.esims.map((e) => [e.iccid, e.activated, e.profileState, e.cancellableBundles])).toEqual(
      order.iccids.map((iccid) => [iccid, false, 'released', 1]),
    );

    const result = await refunded(order.orderNumber, { notify: true, reason: 'Customer changed plans' });
    expect(result).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'refunded',
      refund: {
        status: 'succeeded',
        amountCents: order.totalCents,
        override: false,
        reason: 'Customer changed plans',
        actor: `admin:${admin.username}`,
      },
      keptBundles: [],
      cancelErrors: [],
      notified: true,
    });
    expect(result.refund.providerReference).toMatch(/^re_/);
    expect(result.cancelledBundles.map((b) => [b.iccid, b.state])).toEqual(
      order.iccids.map((iccid) => [iccid, 'revoked']),
    );

    // The sandbox's ledger: one refund of the whole charge.
    expect(await ledger(order.paymentReference)).toMatchObject([
      { status: 'succeeded', amountCents: order.totalCents, id: result.refund.providerReference },
    ]);
    expect(ctx.payments.refundCalls.filter((c) => c.chargeReference === order.paymentReference)).toEqual([
      {
        chargeReference: order.paymentReference,
        amountCents: order.totalCents,
        idempotencyKey: `refund:${order.orderId}`,
      },
    ]);
    // Cancelled at the eSIM provider, and the store's copy follows.
    for (const iccid of order.iccids) expect(await bundleStates(iccid)).toEqual(['revoked']);
    const stored = await db()
      .select({ state: esimBundles.state })
      .from(esimBundles)
      .innerJoin(esims, eq(esims.id, esimBundles.esimId))
      .where(eq(esims.orderId, order.orderId));
    expect(stored.map((s) => s.state)).toEqual(['revoked', 'revoked']);

    expect(await statusOf(order.orderId)).toBe('refunded');
    const [change] = await db()
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.orderId))
      .orderBy(desc(orderStatusChanges.id))
      .limit(1);
    expect(change).toMatchObject({
      fromStatus: 'completed',
      toStatus: 'refunded',
      actor: `admin:${admin.username}`,
      note: 'Customer changed plans',
    });
    const [event] = await eventsOf(order.orderId);
    expect(event).toMatchObject({
      actor: `admin:${admin.username}`,
      data: {
        status: 'succeeded',
        amountCents: order.totalCents,
        reference: result.refund.providerReference,
        override: false,
        reason: 'Customer changed plans',
        notify: true,
      },
    });
    const [notification] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'order-notification'), sql`${jobs.payload}->>'orderId' = ${String(order.orderId)}`));
    expect(notification?.payload).toEqual({
      orderId: order.orderId,
      status: 'refunded',
      actor: `admin:${admin.username}`,
    });

    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'POST /api/orders/:id/refund'))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ target: `order:${order.orderNumber}`, statusCode: 200, username: admin.username });
    expect(audit?.before).toMatchObject({ status: 'completed', refund: null });
    expect(audit?.after).toMatchObject({
      status: 'refunded',
      refund: { status: 'succeeded', amountCents: order.totalCents },
    });

    // Done once: a second refund is refused, and the check says why.
    const again = await refund(order.orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'already_refunded' } });
    expect(await checked(order.orderNumber)).toMatchObject({
      eligible: false,
      overridable: false,
      reasons: [{ code: 'already_refunded' }],
      refund: { status: 'succeeded' },
    });
    expect(await ledger(order.paymentReference)).toHaveLength(1);
  });

  it('refuses an order whose eSIM was activated (409, naming the ICCID), unless overridden with a reason', async () => {
    const order = await buy('card', 2);
    const activated = order.iccids[0]!;
    await esimProvider().simulate(activated, { action: 'first-use' });
    // The store's copy still says Ready: the check reads the provider.
    expect((await db().select({ status: esims.status }).from(esims).where(eq(esims.iccid, activated)))[0]?.status).toBe(
      'Ready',
    );

    const verdict = await checked(order.orderNumber);
    expect(verdict).toMatchObject({
      eligible: false,
      overridable: true,
      activatedIccids: [activated],
      reasons: [{ code: 'activated', iccids: [activated] }],
    });
    expect(verdict.reasons[0]?.message).toContain(activated);

    const refused = await refund(order.orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'refund_refused', message: expect.stringContaining(activated) },
    });
    expect(await refundRow(order.orderId)).toBeUndefined();

    for (const payload of [{ override: true }, { override: true, reason: '   ' }]) {
      const missing = await refund(order.orderNumber, payload);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: { code: 'validation_error', field: 'reason' } });
    }
    expect(await ledger(order.paymentReference)).toEqual([]);

    const result = await refunded(order.orderNumber, { override: true, reason: 'Network outage at destination' });
    expect(result.refund).toMatchObject({
      status: 'succeeded',
      override: true,
      reason: 'Network outage at destination',
    });
    // The started bundle runs on (nothing to credit); the unused eSIM is cancelled.
    expect(result.keptBundles).toEqual([{ iccid: activated, bundle: expect.any(String), state: 'active' }]);
    expect(result.cancelledBundles.map((b) => b.iccid)).toEqual([order.iccids[1]]);
    expect(await bundleStates(activated)).toEqual(['active']);
    expect(await bundleStates(order.iccids[1]!)).toEqual(['revoked']);
    expect((await eventsOf(order.orderId))[0]?.data).toMatchObject({
      override: true,
      reason: 'Network outage at destination',
      policy: ['activated'],
    });
    expect(await statusOf(order.orderId)).toBe('refunded');
  });

  it('counts an installed profile as activated', async () => {
    const order = await buy();
    await esimProvider().simulate(order.iccids[0]!, { action: 'install' });
    const verdict = await checked(order.orderNumber);
    expect(verdict.reasons).toMatchObject([
      { code: 'activated', message: expect.stringContaining('profile installed') },
    ]);
  });

  it('refuses an order bought more than 30 days ago, saying how many days', async () => {
    const order = await buy();
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 days 2 hours'` })
      .where(eq(orders.id, order.orderId));
    const verdict = await checked(order.orderNumber);
    expect(verdict).toMatchObject({
      eligible: false,
      overridable: true,
      daysSincePurchase: 31,
      reasons: [{ code: 'window_passed' }],
    });
    const refused = await refund(order.orderNumber);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'refund_refused', message: expect.stringContaining('31 days ago') },
    });
    // Day 29 is still inside the window.
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '29 days 23 hours'` })
      .where(eq(orders.id, order.orderId));
    expect(await checked(order.orderNumber)).toMatchObject({ eligible: true, daysSincePurchase: 29 });
  });

  it('refunds a PayPal payment', async () => {
    const order = await buy('paypal');
    expect((await checked(order.orderNumber)).paymentMethod).toBe('paypal');
    const result = await refunded(order.orderNumber);
    expect(result.refund.providerReference).toMatch(/^[0-9A-Z]{17}$/);
    expect(result.notified).toBe(false);
    expect(await ledger(order.paymentReference)).toMatchObject([
      { status: 'succeeded', amountCents: order.totalCents },
    ]);
    expect(await statusOf(order.orderId)).toBe('refunded');
  });

  it('refunds a top-up alone: only its bundle is cancelled, the parent eSIM keeps running', async () => {
    const parent = await buy();
    const iccid = parent.iccids[0]!;
    await esimProvider().simulate(iccid, { action: 'first-use' });
    const sync = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/sync`,
      headers: { 'x-access-token': parent.accessToken },
    });
    expect(sync.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/esims/${iccid}/topups`,
      headers: { 'x-access-token': parent.accessToken, 'x-session-id': newSession(), 'idempotency-key': newKey() },
      payload: {
        productId: turkey[1] ?? turkey[0]!,
        payment: { method: 'card', token: await api.cardToken() },
        acceptTerms: true,
        language: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const topup = topupResponseSchema.parse(res.json());
    await ctx.services.jobs.runUntilIdle();
    expect(await bundleStates(iccid)).toEqual(['active', 'queued']);

    // The parent is activated; the top-up's own bundle has not started.
    expect(await checked(parent.orderNumber)).toMatchObject({ eligible: false, activatedIccids: [iccid] });
    const verdict = await checked(topup.orderNumber);
    expect(verdict).toMatchObject({
      kind: 'topup',
      eligible: true,
      activatedIccids: [],
      esims: [{ iccid, cancellableBundles: 1 }],
    });
    const result = await refunded(topup.orderNumber);
    expect(result.cancelledBundles).toEqual([{ iccid, bundle: expect.any(String), state: 'revoked' }]);
    expect(await bundleStates(iccid)).toEqual(['active', 'revoked']);
    const [parentRow] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderNumber, parent.orderNumber));
    expect(parentRow?.status).toBe('completed');
    const portal = portalViewSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/portal', headers: { 'x-access-token': parent.accessToken } })
      ).json(),
    );
    expect(portal.esims[0]?.iccid).toBe(iccid);
  });

  it('answers 404 for unknown or malformed order numbers and 409 for an unpaid order', async () => {
    for (const number of ['ORD-NOPE000000', 'nonsense', 'ORD-%00']) {
      expect((await check(number)).statusCode).toBe(404);
      expect((await refund(number)).statusCode).toBe(404);
    }
    const session = newSession();
    await api.addToCart(session, turkey[0]!, 1);
    const res = await api.checkout(session, newKey(), checkoutBody({ method: 'paypal' }));
    const { orderNumber } = checkoutResponseSchema.parse(res.json());
    expect(await checked(orderNumber)).toMatchObject({
      eligible: false,
      overridable: false,
      reasons: [{ code: 'not_paid' }],
    });
    const refused = await refund(orderNumber, { override: true, reason: 'try' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_transition' } });
  });

  it('validates the body: reason length and characters, types', async () => {
    const order = await buy();
    for (const [payload, field] of [
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ reason: 'bad\u0000text' }, undefined],
      [{ override: 'yes' }, 'override'],
      [{ notify: 1 }, 'notify'],
    ] as const) {
      const res = await refund(order.orderNumber, payload);
      expect(res.statusCode).toBe(400);
      if (field) expect(res.json()).toMatchObject({ error: { field } });
    }
    expect(await refundRow(order.orderId)).toBeUndefined();
  });
});

describe('refunds never run twice', () => {
  it('gives two refunds sent at once one refund and one provider refund', async () => {
    const order = await buy();
    ctx.payments.latencyMs = 50;
    let results;
    try {
      results = await Promise.all([refund(order.orderNumber), refund(order.orderNumber), refund(order.orderNumber)]);
    } finally {
      ctx.payments.latencyMs = 0;
    }
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect(['refund_in_progress', 'already_refunded']).toContain(
        loser.json<{ error: { code: string } }>().error.code,
      );
    }
    expect(ctx.payments.refundCalls.filter((c) => c.chargeReference === order.paymentReference)).toHaveLength(1);
    expect(await ledger(order.paymentReference)).toHaveLength(1);
    expect(await eventsOf(order.orderId)).toHaveLength(1);
    const changes = await db()
      .select()
      .from(orderStatusChanges)
      .where(and(eq(orderStatusChanges.orderId, order.orderId), eq(orderStatusChanges.toStatus, 'refunded')));
    expect(changes).toHaveLength(1);
  });

  it('leaves a refund failed and the order unchanged when the provider is down, then retries with the same key', async () => {
    const order = await buy();
    ctx.payments.unreachable = true;
    const down = await refund(order.orderNumber).finally(() => {
      ctx.payments.unreachable = false;
    });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'upstream_error' } });
    expect(await statusOf(order.orderId)).toBe('completed');
    expect(await refundRow(order.orderId)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('unreachable'),
      idempotencyKey: `refund:${order.orderId}`,
    });
    expect(await checked(order.orderNumber)).toMatchObject({ eligible: true, refund: { status: 'failed' } });
    expect(await bundleStates(order.iccids[0]!)).toEqual(['queued']);

    // The provider refuses once (its `failed` answer), then the retry goes through.
    const spy = vi.spyOn(ctx.payments, 'refund').mockResolvedValueOnce({
      status: 'failed',
      reference: 're_refused',
      failureMessage: 'The bank refused the refund.',
    });
    const refused = await refund(order.orderNumber);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      error: { code: 'upstream_error', message: expect.stringContaining('The bank refused the refund.') },
    });
    expect(await refundRow(order.orderId)).toMatchObject({ status: 'failed', error: 'The bank refused the refund.' });
    expect(await statusOf(order.orderId)).toBe('completed');

    const result = await refunded(order.orderNumber, { reason: 'retry' });
    expect(result.refund).toMatchObject({ status: 'succeeded', error: null, reason: 'retry' });
    const keys = spy.mock.calls.map(([request]) => request.idempotencyKey);
    spy.mockRestore();
    expect(keys).toEqual([`refund:${order.orderId}`, `refund:${order.orderId}`]);
    expect(await ledger(order.paymentReference)).toHaveLength(1);
    expect(await statusOf(order.orderId)).toBe('refunded');
    expect((await eventsOf(order.orderId)).map((e) => e.data.status)).toEqual(['failed', 'failed', 'succeeded']);
  });

  it('reads unreadable eSIMs as unknown (override needed) and cancels them later in the background', async () => {
    const order = await buy();
    const iccid = order.iccids[0]!;
    const down = () => Promise.reject(new EsimProviderError('eSIM provider busy', true, 503));
    const getEsim = vi.spyOn(esimProvider(), 'getEsim').mockImplementation(down);
    try {
      const verdict = await checked(order.orderNumber);
      expect(verdict).toMatchObject({
        eligible: false,
        overridable: true,
        reasons: [{ code: 'esim_state_unknown', iccids: [iccid] }],
        esims: [{ iccid, activated: null, error: 'eSIM provider busy' }],
      });
      expect((await refund(order.orderNumber)).json()).toMatchObject({ error: { code: 'refund_refused' } });
      const result = await refunded(order.orderNumber, {
        override: true,
        reason: 'Provider outage; customer never travelled',
      });
      expect(result.cancelErrors).toEqual([{ iccid, bundle: null, message: 'eSIM provider busy' }]);
      expect(await bundleStates(iccid)).toEqual(['queued']);
    } finally {
      getEsim.mockRestore();
    }
    await ctx.services.jobs.runUntilIdle();
    expect(await bundleStates(iccid)).toEqual(['revoked']);
    expect((await eventsOf(order.orderId)).map((e) => e.data.status)).toEqual(['succeeded', 'cancelled_bundles']);
  });
});

describe('refund permissions', () => {
  it('answers 401 signed out, 403 to customers, 403 csrf_rejected without a same-origin proof', async () => {
    const order = await buy();
    expect((await check(order.orderNumber, {})).statusCode).toBe(401);
    expect((await refund(order.orderNumber, {}, {})).statusCode).toBe(401);
    const customer = await signIn(ctx.app, ctx.services, ctx.database);
    for (const res of [
      await check(order.orderNumber, customer.headers),
      await refund(order.orderNumber, {}, customer.headers),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden', message: 'Admin privileges required' } });
    }
    const crossSite = await refund(order.orderNumber, {}, { cookie: admin.cookie });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ error: { code: 'csrf_rejected' } });
    const ok = await check(order.orderNumber);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(await refundRow(order.orderId)).toBeUndefined();
    expect(await statusOf(order.orderId)).toBe('completed');
  });
});
