import { createHash } from 'node:crypto';
import type { Cart } from '@esim/contract/cart';
import type { Product, ProductsResponse } from '@esim/contract/catalog';
import { type CheckoutResponse, checkoutResponseSchema } from '@esim/contract/checkout';
import { type OrderView, orderViewSchema } from '@esim/contract/order';
import { isLuhnValid } from '@esim/contract/payment-card';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailMessages } from '../email/email.schema.ts';
import { jobs } from '../../lib/platform.schema.ts';
import { orderLines, orderStatusChanges, orders } from './orders.schema.ts';
import { sandboxCharges } from '../../providers/payment/sandbox-payments.schema.ts';
import type { CatalogueBundle } from '../../providers/esim/esim-provider.ts';
import { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import { SANDBOX_TEST_CARDS } from '../../providers/payment/sandbox.ts';
import { transition } from './orders.repository.ts';
import {
  type OrdersTestApp,
  checkoutBody,
  client,
  createOrdersTestApp,
  newKey,
  newSession,
} from '../../../test/orders-fixtures.ts';

/** The sandbox minus the bundles named in `dropped`, to retire products mid-test. */
class RetiringProvider extends SandboxEsimProvider {
  readonly dropped = new Set<string>();

  override async listCatalogue(): Promise<CatalogueBundle[]> {
    return (await super.listCatalogue()).filter((b) => !this.dropped.has(b.name));
  }
}

const esimProvider = new RetiringProvider();
let ctx: OrdersTestApp;
let api: ReturnType<typeof client>;
let products: Product[];

beforeAll(async () => {
  ctx = await createOrdersTestApp({ esimProvider });
  api = client(ctx.app);
  products = (await ctx.app.inject({ method: 'GET', url: '/api/products?country=TR' })).json<ProductsResponse>()
    .products;
});
afterAll(async () => {
  await ctx?.close();
});

function product(n: number): Product {
  const p = products[n];
  if (!p) throw new Error(`no product #${n}`);
  return p;
}

const db = () => ctx.database.db;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ordersOf = (session: string) => db().select().from(orders).where(eq(orders.sessionId, session));
/** Charges the sandbox provider has recorded (its own ledger). */
const sandboxChargeCount = async () => (await db().select().from(sandboxCharges)).length;
/** A checkout body paying with a new sandbox card token (tokens are single-use): 4242... or `cardNumber`. */
const card = async (cardNumber?: string) => checkoutBody({ method: 'card', token: await api.cardToken(cardNumber) });

/** A session with 2 x product 0 and 1 x product 1 in its cart. */
async function sessionWithCart(): Promise<string> {
  const session = newSession();
  await api.addToCart(session, product(0).productId, 2);
  await api.addToCart(session, product(1).productId, 1);
  return session;
}

async function cartOf(session: string): Promise<Cart> {
  return (await api.getCart(session)).json<Cart>();
}

describe('POST /api/checkout by card', () => {
  it('creates a paid order, empties the cart, and fulfils it: eSIMs, e-mail with the token, completed', async () => {
    const session = await sessionWithCart();
    const res = await api.checkout(session, newKey(), await card());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = checkoutResponseSchema.parse(res.json());
    expect(body.orderNumber).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.payment).toEqual({ status: 'succeeded' });

    const [order] = await ordersOf(session);
    expect(order).toMatchObject({
      orderNumber: body.orderNumber,
      status: 'processing',
      paymentStatus: 'succeeded',
      paymentMethod: 'card',
      cardBrand: 'visa',
      cardLast4: '4242',
      totalCents: 2 * product(0).priceCents + product(1).priceCents,
      customerName: 'Ada Lovelace',
      customerPhone: '+44 20 7946 0000',
      language: 'en',
      accessTokenHash: sha256(body.accessToken),
    });
    expect(JSON.stringify(order)).not.toContain(body.accessToken);
    const lines = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.id));
    expect(
      lines.map((l) => [
        l.productId,
        l.name,
        l.dataAmount,
        l.validityDays,
        l.quantity,
        l.unitPriceCents,
        l.lineTotalCents,
      ]),
    ).toEqual([
      [
        product(0).productId,
        product(0).name,
        product(0).features.dataAmount,
        product(0).features.validityDays,
        2,
        product(0).priceCents,
        2 * product(0).priceCents,
      ],
      [
        product(1).productId,
        product(1).name,
        product(1).features.dataAmount,
        product(1).features.validityDays,
        1,
        product(1).priceCents,
        product(1).priceCents,
      ],
    ]);
    expect((await cartOf(session)).items).toEqual([]);

    const before = orderViewSchema.parse((await api.getOrder(body.orderNumber, { 'x-session-id': session })).json());
    expect(before).toMatchObject({
      status: 'processing',
      paymentStatus: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
      esims: [],
    });

    await ctx.services.jobs.runUntilIdle();

    const after = orderViewSchema.parse((await api.getOrder(body.orderNumber, { 'x-session-id': session })).json());
    expect(after.status).toBe('completed');
    expect(after.esims).toHaveLength(3);
    expect(new Set(after.esims.map((e) => e.iccid)).size).toBe(3);
    for (const esim of after.esims) {
      expect(esim.iccid).toMatch(/^\d{19,20}$/);
      expect(isLuhnValid(esim.iccid)).toBe(true);
      expect(esim.activationCode).toBe(`LPA:1$${esim.smdpAddress}$${esim.matchingId}`);
    }
    expect(after.esims.map((e) => e.lineId)).toEqual([lines[0]!.id, lines[0]!.id, lines[1]!.id]);

    const mails = await db().select().from(emailMessages).where(eq(emailMessages.orderId, order!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'ada@example.com',
      template: 'order-confirmation',
      language: 'en',
      status: 'stored',
    });
    expect(mails[0]!.text).toContain(body.accessToken);
    expect(mails[0]!.html).toContain(body.accessToken);
    for (const esim of after.esims) expect(mails[0]!.text).toContain(esim.activationCode);
    expect(mails[0]!.attachments.map((a) => a.contentType)).toEqual(['image/png', 'image/png', 'image/png']);

    const history = await db()
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order!.id))
      .orderBy(asc(orderStatusChanges.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'pending', 'customer'],
      ['pending', 'processing', 'payment:sandbox'],
      ['processing', 'completed', 'system'],
    ]);
    const [completed] = await ordersOf(session);
    expect(completed!.completedAt).toBeInstanceOf(Date);
    expect(completed!.lastError).toBeNull();

    // The access token left the job payloads once the e-mail was out.
    const orderJobs = await db().select().from(jobs);
    const mine = orderJobs.filter((j) => j.payload.orderId === order!.id);
    expect(mine.map((j) => [j.type, j.status, j.dedupeKey])).toEqual([
      ['provision-order', 'succeeded', `provision:${order!.id}`],
      ['send-order-email', 'succeeded', `email:${order!.id}`],
    ]);
    expect(JSON.stringify(mine)).not.toContain(body.accessToken);
  });

  it('answers 402 with the reason on a declined card: order cancelled, cart kept, nothing provisioned', async () => {
    const session = await sessionWithCart();
    const cartBefore = await cartOf(session);
    const key = newKey();
    const declinedCard = await card(SANDBOX_TEST_CARDS.declined);
    const res = await api.checkout(session, key, declinedCard);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'card_declined', message: 'Your card was declined.' } });
    expect(await cartOf(session)).toEqual(cartBefore);

    const [order] = await ordersOf(session);
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentError: 'Your card was declined.',
    });
    await ctx.services.jobs.runUntilIdle();
    const view = (await api.getOrder(order!.orderNumber, { 'x-session-id': session })).json<OrderView>();
    expect(view).toMatchObject({ status: 'cancelled', esims: [] });
    expect((await db().select().from(jobs)).filter((j) => j.payload.orderId === order!.id)).toEqual([]);
    const history = await db()
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order!.id))
      .orderBy(asc(orderStatusChanges.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.note])).toEqual([
      [null, 'pending', 'customer', null],
      ['pending', 'cancelled', 'payment:sandbox', 'card_declined'],
    ]);

    // The 402 is stored: the same request replays it.
    const replay = await api.checkout(session, key, declinedCard);
    expect(replay.statusCode).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(res.json());
    expect(await ordersOf(session)).toHaveLength(1);
  });
});

