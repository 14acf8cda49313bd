import type {
  AdminOrderDetail,
  AdminOrdersResponse,
  OrderStatusesResponse,
  ReissueTokenResponse,
} from '@esim/contract/admin-orders';
import type { CheckoutResponse } from '@esim/contract/checkout';
import type { PortalView } from '@esim/contract/portal';
import { and, asc, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../admin/admin.schema.ts';
import { emailMessages } from '../../email/email.schema.ts';
import { jobs } from '../../../lib/platform.schema.ts';
import { orderEvents, orderStatusChanges, orders } from '../orders.schema.ts';
import { SANDBOX_TEST_CARDS } from '../../../providers/payment/sandbox.ts';
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
 * Orders in the admin area: the list (filters, each kind of search, keyset pages that
 * stay stable while orders arrive, 400 naming the field), the statuses, status changes (table,
 * compare-and-set, two admins at once), notifications in the order's language, the order screen
 * and its actions, the audit log. Runs on PGlite and, with `DATABASE_URL`, on PostgreSQL, where
 * the concurrent changes really overlap.
 */

let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let admin: SignedIn;
let customer: SignedIn;
let turkey: number;
let france: number;

const db = () => ctx.database.db;
const inject = (options: InjectOptions) => ctx.app.inject(options);
const asAdmin = (options: InjectOptions, who: SignedIn = admin) =>
  inject({ ...options, headers: { ...who.headers, ...options.headers } });
const listOrders = async (query = '', who: SignedIn = admin) => {
  const res = await asAdmin({ method: 'GET', url: `/api/orders${query}` }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrdersResponse>();
};
const detail = async (orderNumber: string) => {
  const res = await asAdmin({ method: 'GET', url: `/api/admin/orders/${orderNumber}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderDetail>();
};

/**
 * The audit rows of `target` once there are at least `count`: the audit hook writes after the
 * answer has gone, so a test may read before it has.
 */
async function auditOf(target: string, count: number) {
  for (let i = 0; ; i++) {
    const rows = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, target))
      .orderBy(asc(adminAuditLog.id));
    if (rows.length >= count || i === 100) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A customer's purchase; unique e-mail per call unless given. */
interface Purchase {
  orderNumber: string;
  accessToken: string;
  session: string;
}

async function buy(opts: {
  name: string;
  email: string;
  language?: 'en' | 'tr' | 'es' | 'fr' | 'de';
  productId?: number;
  quantity?: number;
  payment?: 'card' | 'paypal' | 'declined';
}): Promise<Purchase> {
  const session = newSession();
  await api.addToCart(session, opts.productId ?? turkey, opts.quantity ?? 1);
  const payment =
    opts.payment === 'paypal'
      ? ({ method: 'paypal' } as const)
      : {
          method: 'card' as const,
          token: await api.cardToken(
            opts.payment === 'declined' ? SANDBOX_TEST_CARDS.declined : SANDBOX_TEST_CARDS.succeeds,
          ),
        };
  const res = await api.checkout(
    session,
    newKey(),
    checkoutBody(payment, { customer: { fullName: opts.name, email: opts.email }, language: opts.language ?? 'en' }),
  );
  expect([201, 402]).toContain(res.statusCode);
  if (res.statusCode === 402) {
    const [row] = await db()
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.sessionId, session));
    return { orderNumber: row!.orderNumber, accessToken: '', session };
  }
  const body = res.json<CheckoutResponse>();
  return { orderNumber: body.orderNumber, accessToken: body.accessToken, session };
}

const iccidsOf = async (token: string) =>
  (await inject({ method: 'GET', url: '/api/portal', headers: { 'x-access-token': token } }))
    .json<PortalView>()
    .esims.map((e) => e.iccid);

/** The fixtures' orders. */
let ada: Purchase;
let grace: Purchase;
let elif: Purchase;
let declined: Purchase;
let topup: string;
let adaIccid: string;

beforeAll(async () => {
  ctx = await createOrdersTestApp();
  api = client(ctx.app);
  const products = (country: string) =>
    inject({ method: 'GET', url: `/api/products?country=${country}&type=prepaid` }).then((r) =>
      r
        .json<{ products: { productId: number; countryCode: string }[] }>()
        .products.filter((p) => p.countryCode === country),
    );
  turkey = (await products('TR'))[0]!.productId;
  france = (await products('FR'))[0]!.productId;
  admin = await signIn(ctx.app, ctx.services, ctx.database, { admin: true, twoFactor: true });
  customer = await signIn(ctx.app, ctx.services, ctx.database);

  ada = await buy({ name: 'Ada Lovelace', email: 'ada.lovelace@example.com', language: 'tr' });
  grace = await buy({
    name: 'Grace Hopper',
    email: 'Grace.Hopper@Example.org',
    language: 'de',
    productId: france,
    quantity: 2,
  });
  elif = await buy({ name: 'Elif Yılmaz', email: 'elif@example.net', language: 'es', payment: 'paypal' });
  declined = await buy({ name: 'Mallory Decline', email: 'mallory@example.net', payment: 'declined' });
  await ctx.services.jobs.runUntilIdle();
  adaIccid = (await iccidsOf(ada.accessToken))[0]!;
  // A top-up of Ada's eSIM, once it is in use.
  expect(
    (await inject({ method: 'POST', url: `/api/sandbox/esims/${adaIccid}/actions`, payload: { action: 'first-use' } }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await inject({
        method: 'POST',
        url: `/api/portal/esims/${adaIccid}/sync`,
        headers: { 'x-access-token': ada.accessToken },
      })
    ).statusCode,
  ).toBe(200);
  const res = await inject({
    method: 'POST',
    url: `/api/portal/esims/${adaIccid}/topups`,
    headers: { 'x-access-token': ada.accessToken, 'x-session-id': newSession(), 'idempotency-key': newKey() },
    payload: {
      productId: turkey,
      payment: { method: 'card', token: await api.cardToken() },
      acceptTerms: true,
      language: 'tr',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  topup = res.json<{ orderNumber: string }>().orderNumber;
  await ctx.services.jobs.runUntilIdle();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/orders as an admin', () => {
  it('lists every order newest first with the summary fields; customers keep their own list', async () => {
    const page = await listOrders();
    expect(page.total).toBe(5);
    expect(page.nextCursor).toBeNull();
    expect(page.searchedBy).toBeNull();
    expect(page.orders.map((o) => o.orderNumber)).toEqual([
      topup,
      declined.orderNumber,
      elif.orderNumber,
      grace.orderNumber,
      ada.orderNumber,
    ]);
    const g = page.orders.find((o) => o.orderNumber === grace.orderNumber)!;
    expect(g).toMatchObject({
      kind: 'order',
      status: 'completed',
      paymentMethod: 'card',
      paymentStatus: 'succeeded',
      currency: 'USD',
      customer: { name: 'Grace Hopper', email: 'Grace.Hopper@Example.org' },
      lines: [{ countryCode: 'FR', quantity: 2 }],
      esimCount: 2,
      lastError: null,
    });
    expect(g.totalCents).toBeGreaterThan(0);
    expect(page.orders.find((o) => o.orderNumber === topup)).toMatchObject({ kind: 'topup', esimCount: 0 });

    const mine = await inject({ method: 'GET', url: '/api/orders', headers: customer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ orders: [] });
    expect((await inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('filters by status (repeated or comma-separated), kind, payment method, dates and country', async () => {
    const numbers = async (query: string) => (await listOrders(query)).orders.map((o) => o.orderNumber).sort();
    expect(await numbers('?status=pending')).toEqual([elif.orderNumber]);
    expect(await numbers('?status=pending&status=cancelled')).toEqual([elif.orderNumber, declined.orderNumber].sort());
    expect(await numbers('?status=pending,cancelled')).toEqual([elif.orderNumber, declined.orderNumber].sort());
    expect(await numbers('?kind=topup')).toEqual([topup]);
    expect(await numbers('?method=paypal')).toEqual([elif.orderNumber]);
    expect(await numbers('?country=FR')).toEqual([grace.orderNumber]);
    expect(await numbers('?country=fr')).toEqual([grace.orderNumber]);
    expect(await numbers('?country=TR&kind=order&status=completed')).toEqual([ada.orderNumber]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await listOrders(`?from=${today}&to=${today}`)).total).toBe(5);
    expect((await listOrders(`?from=${tomorrow}`)).total).toBe(0);
    expect((await listOrders(`?to=2020-01-01`)).total).toBe(0);
    expect(
      (await listOrders(`?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).total,
    ).toBe(5);
  });

  it('searches by order number, e-mail, name and ICCID, saying which', async () => {
    const search = async (q: string) => {
      const page = await listOrders(`?q=${encodeURIComponent(q)}`);
      return { by: page.searchedBy, numbers: page.orders.map((o) => o.orderNumber) };
    };
    expect(await search(grace.orderNumber)).toEqual({ by: 'order_number', numbers: [grace.orderNumber] });
    expect(await search(grace.orderNumber.toLowerCase())).toEqual({ by: 'order_number', numbers: [grace.orderNumber] });
    expect((await search(grace.orderNumber.slice(0, 8))).numbers).toContain(grace.orderNumber);
    expect(await search('grace.hopper@')).toEqual({ by: 'email', numbers: [grace.orderNumber] });
    expect(await search('GRACE.HOPPER@EXAMPLE.ORG')).toEqual({ by: 'email', numbers: [grace.orderNumber] });
    expect(await search('mallory@')).toEqual({ by: 'email', numbers: [declined.orderNumber] });
    expect(await search('yılmaz')).toEqual({ by: 'name', numbers: [elif.orderNumber] });
    expect(await search('LOVELACE')).toEqual({ by: 'name', numbers: [topup, ada.orderNumber] });
    expect(await search(adaIccid)).toEqual({ by: 'iccid', numbers: [ada.orderNumber] });
    expect(await search(adaIccid.slice(0, 15))).toMatchObject({ by: 'iccid' });
    expect((await search(adaIccid.slice(0, 15))).numbers).toContain(ada.orderNumber);
    // Printed in groups of four, as on the eSIM's card.
    expect(await search(adaIccid.replace(/(\d{4})(?=\d)/g, '$1 '))).toEqual({
      by: 'iccid',
      numbers: [ada.orderNumber],
    });
    expect(await search('nobody at all')).toEqual({ by: 'name', numbers: [] });
    expect((await listOrders('?q=%25')).orders).toEqual([]);
    expect((await listOrders('?q=_')).orders).toEqual([]);
  });

  it('sorts by date and by total, both ways', async () => {
    const oldest = await listOrders('?sort=oldest');
    expect(oldest.orders[0]!.orderNumber).toBe(ada.orderNumber);
    const totals = (await listOrders('?sort=total_desc')).orders.map((o) => o.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const ascending = (await listOrders('?sort=total_asc')).orders.map((o) => o.totalCents);
    expect(ascending).toEqual([...totals].reverse());
  });

  it('pages with an opaque cursor that neither repeats nor skips orders while new ones arrive, keeping the first total', async () => {
    for (const sort of ['newest', 'oldest', 'total_desc', 'total_asc'] as const) {
      const seen: string[] = [];
      let page = await listOrders(`?limit=2&sort=${sort}`);
      const first = page.total;
      seen.push(...page.orders.map((o) => o.orderNumber));
      // Orders placed while the admin pages through.
      const extra = await buy({ name: `Late ${sort}`, email: `late-${sort}@example.com` });
      while (page.nextCursor) {
        page = await listOrders(`?limit=2&sort=${sort}&cursor=${page.nextCursor}`);
        expect(page.total).toBe(first);
        seen.push(...page.orders.map((o) => o.orderNumber));
      }
      expect(new Set(seen).size, `${sort}: no order twice`).toBe(seen.length);
      const before = (await listOrders(`?sort=${sort}&limit=100`)).orders
        .map((o) => o.orderNumber)
        .filter((n) => n !== extra.orderNumber);
      // Every order that existed at the first page is seen; the late one only if it sorts after the cursor.
      expect(seen.filter((n) => n !== extra.orderNumber).sort(), sort).toEqual(before.sort());
    }
  });

  it('pages a country filter and a name search (read in one scan) the same way', async () => {
    for (const query of ['?country=TR', `?q=${encodeURIComponent('a')}`]) {
      const all = await listOrders(`${query}&limit=100`);
      const seen: string[] = [];
      let page = await listOrders(`${query}&limit=1`);
      expect(page.total, query).toBe(all.total);
      seen.push(...page.orders.map((o) => o.orderNumber));
      while (page.nextCursor) {
        page = await listOrders(`${query}&limit=1&cursor=${page.nextCursor}`);
        seen.push(...page.orders.map((o) => o.orderNumber));
      }
      expect(seen, query).toEqual(all.orders.map((o) => o.orderNumber));
    }
  });

  it('refuses a cursor of another search or sort, and a forged one, naming the cursor', async () => {
    const page = await listOrders('?limit=1');
    for (const query of [
      `?limit=1&status=completed&cursor=${page.nextCursor}`,
      `?limit=1&sort=oldest&cursor=${page.nextCursor}`,
      '?cursor=abc',
      `?cursor=${Buffer.from('{"v":1}').toString('base64url')}`,
    ]) {
      const res = await asAdmin({ method: 'GET', url: `/api/orders${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_error', field: 'cursor' } });
    }
  });

  it.each([
    ['?status=lost', 'status.0'],
    ['?kind=gift', 'kind'],
    ['?method=cash', 'method'],
    ['?from=2026-02-30', 'from'],
    ['?from=yesterday', 'from'],
    ['?to=2026-13-01', 'to'],
    ['?from=2026-05-02&to=2026-05-01', 'to'],
    ['?country=%3Cscript%3E', 'country'],
    ['?sort=random', 'sort'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=1e9', 'limit'],
    ['?limit=abc', 'limit'],
    [`?q=${'x'.repeat(101)}`, 'q'],
    ['?cursor=not+a+cursor', 'cursor'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const res = await asAdmin({ method: 'GET', url: `/api/orders${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', field } });
  });

  it('refuses an admin without two-factor authentication when it is required, and audits the admin list', async () => {
    const other = await createOrdersTestApp({ env: { ADMIN_REQUIRE_2FA: 'true' } });
    try {
      const no2fa = await signIn(other.app, other.services, other.database, { admin: true });
      const res = await other.app.inject({ method: 'GET', url: '/api/orders', headers: no2fa.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'two_factor_setup_required' } });
    } finally {
      await other.close();
    }
    const before = (await auditOf('orders', 0)).length;
    await listOrders('?status=pending&q=elif%40');
    const rows = (await auditOf('orders', before + 1)).filter((r) => r.username === admin.username);
    expect(rows.at(-1)).toMatchObject({
      action: 'GET /api/orders',
      statusCode: 200,
      after: { query: { status: ['pending'], q: 'elif@' } },
    });
  });
});

describe('GET /api/order-statuses', () => {
  it('gives every signed-in user the 8 statuses with labels in five languages and the moves of the table', async () => {
    expect((await inject({ method: 'GET', url: '/api/order-statuses' })).statusCode).toBe(401);
    const res = await inject({ method: 'GET', url: '/api/order-statuses', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const { statuses } = res.json<OrderStatusesResponse>();
    expect(statuses.map((s) => s.status)).toEqual([
      'pending',
      'created',
      'processing',
      'processed',
      'shipped',
      'completed',
      'cancelled',
      'refunded',
    ]);
    expect(statuses.find((s) => s.status === 'completed')).toEqual({
      status: 'completed',
      labels: { en: 'Completed', tr: 'Tamamlandı', es: 'Completado', fr: 'Terminée', de: 'Abgeschlossen' },
      next: ['refunded'],
      final: false,
    });
    for (const paid of ['processing', 'processed', 'shipped', 'completed']) {
      expect(statuses.find((s) => s.status === paid)!.next, paid).toContain('refunded');
    }
    expect(statuses.find((s) => s.status === 'refunded')).toMatchObject({ next: [], final: true });
  });
});

describe('PATCH /api/orders/{id}/status', () => {
  const patch = (orderNumber: string, payload: Record<string, unknown>, who: SignedIn = admin) =>
    asAdmin({ method: 'PATCH', url: `/api/orders/${orderNumber}/status`, payload }, who);

  it('moves an order along the table and records who, when, from, to and the note; refuses other moves with 409', async () => {
    const order = await buy({ name: 'Status Change', email: 'status-change@example.com', payment: 'paypal' });
    const res = await patch(order.orderNumber, {
      status: 'created',
      note: 'Customer confirmed by phone',
      expectedStatus: 'pending',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orderNumber: order.orderNumber,
      status: 'created',
      previousStatus: 'pending',
      next: ['processing', 'cancelled'],
      notified: false,
    });
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const history = await db()
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, row!.id))
      .orderBy(asc(orderStatusChanges.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'created',
      actor: `admin:${admin.username}`,
      note: 'Customer confirmed by phone',
    });

    const refused = await patch(order.orderNumber, { status: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_transition' } });
    const stale = await patch(order.orderNumber, { status: 'cancelled', expectedStatus: 'pending' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'order_changed' } });
    expect((await db().select().from(orders).where(eq(orders.id, row!.id)))[0]!.status).toBe('created');

    const audit = await auditOf(`order:${order.orderNumber}`, 3);
    expect(audit[0]).toMatchObject({
      action: 'PATCH /api/orders/:id/status',
      statusCode: 200,
      before: { status: 'pending' },
      after: { status: 'created', note: 'Customer confirmed by phone', notified: false },
    });
    expect(audit.map((a) => a.statusCode)).toEqual([200, 409, 409]);
  });

  it('answers 404 for an unknown order, 400 for a malformed number or body, and 401/403 to others', async () => {
    expect((await patch('ORD-UNKNOWN00000', { status: 'cancelled' })).statusCode).toBe(404);
    const bad = await patch('not-an-order', { status: 'cancelled' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'id' } });
    expect((await patch(elif.orderNumber, { status: 'lost' })).json()).toMatchObject({ error: { field: 'status' } });
    expect((await patch(elif.orderNumber, { status: 'cancelled', note: 'x'.repeat(2001) })).json()).toMatchObject({
      error: { field: 'note' },
    });
    expect(
      (
        await inject({
          method: 'PATCH',
          url: `/api/orders/${elif.orderNumber}/status`,
          payload: { status: 'cancelled' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await patch(elif.orderNumber, { status: 'cancelled' }, customer)).statusCode).toBe(403);
    // A cookie request from another site is refused before anything else (CSRF).
    const csrf = await inject({
      method: 'PATCH',
      url: `/api/orders/${elif.orderNumber}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'cancelled' },
    });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json()).toMatchObject({ error: { code: 'csrf_rejected' } });
  });

  it('lets one of two admins changing the same order at once win; the other gets 409 order_changed', async () => {
    const second = await signIn(ctx.app, ctx.services, ctx.database, { admin: true, twoFactor: true });
    for (let round = 0; round < 4; round++) {
      const order = await buy({ name: `Race ${round}`, email: `race-${round}@example.com`, payment: 'paypal' });
      const [a, b] = await Promise.all([
        patch(order.orderNumber, { status: 'created', expectedStatus: 'pending' }),
        patch(order.orderNumber, { status: 'cancelled', expectedStatus: 'pending' }, second),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `round ${round}: ${a.body} / ${b.body}`).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      expect(loser.json()).toMatchObject({ error: { code: 'order_changed' } });
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      expect(row!.status).toBe(winner.json<{ status: string }>().status);
      const history = await db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, row!.id));
      expect(history.filter((h) => h.fromStatus === 'pending')).toHaveLength(1);
    }
  });

  it('never applies two changes from the same status, even when the admins do not say which they saw', async () => {
    const second = await signIn(ctx.app, ctx.services, ctx.database, { admin: true, twoFactor: true });
    for (let round = 0; round < 4; round++) {
      const order = await buy({
        name: `Blind race ${round}`,
        email: `blind-race-${round}@example.com`,
        payment: 'paypal',
      });
      const answers = await Promise.all([
        patch(order.orderNumber, { status: 'created' }),
        patch(order.orderNumber, { status: 'cancelled' }, second),
      ]);
      const applied = answers
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json<{ previousStatus: string }>().previousStatus);
      // Each change applied to the status its request read; a request that read a stale one got 409.
      expect(new Set(applied).size, answers.map((r) => r.body).join(' / ')).toBe(applied.length);
      for (const refused of answers.filter((r) => r.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(['order_changed', 'invalid_transition']).toContain(
          refused.json<{ error: { code: string } }>().error.code,
        );
      }
      const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
      const history = await db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, row!.id));
      expect(history.filter((h) => h.fromStatus === 'pending')).toHaveLength(1);
    }
  });

  it('with notify, e-mails the customer the new status in the order language and records it on the order', async () => {
    const order = await buy({ name: 'Lena Schmidt', email: 'lena@example.de', language: 'de', payment: 'paypal' });
    const res = await patch(order.orderNumber, { status: 'cancelled', notify: true, note: 'Duplicate order' });
    expect(res.json()).toMatchObject({ status: 'cancelled', notified: true });
    await ctx.services.jobs.runUntilIdle();
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const [email] = await db().select().from(emailMessages).where(eq(emailMessages.orderId, row!.id));
    expect(email).toMatchObject({ to: 'lena@example.de', template: 'order-status-cancelled', language: 'de' });
    expect(email!.subject).toBe(`Ihre Bestellung ${order.orderNumber} wurde storniert`);
    expect(email!.text).toContain('Storniert');
    expect(email!.html).toContain('lang="de"');
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row!.id), eq(orderEvents.kind, 'notification')));
    expect(events).toMatchObject([
      { actor: `admin:${admin.username}`, data: { status: 'cancelled', emailId: email!.id } },
    ]);
  });

  it('refunds through the payment provider when the status is refunded', async () => {
    const order = await buy({ name: 'Refund Me', email: 'refund-me@example.com' });
    await ctx.services.jobs.runUntilIdle();
    const res = await patch(order.orderNumber, {
      status: 'refunded',
      note: 'Trip cancelled',
      expectedStatus: 'completed',
      notify: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', previousStatus: 'completed', next: [], notified: true });
    await ctx.services.jobs.runUntilIdle();
    const d = await detail(order.orderNumber);
    expect(d.status).toBe('refunded');
    expect(d.refunds).toMatchObject([{ status: 'succeeded', amountCents: d.totalCents }]);
    const email = d.timeline.find((e) => e.kind === 'email' && e.email?.template === 'order-status-refunded');
    expect(email?.actor).toBe(`admin:${admin.username}`);
    expect((await patch(order.orderNumber, { status: 'refunded' })).statusCode).toBe(409);
  });
});

describe('POST /api/orders/{id}/notify', () => {
  it('queues the current status message in the order language; another status is refused', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: `/api/orders/${ada.orderNumber}/notify`,
      payload: { status: 'completed' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ orderNumber: ada.orderNumber, status: 'completed', queued: true, language: 'tr' });
    await ctx.services.jobs.runUntilIdle();
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, ada.orderNumber));
    const [email] = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.orderId, row!.id), eq(emailMessages.template, 'order-status-completed')));
    expect(email).toMatchObject({
      to: 'ada.lovelace@example.com',
      language: 'tr',
      subject: `${ada.orderNumber} numaralı siparişiniz tamamlandı`,
    });

    const other = await asAdmin({
      method: 'POST',
      url: `/api/orders/${ada.orderNumber}/notify`,
      payload: { status: 'shipped' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'order_changed' } });
    const bad = await asAdmin({
      method: 'POST',
      url: `/api/orders/${ada.orderNumber}/notify`,
      payload: { status: 'nope' },
    });
    expect(bad.json()).toMatchObject({ error: { code: 'validation_error', field: 'status' } });
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('shows customer, lines, payment, eSIMs with usage, token, next statuses, actions and one timeline', async () => {
    const d = await detail(grace.orderNumber);
    expect(d).toMatchObject({
      orderNumber: grace.orderNumber,
      kind: 'order',
      status: 'completed',
      language: 'de',
      customer: { name: 'Grace Hopper', email: 'Grace.Hopper@Example.org', account: null },
      payment: { method: 'card', status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' },
      refunds: [],
      accessToken: { state: 'active', revokedAt: null },
      nextStatuses: ['refunded'],
      actions: { resendConfirmation: true, retryFulfilment: false, revokeToken: true, reissueToken: true },
    });
    expect(d.lines).toMatchObject([{ productId: france, quantity: 2, esimCount: 2 }]);
    expect(d.esims).toHaveLength(2);
    expect(d.esims[0]!.bundles).toMatchObject([{ kind: 'main' }]);
    const kinds = d.timeline.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['status', 'email', 'payment']));
    const statuses = d.timeline.filter((e) => e.kind === 'status').map((e) => `${e.fromStatus}->${e.toStatus}`);
    expect(statuses).toEqual(['processing->completed', 'pending->processing', 'null->pending']);
    const confirmation = d.timeline.find((e) => e.kind === 'email')!;
    expect(confirmation.email).toMatchObject({
      template: 'order-confirmation',
      to: 'Grace.Hopper@Example.org',
      language: 'de',
    });
    expect(confirmation.email!.id).toBeGreaterThan(0);
    expect(d.timeline.find((e) => e.kind === 'payment')).toMatchObject({
      actor: 'payment:sandbox',
      data: { outcome: 'succeeded', method: 'card' },
    });
    // Newest first.
    expect([...d.timeline].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).map((e) => e.at)).toEqual(
      d.timeline.map((e) => e.at),
    );

    const t = await detail(topup);
    expect(t).toMatchObject({
      kind: 'topup',
      parentOrderNumber: ada.orderNumber,
      accessToken: { state: 'none' },
      actions: { reissueToken: false, revokeToken: false },
    });
    expect((await detail(ada.orderNumber)).topups).toMatchObject([{ orderNumber: topup }]);
    expect((await detail(declined.orderNumber)).timeline.find((e) => e.kind === 'payment')).toMatchObject({
      data: { outcome: 'failed', code: 'card_declined' },
    });
    expect((await asAdmin({ method: 'GET', url: '/api/admin/orders/ORD-NOPE000000' })).statusCode).toBe(404);
    expect(
      (await inject({ method: 'GET', url: `/api/admin/orders/${grace.orderNumber}`, headers: customer.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('order actions', () => {
  it('adds internal notes to the timeline', async () => {
    const res = await asAdmin({
      method: 'POST',
      url: `/api/admin/orders/${grace.orderNumber}/notes`,
      payload: { body: 'Called the customer:\nphone set up fine.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      entry: { kind: 'note', actor: `admin:${admin.username}`, message: 'Called the customer:\nphone set up fine.' },
    });
    expect((await detail(grace.orderNumber)).timeline[0]).toMatchObject({ kind: 'note' });
    const empty = await asAdmin({
      method: 'POST',
      url: `/api/admin/orders/${grace.orderNumber}/notes`,
      payload: { body: '   ' },
    });
    expect(empty.json()).toMatchObject({ error: { field: 'body' } });
  });

  it('re-sends the confirmation exactly as it was sent, and records who asked', async () => {
    const res = await asAdmin({ method: 'POST', url: `/api/admin/orders/${grace.orderNumber}/resend-confirmation` });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ queued: true, template: 'order-confirmation' });
    await ctx.services.jobs.runUntilIdle();
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, grace.orderNumber));
    const copies = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.orderId, row!.id), eq(emailMessages.template, 'order-confirmation')))
      .orderBy(asc(emailMessages.id));
    expect(copies).toHaveLength(2);
    expect(copies[1]!.html).toBe(copies[0]!.html);
    expect(copies[1]!.attachments).toEqual(copies[0]!.attachments);
    const entry = (await detail(grace.orderNumber)).timeline.find(
      (e) => e.kind === 'email' && e.email?.id === copies[1]!.id,
    );
    expect(entry).toMatchObject({ actor: `admin:${admin.username}`, data: { via: 'confirmation_resent' } });
    const pending = await asAdmin({ method: 'POST', url: `/api/admin/orders/${elif.orderNumber}/resend-confirmation` });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ error: { code: 'not_resendable' } });
  });

  it('revokes the access token (the portal refuses it), then issues a new one shown once and e-mailed in a fresh confirmation', async () => {
    const order = await buy({ name: 'Token Owner', email: 'token-owner@example.com', language: 'fr' });
    await ctx.services.jobs.runUntilIdle();
    const portal = (token: string) =>
      inject({ method: 'GET', url: '/api/portal', headers: { 'x-access-token': token } });
    expect((await portal(order.accessToken)).statusCode).toBe(200);

    const revoke = await asAdmin({ method: 'POST', url: `/api/admin/orders/${order.orderNumber}/access-token/revoke` });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({ accessToken: { state: 'revoked' } });
    expect((await portal(order.accessToken)).json()).toMatchObject({ error: { code: 'token_revoked' } });
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/orders/${order.orderNumber}/access-token/revoke` })).statusCode,
    ).toBe(409);
    // The stored confirmation carries the revoked token: it is not sent again.
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/orders/${order.orderNumber}/resend-confirmation` })).json(),
    ).toMatchObject({
      error: { code: 'not_resendable' },
    });

    const reissue = await asAdmin({
      method: 'POST',
      url: `/api/admin/orders/${order.orderNumber}/access-token`,
      payload: { email: true },
    });
    expect(reissue.statusCode, reissue.body).toBe(201);
    const issued = reissue.json<ReissueTokenResponse>();
    expect(issued).toMatchObject({ orderNumber: order.orderNumber, emailed: true });
    expect(issued.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await portal(issued.accessToken)).statusCode).toBe(200);
    expect((await portal(order.accessToken)).statusCode).toBe(401);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(row!.accessTokenHash).not.toContain(issued.accessToken);
    await ctx.services.jobs.runUntilIdle();
    const confirmations = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.orderId, row!.id), eq(emailMessages.template, 'order-confirmation')))
      .orderBy(asc(emailMessages.id));
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]!.language).toBe('fr');
    expect(confirmations[1]!.text).toContain(issued.accessToken);
    // The job no longer holds the token once the e-mail is sent.
    const resendJobs = await db()
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, `resend:${row!.id}:%`));
    expect(resendJobs.every((j) => j.status === 'succeeded' && !('accessToken' in j.payload))).toBe(true);
    // The token never reaches the audit log.
    const audit = await auditOf(`order:${order.orderNumber}`, 3);
    expect(JSON.stringify(audit)).not.toContain(issued.accessToken);
    const d = await detail(order.orderNumber);
    expect(d.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['token_revoked', 'token_reissued']));
    expect(d.actions.resendConfirmation).toBe(true);

    // Without e-mail, the last confirmation's token is stale again.
    const quiet = await asAdmin({
      method: 'POST',
      url: `/api/admin/orders/${order.orderNumber}/access-token`,
      payload: { email: false },
    });
    expect(quiet.json()).toMatchObject({ emailed: false });
    expect((await detail(order.orderNumber)).actions.resendConfirmation).toBe(false);
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/orders/${topup}/access-token`, payload: {} })).json(),
    ).toMatchObject({
      error: { code: 'no_token' },
    });
  });

  it('retries fulfilment only for an order waiting in processing', async () => {
    const res = await asAdmin({ method: 'POST', url: `/api/admin/orders/${grace.orderNumber}/retry-fulfilment` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'not_retryable' } });
  });
});