describe('POST /api/checkout with PayPal, then POST /api/orders/{orderNumber}/paypal/capture', () => {
  it('sends the buyer to PayPal, captures after approval (idempotently) and fulfils', async () => {
    const session = await sessionWithCart();
    const res = await api.checkout(session, newKey(), checkoutBody({ method: 'paypal' }, { language: 'tr' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<CheckoutResponse>();
    expect(body.payment.status).toBe('requires_approval');
    const [order] = await ordersOf(session);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'requires_approval', paymentMethod: 'paypal' });
    expect(order!.paymentReference).toBeTruthy();
    expect((await cartOf(session)).items).toHaveLength(2);

    // Nothing runs while the buyer decides (the provisioning job is parked).
    await ctx.services.jobs.runUntilIdle();
    const early = await api.capture(body.orderNumber, { 'x-session-id': session });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: { code: 'payment_not_approved' } });

    expect(body.payment).toEqual({
      status: 'requires_approval',
      approvalUrl: `/sandbox/paypal/${order!.paymentReference}`,
    });
    expect(await api.decidePaypal(order!.paymentReference!, 'approve')).toBe(
      `/checkout/success?order=${body.orderNumber}&paypalOrder=${order!.paymentReference}`,
    );
    const captured = await api.capture(body.orderNumber, { 'x-access-token': body.accessToken });
    expect(captured.statusCode, captured.body).toBe(200);
    expect(orderViewSchema.parse(captured.json())).toMatchObject({
      status: 'processing',
      paymentStatus: 'succeeded',
      card: null,
    });
    expect((await cartOf(session)).items).toEqual([]);
    const again = await api.capture(body.orderNumber, { 'x-session-id': session });
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderView>().status).toBe('processing');

    await ctx.services.jobs.runUntilIdle();
    const done = (await api.getOrder(body.orderNumber, { 'x-session-id': session })).json<OrderView>();
    expect(done.status).toBe('completed');
    expect(done.esims).toHaveLength(3);
    const mails = await db().select().from(emailMessages).where(eq(emailMessages.orderId, order!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'tr', to: 'ada@example.com' });
    expect(mails[0]!.text).toContain(body.accessToken);
  });

  it('cancels the order and keeps the cart when the buyer cancels on PayPal (402 with the reason)', async () => {
    const session = await sessionWithCart();
    const body = (await api.checkout(session, newKey(), checkoutBody({ method: 'paypal' }))).json<CheckoutResponse>();
    const [order] = await ordersOf(session);
    expect(await api.decidePaypal(order!.paymentReference!, 'cancel')).toBe(
      `/checkout?paypal=cancelled&order=${body.orderNumber}&paypalOrder=${order!.paymentReference}&status=cancelled`,
    );
    for (let i = 0; i < 2; i++) {
      const res = await api.capture(body.orderNumber, { 'x-session-id': session });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: { code: 'paypal_cancelled', message: 'The PayPal payment was cancelled.' } });
    }
    const [cancelled] = await ordersOf(session);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
      paymentError: 'The PayPal payment was cancelled.',
    });
    expect((await cartOf(session)).items).toHaveLength(2);
    // The parked job (and the access token it carried) is gone.
    expect((await db().select().from(jobs)).filter((j) => j.payload.orderId === order!.id)).toEqual([]);
  });

  it('refuses to capture a card order (409) and hides orders from strangers (404)', async () => {
    const session = await sessionWithCart();
    const body = (await api.checkout(session, newKey(), await card())).json<CheckoutResponse>();
    expect((await api.capture(body.orderNumber, { 'x-session-id': session })).json()).toMatchObject({
      error: { code: 'not_paypal' },
    });
    const stranger = await api.capture(body.orderNumber, { 'x-session-id': newSession() });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, and refuses another body with 422', async () => {
    const session = await sessionWithCart();
    const key = newKey();
    const paid = await card();
    const first = await api.checkout(session, key, paid);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const charges = await sandboxChargeCount();
    // Same payload with its keys in another order: the same request.
    const { customer, payment, acceptTerms, language } = paid;
    const second = await api.checkout(session, key, { language, acceptTerms, payment, customer });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await sandboxChargeCount()).toBe(charges);
    expect(await ordersOf(session)).toHaveLength(1);

    const other = await api.checkout(session, key, { ...paid, language: 'de' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_key_reused', field: 'Idempotency-Key' } });
    // Keys are per session: another visitor's identical key is a new request.
    const elsewhere = await api.checkout(newSession(), key, await card());
    expect(elsewhere.json()).toMatchObject({ error: { code: 'cart_empty' } });
  });

  it('creates one order and one charge for 20 simultaneous submissions with one key', async () => {
    const session = await sessionWithCart();
    const key = newKey();
    const charges = await sandboxChargeCount();
    ctx.payments.latencyMs = 30;
    try {
      const body = await card();
      const responses = await Promise.all(Array.from({ length: 20 }, () => api.checkout(session, key, body)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    } finally {
      ctx.payments.latencyMs = 0;
    }
    expect(await ordersOf(session)).toHaveLength(1);
    expect(await sandboxChargeCount()).toBe(charges + 1);
  });

  it('releases the key when the payment provider is down; the retry resumes the same order without charging twice', async () => {
    const session = await sessionWithCart();
    const key = newKey();
    ctx.payments.unreachable = true;
    const body = await card();
    const down = await api.checkout(session, key, body);
    ctx.payments.unreachable = false;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'upstream_error' } });
    const [pending] = await ordersOf(session);
    expect(pending).toMatchObject({ status: 'pending' });
    expect((await cartOf(session)).items).toHaveLength(2);

    const charges = await sandboxChargeCount();
    const retry = await api.checkout(session, key, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<CheckoutResponse>().orderNumber).toBe(pending!.orderNumber);
    expect(await ordersOf(session)).toHaveLength(1);
    expect(await sandboxChargeCount()).toBe(charges + 1);
  });

  it('does not store a refusal about the cart: the same key works once the cart is fixed', async () => {
    const session = newSession();
    const key = newKey();
    const empty = await api.checkout(session, key, checkoutBody());
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ error: { code: 'cart_empty', message: 'Your cart is empty' } });
    await api.addToCart(session, product(2).productId);
    expect((await api.checkout(session, key, checkoutBody())).statusCode).toBe(201);
  });
});

describe('One cart, one checkout (decision record 0012)', () => {
  it('gives one order and one charge for 20 simultaneous checkouts of one cart with 20 keys; the others are told the order', async () => {
    const session = await sessionWithCart();
    const bodies = await Promise.all(Array.from({ length: 20 }, () => card()));
    const charges = await sandboxChargeCount();
    ctx.payments.latencyMs = 30;
    let responses;
    try {
      responses = await Promise.all(bodies.map((body) => api.checkout(session, newKey(), body)));
    } finally {
      ctx.payments.latencyMs = 0;
    }
    const paid = responses.filter((r) => r.statusCode === 201);
    expect(paid, responses.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    const { orderNumber } = paid[0]!.json<CheckoutResponse>();
    for (const refused of responses.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      const { error } = refused.json<{ error: { code: string; message: string; orderNumber?: string } }>();
      expect(['checkout_in_progress', 'cart_checked_out']).toContain(error.code);
      expect(error.orderNumber).toBe(orderNumber);
      expect(error.message).toContain(orderNumber);
    }
    expect(await ordersOf(session)).toHaveLength(1);
    expect(await sandboxChargeCount()).toBe(charges + 1);
    expect((await cartOf(session)).items).toEqual([]);
  });

  it('names the order when a paid cart is checked out again with a new key (a retry after a reload)', async () => {
    const session = await sessionWithCart();
    const first = (await api.checkout(session, newKey(), await card())).json<CheckoutResponse>();
    const again = await api.checkout(session, newKey(), await card());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'cart_checked_out',
        message: `Your cart was already checked out as order ${first.orderNumber}.`,
        orderNumber: first.orderNumber,
      },
    });
    expect(await ordersOf(session)).toHaveLength(1);
  });

  it('refuses a second checkout while a card payment of the cart is unsettled (409 naming it); its own key resumes it', async () => {
    const session = await sessionWithCart();
    const key = newKey();
    const body = await card();
    ctx.payments.unreachable = true;
    expect((await api.checkout(session, key, body)).statusCode).toBe(503);
    ctx.payments.unreachable = false;
    const [open] = await ordersOf(session);
    const other = await api.checkout(session, newKey(), await card());
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'checkout_in_progress', orderNumber: open!.orderNumber } });
    const resumed = await api.checkout(session, key, body);
    expect(resumed.statusCode).toBe(201);
    expect(resumed.json<CheckoutResponse>().orderNumber).toBe(open!.orderNumber);
    expect(await ordersOf(session)).toHaveLength(1);
  });

  it('supersedes a PayPal checkout the buyer abandoned: the new checkout pays, the old order is cancelled and can never be captured', async () => {
    const session = await sessionWithCart();
    const abandoned = (
      await api.checkout(session, newKey(), checkoutBody({ method: 'paypal' }))
    ).json<CheckoutResponse>();
    const [old] = await ordersOf(session);
    // The buyer even approved it at PayPal, then came back and paid by card instead.
    await api.decidePaypal(old!.paymentReference!, 'approve');
    const charges = await sandboxChargeCount();
    const res = await api.checkout(session, newKey(), await card());
    expect(res.statusCode, res.body).toBe(201);
    const capture = await api.capture(abandoned.orderNumber, { 'x-session-id': session });
    expect(capture.statusCode).toBe(402);
    expect(capture.json()).toMatchObject({ error: { code: 'paypal_cancelled' } });
    expect(await sandboxChargeCount()).toBe(charges + 1);
    const [sandboxPaypal] = await db()
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, old!.paymentReference!));
    expect(sandboxPaypal!.status).toBe('approved');
    const rows = await ordersOf(session);
    expect(rows.find((o) => o.id === old!.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    const history = await db()
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, old!.id))
      .orderBy(asc(orderStatusChanges.id));
    expect(history.map((h) => [h.toStatus, h.actor, h.note])).toEqual([
      ['pending', 'customer', null],
      ['cancelled', 'customer', 'superseded'],
    ]);
    expect((await db().select().from(jobs)).filter((j) => j.payload.orderId === old!.id)).toEqual([]);
  });

  it('does not supersede a PayPal order while it is being captured', async () => {
    const session = await sessionWithCart();
    const pp = (await api.checkout(session, newKey(), checkoutBody({ method: 'paypal' }))).json<CheckoutResponse>();
    const [open] = await ordersOf(session);
    await api.decidePaypal(open!.paymentReference!, 'approve');
    const body = await card();
    ctx.payments.latencyMs = 100;
    const capturing = api.capture(pp.orderNumber, { 'x-session-id': session });
    let other;
    try {
      await new Promise((r) => setTimeout(r, 30));
      other = await api.checkout(session, newKey(), body);
    } finally {
      ctx.payments.latencyMs = 0;
    }
    expect((await capturing).statusCode).toBe(200);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'checkout_in_progress', orderNumber: pp.orderNumber } });
  });

  it('refuses (409 cart_changed) a checkout whose cart changed after it was priced, and keeps the cart', async () => {
    const session = await sessionWithCart();
    const repo = ctx.services.orders as unknown as { deps: { cart: { getCart: (s: string) => Promise<Cart> } } };
    const realGetCart = repo.deps.cart.getCart.bind(repo.deps.cart);
    const spy = vi.spyOn(repo.deps.cart, 'getCart').mockImplementationOnce(async (s) => {
      const priced = await realGetCart(s);
      await api.addToCart(session, product(2).productId, 1);
      return priced;
    });
    try {
      const res = await api.checkout(session, newKey(), await card());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'cart_changed' } });
    } finally {
      spy.mockRestore();
    }
    expect(await ordersOf(session)).toHaveLength(0);
    expect((await cartOf(session)).items).toHaveLength(3);
  });
});

describe("Sandbox card tokens are single-use, as real providers' are", () => {
  it('refuses a token that already paid, whatever the idempotency key (402 token_already_used), and charges nothing', async () => {
    const body = await card();
    const first = await api.checkout(await sessionWithCart(), newKey(), body);
    expect(first.statusCode).toBe(201);
    const charges = await db().select().from(sandboxCharges).where(eq(sandboxCharges.status, 'succeeded'));
    const second = await api.checkout(await sessionWithCart(), newKey(), body);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual({
      error: { code: 'token_already_used', message: 'These card details were already used. Please enter them again.' },
    });
    expect(await db().select().from(sandboxCharges).where(eq(sandboxCharges.status, 'succeeded'))).toHaveLength(
      charges.length,
    );
  });
});

describe('POST /api/checkout input', () => {
  it.each([
    [null, 'k-12345678', 'X-Session-Id'],
    ['bad id!', 'k-12345678', 'X-Session-Id'],
    ['session-1234', null, 'Idempotency-Key'],
    ['session-1234', 'short', 'Idempotency-Key'],
    ['session-1234', 'has spaces in it', 'Idempotency-Key'],
  ])('refuses session %j key %j with 400 naming %s, before reading the body', async (session, key, field) => {
    const res = await api.checkout(session, key, '{not json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', field } });
  });

  it.each([
    [checkoutBody(undefined, { customer: { fullName: 'Ada', email: 'not-an-email' } }), 'customer.email'],
    [checkoutBody(undefined, { customer: { fullName: ' ', email: 'a@b.co' } }), 'customer.fullName'],
    [{ ...checkoutBody(), acceptTerms: false }, 'acceptTerms'],
    [{ ...checkoutBody(), payment: { method: 'card' } }, 'payment.token'],
    [{ ...checkoutBody(), payment: { method: 'bitcoin' } }, 'payment.method'],
    [{ ...checkoutBody(), language: 'xx' }, 'language'],
    [
      { ...checkoutBody(), billingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'turkey' } },
      'billingAddress.country',
    ],
  ])('refuses an invalid body with 400 naming the field (%#: %s)', async (payload, field) => {
    const session = await sessionWithCart();
    const res = await api.checkout(session, newKey(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', field } });
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(
      new RegExp(`^${field.replace('.', '\\.')}: `),
    );
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await api.checkout(newSession(), newKey(), '{"customer":');
    expect(res.statusCode).toBe(400);
  });

  it('refuses (409) a cart holding plans no longer sold, naming them', async () => {
    const session = newSession();
    const retired = product(3);
    await api.addToCart(session, product(4).productId);
    await api.addToCart(session, retired.productId);
    esimProvider.dropped.add(retired.apiBundleName);
    try {
      await ctx.services.catalog.sync();
      const res = await api.checkout(session, newKey(), await card());
      expect(res.statusCode).toBe(409);
      const { error } = res.json<{ error: { code: string; message: string } }>();
      expect(error.code).toBe('products_unavailable');
      expect(error.message).toContain(retired.name);
      expect(await ordersOf(session)).toEqual([]);
    } finally {
      esimProvider.dropped.delete(retired.apiBundleName);
      await ctx.services.catalog.sync();
    }
  });
});

describe('GET /api/orders/{orderNumber}', () => {
  const notFound = { error: { code: 'not_found', message: 'Order Not Found' } };

  it("is readable by the order's session and by its access token, and by nobody else", async () => {
    const session = await sessionWithCart();
    const { orderNumber, accessToken } = (await api.checkout(session, newKey(), await card())).json<CheckoutResponse>();

    const bySession = await api.getOrder(orderNumber, { 'x-session-id': session });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.headers['cache-control']).toBe('no-store');
    const view = orderViewSchema.parse(bySession.json());
    expect(view).toMatchObject({
      orderNumber,
      currency: 'USD',
      customer: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(view.items).toHaveLength(2);
    expect(JSON.stringify(view)).not.toContain(accessToken);

    const byToken = await api.getOrder(orderNumber, { 'x-session-id': newSession(), 'x-access-token': accessToken });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json()).toEqual(bySession.json());

    const other = await sessionWithCart();
    const otherOrder = (await api.checkout(other, newKey(), await card())).json<CheckoutResponse>();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-session-id': newSession() },
      { 'x-session-id': other },
      { 'x-access-token': otherOrder.accessToken },
      { 'x-access-token': accessToken.slice(0, -1) },
      { 'x-session-id': 'not a session!' },
    ];
    for (const headers of attempts) {
      const res = await api.getOrder(orderNumber, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it.each(['ORD-X', 'ord-7K3F9Q2X4MAB', 'nothing', `ORD-${'A'.repeat(90)}`, 'ORD-7K3F9Q2X4MAB', '%00'])(
    'answers 404 for the malformed or unknown number %j',
    async (orderNumber) => {
      const res = await api.getOrder(orderNumber, { 'x-session-id': newSession() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    },
  );
});

describe('OpenAPI', () => {
  it('documents the order routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/checkout'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/orders/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/orders/{id}/paypal/capture'] ?? {})).toEqual(['post']);
  });
});

describe('transition()', () => {
  it('refuses an illegal move and changes nothing, and records a legal one with from, to, actor, note and time', async () => {
    const session = await sessionWithCart();
    await api.checkout(session, newKey(), await card());
    const [order] = await ordersOf(session);
    const history = () =>
      db()
        .select()
        .from(orderStatusChanges)
        .where(eq(orderStatusChanges.orderId, order!.id))
        .orderBy(asc(orderStatusChanges.id));
    const before = await history();
    await expect(db().transaction((tx) => transition(tx, order!.id, 'pending', 'admin:alice'))).rejects.toThrow(
      'An order cannot go from processing to pending',
    );
    expect((await ordersOf(session))[0]!.status).toBe('processing');
    expect(await history()).toEqual(before);

    const from = await db().transaction((tx) =>
      transition(tx, order!.id, 'processed', 'admin:alice', 'provisioned by hand'),
    );
    expect(from).toBe('processing');
    expect((await ordersOf(session))[0]!.status).toBe('processed');
    const last = (await history()).at(-1);
    expect(last).toMatchObject({
      fromStatus: 'processing',
      toStatus: 'processed',
      actor: 'admin:alice',
      note: 'provisioned by hand',
    });
    expect(last!.at).toBeInstanceOf(Date);
  });
});
