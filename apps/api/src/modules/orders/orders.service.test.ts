import type { Cart } from '@esim/contract/cart';
import type { Product } from '@esim/contract/catalog';
import type { CheckoutBody, CheckoutResponse } from '@esim/contract/checkout';
import { describe, expect, it } from 'vitest';
import { IdempotencyKeyReusedError, PaymentFailedError } from '../../lib/errors.ts';
import { FakeIdempotencyRepository } from '../../lib/idempotency.repository.fake.ts';
import { Idempotency } from '../../lib/idempotency.ts';
import { PaymentProviderError } from '../../providers/payment/payment-provider.ts';
import { FakePaymentProvider } from '../../providers/payment/payment-provider.fake.ts';
import { InvalidTransitionError } from './order-status.ts';
import { FakeOrdersRepository } from './orders.repository.fake.ts';
import type { OrderRow } from './orders.repository.ts';
import {
  ACCESS_TOKEN_TTL_DAYS,
  type CheckoutResult,
  OrdersService,
  accessTokenState,
  hashAccessToken,
} from './orders.service.ts';

/**
 * The checkout and payment rules of `OrdersService` (docs/product-rules.md "Checkout and payment"
 * and "Order statuses"; one cart, one checkout, one charge per `Idempotency-Key`:
 * docs/decisions/0012-one-cart-one-checkout.md, docs/decisions/0024-checkout-lock-order-and-retries.md)
 * on an in-memory repository, the real idempotency protocol over an in-memory key store, and a
 * scripted payment provider: no database. Concurrency and the HTTP side stay in
 * `orders.routes.test.ts` and `checkout-race.test.ts`.
 */

const SESSION = 'session-0000000000000001';
const DAY_MS = 86_400_000;

/** A plan as the catalogue sells it (US cents). */
function product(productId: number, priceCents: number, name = `Plan ${productId}`): Product {
  return {
    productId,
    apiBundleName: `esim_1GB_7D_TR_V${productId}`,
    name,
    description: '',
    priceCents,
    price: priceCents / 100,
    currency: 'USD',
    countryCode: 'TR',
    imageUrl: null,
    features: {
      bundleType: 'prepaid',
      dataMb: 1024,
      dataAmount: '1GB',
      validityDays: 7,
      validity: '7d',
      tier: null,
      type: 'local',
      coveredCountries: ['TR'],
      networks: [],
      discountPercent: 0,
      hotspot: true,
    },
  };
}

const PLANS = new Map([
  [1, product(1, 450, 'Turkey 1 GB')],
  [2, product(2, 1_299, 'Turkey 5 GB')],
]);

function setup() {
  const keys = new FakeIdempotencyRepository();
  const repo = new FakeOrdersRepository(() => new Date(), keys);
  for (const [id, p] of PLANS) repo.products.set(id, { name: p.name, tier: null });
  const payments = new FakePaymentProvider();
  let wakes = 0;
  /** The cart service's view: the session's lines with today's products (null once no longer sold). */
  const cart = {
    sold: new Map(PLANS),
    async getCart(sessionId: string): Promise<Cart> {
      const items = (repo.carts.get(sessionId) ?? []).map((line, i) => {
        const p = this.sold.get(line.productId) ?? null;
        return { id: i + 1, ...line, product: p, lineTotalCents: p ? p.priceCents * line.quantity : 0 };
      });
      return {
        items,
        totalCount: items.reduce((n, item) => n + item.quantity, 0),
        totalCents: items.reduce((n, item) => n + item.lineTotalCents, 0),
        currency: 'USD',
      };
    },
  };
  const service = new OrdersService({
    repo,
    cart,
    payments,
    idempotency: new Idempotency(keys, { waitMs: 0, pollMs: 1 }),
    jobs: { wake: () => wakes++ },
  });
  return { repo, payments, cart, keys, service, wakes: () => wakes };
}

type Setup = ReturnType<typeof setup>;

function body(payment: CheckoutBody['payment'] = { method: 'card', token: 'tok_visa' }): CheckoutBody {
  return {
    customer: { fullName: 'Tess Ortega', email: 'tess@example.com' },
    payment,
    acceptTerms: true,
    language: 'de',
  };
}

/** Fills the session's cart with `lines` (product id, quantity). */
function fillCart(t: Setup, lines: [number, number][], sessionId = SESSION): void {
  t.repo.carts.set(
    sessionId,
    lines.map(([productId, quantity]) => ({ productId, quantity })),
  );
}

/** The created order of a 201 checkout. */
function created(result: CheckoutResult): CheckoutResponse {
  expect(result.status).toBe(201);
  return result.body as CheckoutResponse;
}

function stored(t: Setup, orderNumber: string): OrderRow {
  const order = t.repo.orders.find((o) => o.orderNumber === orderNumber);
  if (!order) throw new Error(`no order ${orderNumber}`);
  return order;
}

describe('checkout by card', () => {
  it('freezes the cart into a pending order, charges its total once and moves it to processing', async () => {
    const t = setup();
    fillCart(t, [
      [1, 2],
      [2, 1],
    ]);
    const response = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    expect(response).toMatchObject({
      orderNumber: expect.stringMatching(/^ORD-[0-9A-HJKMNP-TV-Z]{12}$/),
      payment: { status: 'succeeded' },
    });
    const order = stored(t, response.orderNumber);
    expect(order).toMatchObject({
      status: 'processing',
      paymentStatus: 'succeeded',
      totalCents: 2 * 450 + 1_299,
      paymentMethod: 'card',
      cardBrand: 'visa',
      cardLast4: '4242',
      language: 'de',
      customerName: 'Tess Ortega',
    });
    expect(t.repo.lines.map((l) => [l.productId, l.quantity, l.unitPriceCents, l.lineTotalCents])).toEqual([
      [1, 2, 450, 900],
      [2, 1, 1_299, 1_299],
    ]);
    expect([...t.payments.charges.values()]).toEqual([
      expect.objectContaining({ amountCents: 2_199, currency: 'USD', method: 'card' }),
    ]);
    expect(t.repo.statusChanges.map((c) => [c.from, c.to, c.actor])).toEqual([
      [null, 'pending', 'customer'],
      ['pending', 'processing', 'payment:fake'],
    ]);
    // Paid: the cart is emptied and provisioning runs, with the access token for the e-mail.
    expect(t.repo.carts.has(SESSION)).toBe(false);
    expect(t.repo.jobs.get(`provision:${order.id}`)).toEqual({
      type: 'provision-order',
      payload: { orderId: order.id, accessToken: response.accessToken },
      parked: false,
    });
    expect(t.wakes()).toBe(1);
  });

  it('keeps the access token only as its SHA-256, valid two years', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const before = Date.now();
    const { orderNumber, accessToken } = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    const order = stored(t, orderNumber);
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect(order.accessTokenHash).toBe(hashAccessToken(accessToken));
    expect(JSON.stringify(order)).not.toContain(accessToken);
    expect(order.accessTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_DAYS * DAY_MS);
    expect(ACCESS_TOKEN_TTL_DAYS).toBe(730);
  });

  it('answers 402 with the provider’s reason on a declined card: order cancelled, cart kept, nothing to provision', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const result = await t.service.checkout(
      SESSION,
      'key-00000001',
      body({ method: 'card', token: 'tok_card_declined' }),
    );
    expect(result).toMatchObject({
      status: 402,
      body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
    });
    const [order] = t.repo.orders;
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentError: 'Your card was declined.',
    });
    expect(t.repo.statusChanges.at(-1)).toMatchObject({ from: 'pending', to: 'cancelled', note: 'card_declined' });
    expect(t.repo.carts.get(SESSION)).toEqual([{ productId: 1, quantity: 1 }]);
    expect(t.repo.jobs.size).toBe(0);
    expect(t.wakes()).toBe(0);
    // The kept cart can be paid with another card (and another key).
    expect((await t.service.checkout(SESSION, 'key-00000002', body())).status).toBe(201);
  });

  it('refuses an empty cart (409 cart_empty) and a cart with plans no longer sold, naming them (409)', async () => {
    const t = setup();
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toMatchObject({
      status: 409,
      code: 'cart_empty',
    });
    fillCart(t, [
      [1, 1],
      [2, 1],
    ]);
    t.cart.sold.delete(2);
    await expect(t.service.checkout(SESSION, 'key-00000002', body())).rejects.toMatchObject({
      status: 409,
      code: 'products_unavailable',
      message: 'No longer sold, remove from your cart first: Turkey 5 GB',
    });
    expect(t.repo.orders).toEqual([]);
    expect(t.payments.charges.size).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, and charges once', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const first = await t.service.checkout(SESSION, 'key-00000001', body());
    const again = await t.service.checkout(SESSION, 'key-00000001', body());
    expect(again).toEqual({ ...first, replayed: true });
    expect(first.replayed).toBe(false);
    expect(t.repo.orders).toHaveLength(1);
    expect(t.payments.charges.size).toBe(1);
  });

  it('refuses the key with another body (422), whatever the first request’s outcome', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    await t.service.checkout(SESSION, 'key-00000001', body({ method: 'card', token: 'tok_card_declined' }));
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toMatchObject({ status: 422 });
  });

  it('keeps keys per visitor session: the same key in another session is another checkout', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    fillCart(t, [[2, 1]], 'session-0000000000000002');
    const a = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    const b = created(await t.service.checkout('session-0000000000000002', 'key-00000001', body()));
    expect(a.orderNumber).not.toBe(b.orderNumber);
  });

  it('releases the key when the provider is down (503); the retry resumes the same order and charges once', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    t.payments.error = new PaymentProviderError('timeout', true);
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toMatchObject({
      status: 503,
      code: 'upstream_error',
    });
    const [order] = t.repo.orders;
    expect(order).toMatchObject({ status: 'pending', paymentReference: null });
    t.payments.error = undefined;
    const retried = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    expect(retried.orderNumber).toBe(order!.orderNumber);
    expect(t.repo.orders).toHaveLength(1);
    expect(t.payments.charges.size).toBe(1);
    expect(stored(t, retried.orderNumber).status).toBe('processing');
  });

  it('answers 502 when the provider refuses the request (misconfigured), without blaming the customer', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    t.payments.error = new PaymentProviderError('bad API key', false);
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toMatchObject({
      status: 502,
      message: expect.not.stringContaining('API key'),
    });
  });

  it('stores no refusal about the cart: the same key works once the cart is fixed', async () => {
    const t = setup();
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toMatchObject({ code: 'cart_empty' });
    fillCart(t, [[1, 1]]);
    expect((await t.service.checkout(SESSION, 'key-00000001', body())).status).toBe(201);
  });
});

describe('one cart, one checkout', () => {
  it('names the order when a paid cart is checked out again with a new key (409 cart_checked_out)', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber } = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    await expect(t.service.checkout(SESSION, 'key-00000002', body())).rejects.toMatchObject({
      status: 409,
      code: 'cart_checked_out',
      orderNumber,
    });
  });

  it('refuses a second checkout while a charge of the cart is being made (409 checkout_in_progress, naming it)', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    t.payments.error = new PaymentProviderError('timeout', true);
    await t.service.checkout(SESSION, 'key-00000001', body()).catch(() => undefined);
    t.payments.error = undefined;
    const [open] = t.repo.orders;
    await expect(t.service.checkout(SESSION, 'key-00000002', body())).rejects.toMatchObject({
      status: 409,
      code: 'checkout_in_progress',
      orderNumber: open!.orderNumber,
    });
    expect(t.repo.orders).toHaveLength(1);
  });

  it('refuses a checkout whose cart changed after it was priced (409 cart_changed), and keeps the cart', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const read = t.cart.getCart.bind(t.cart);
    t.cart.getCart = async (sessionId: string) => {
      const cart = await read(sessionId);
      fillCart(t, [[1, 3]]); // another tab changed the quantity meanwhile
      return cart;
    };
    await expect(t.service.checkout(SESSION, 'key-00000001', body())).rejects.toMatchObject({ code: 'cart_changed' });
    expect(t.repo.orders).toEqual([]);
    expect(t.repo.carts.get(SESSION)).toEqual([{ productId: 1, quantity: 3 }]);
  });

  it('supersedes a PayPal checkout the buyer abandoned: the old order is cancelled and can never be captured', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const old = created(await t.service.checkout(SESSION, 'key-00000001', body({ method: 'paypal' })));
    const paid = created(await t.service.checkout(SESSION, 'key-00000002', body()));
    expect(stored(t, old.orderNumber)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(t.repo.statusChanges.find((c) => c.note === 'superseded')).toMatchObject({
      actor: 'customer',
      to: 'cancelled',
    });
    expect(t.repo.jobs.has(`provision:${stored(t, old.orderNumber).id}`)).toBe(false);
    expect(stored(t, paid.orderNumber).status).toBe('processing');
    // The buyer approves in the old tab anyway: the store never captures it.
    t.payments.decidePaypal(stored(t, old.orderNumber).paymentReference!, 'approved');
    await expect(t.service.capturePaypal(old.orderNumber, { sessionId: SESSION })).rejects.toBeInstanceOf(
      PaymentFailedError,
    );
    expect([...t.payments.charges.values()].filter((c) => c.result.status === 'succeeded')).toHaveLength(1);
  });

  it('does not supersede a PayPal order while it is being captured', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const old = created(await t.service.checkout(SESSION, 'key-00000001', body({ method: 'paypal' })));
    await t.repo.startCapture(stored(t, old.orderNumber).id);
    await expect(t.service.checkout(SESSION, 'key-00000002', body())).rejects.toMatchObject({
      code: 'checkout_in_progress',
      orderNumber: old.orderNumber,
    });
    // A capture mark older than 5 minutes is presumed dead.
    stored(t, old.orderNumber).captureStartedAt = new Date(Date.now() - 5 * 60_000 - 1);
    expect((await t.service.checkout(SESSION, 'key-00000002', body())).status).toBe(201);
  });
});

describe('PayPal', () => {
  it('sends the buyer to PayPal, then captures once after approval and provisions', async () => {
    const t = setup();
    fillCart(t, [[2, 1]]);
    const response = created(await t.service.checkout(SESSION, 'key-00000001', body({ method: 'paypal' })));
    expect(response.payment).toMatchObject({
      status: 'requires_approval',
      approvalUrl: expect.stringContaining('PAYPAL-'),
    });
    const order = stored(t, response.orderNumber);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'requires_approval' });
    // Parked with the access token until the payment is captured; the cart waits too.
    expect(t.repo.jobs.get(`provision:${order.id}`)).toMatchObject({
      parked: true,
      payload: { accessToken: response.accessToken },
    });
    expect(t.repo.carts.has(SESSION)).toBe(true);
    await expect(t.service.capturePaypal(response.orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      status: 409,
      code: 'payment_not_approved',
    });
    expect(order.captureStartedAt).toBeNull();
    t.payments.decidePaypal(order.paymentReference!, 'approved');
    const view = await t.service.capturePaypal(response.orderNumber, { sessionId: SESSION });
    expect(view).toMatchObject({ status: 'processing', paymentStatus: 'succeeded', totalCents: 1_299 });
    expect(t.repo.jobs.get(`provision:${order.id}`)?.parked).toBe(false);
    expect(t.repo.carts.has(SESSION)).toBe(false);
    // Capturing again answers the order as it is.
    await expect(t.service.capturePaypal(response.orderNumber, { sessionId: SESSION })).resolves.toMatchObject({
      status: 'processing',
    });
    expect(t.repo.events.filter((e) => e.message === 'Payment captured')).toHaveLength(1);
  });

  it('cancels the order and keeps the cart when the buyer cancels on PayPal (402 paypal_cancelled)', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber } = created(await t.service.checkout(SESSION, 'key-00000001', body({ method: 'paypal' })));
    t.payments.decidePaypal(stored(t, orderNumber).paymentReference!, 'cancelled');
    await expect(t.service.capturePaypal(orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      status: 402,
      code: 'paypal_cancelled',
    });
    expect(stored(t, orderNumber)).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(t.repo.carts.has(SESSION)).toBe(true);
  });

  it('refuses to capture a card order (409 not_paypal)', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber } = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    await expect(t.service.capturePaypal(orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      code: 'not_paypal',
    });
  });
});

describe('3-D Secure', () => {
  async function waiting(t: Setup) {
    fillCart(t, [[1, 1]]);
    const response = created(
      await t.service.checkout(SESSION, 'key-00000001', body({ method: 'card', token: 'tok_requires_action' })),
    );
    return { response, order: stored(t, response.orderNumber) };
  }

  it('waits for the bank: order pending with its PaymentIntent, job parked, then paid on confirmation', async () => {
    const t = setup();
    const { response, order } = await waiting(t);
    expect(response.payment).toEqual({ status: 'requires_action', clientSecret: `${order.paymentReference}_secret` });
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'requires_approval' });
    expect(t.repo.jobs.get(`provision:${order.id}`)?.parked).toBe(true);
    await expect(t.service.confirmCardPayment(order.orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      code: 'payment_requires_action',
    });
    t.payments.completeCardAction(order.paymentReference!, 'succeeded');
    await expect(t.service.confirmCardPayment(order.orderNumber, { sessionId: SESSION })).resolves.toMatchObject({
      status: 'processing',
    });
    // The webhook arriving afterwards changes nothing.
    expect(await t.service.reconcileCardPayment(order.paymentReference!)).toBe('unchanged');
    expect(t.repo.statusChanges.filter((c) => c.to === 'processing')).toHaveLength(1);
  });

  it('cancels the order with the bank’s reason when authentication fails (402)', async () => {
    const t = setup();
    const { order } = await waiting(t);
    t.payments.completeCardAction(order.paymentReference!, 'card_declined');
    await expect(t.service.confirmCardPayment(order.orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
    });
    expect(order.status).toBe('cancelled');
  });

  it('refunds, once, a payment completed after its order was cancelled, and says so (402 payment_refunded)', async () => {
    const t = setup();
    const { order } = await waiting(t);
    // A newer checkout of the cart supersedes the order while the customer is at the bank.
    created(await t.service.checkout(SESSION, 'key-00000002', body()));
    expect(order.status).toBe('cancelled');
    t.payments.completeCardAction(order.paymentReference!, 'succeeded');
    await expect(t.service.confirmCardPayment(order.orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      status: 402,
      code: 'payment_refunded',
    });
    expect(await t.service.reconcileCardPayment(order.paymentReference!)).toBe('voided');
    expect(t.payments.refunds).toEqual([
      expect.objectContaining({
        chargeReference: order.paymentReference,
        amountCents: 450,
        idempotencyKey: `void:${order.orderNumber}`,
      }),
    ]);
    expect(order.status).toBe('cancelled');
    expect(t.repo.events.at(-1)).toMatchObject({
      message: 'Payment completed after the order was cancelled: refunded',
    });
  });
});

describe('the Stripe webhook (reconcileCardPayment)', () => {
  it('knows nothing of a PaymentIntent no order has or names', async () => {
    const t = setup();
    expect(await t.service.reconcileCardPayment('pi_unknown')).toBe('unknown');
    expect(await t.service.reconcileCardPayment('pi_unknown', { orderNumber: 'ORD-NOSUCHORDER1' })).toBe('unknown');
  });

  it('settles a 3-D Secure payment the browser never came back for', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber } = created(
      await t.service.checkout(SESSION, 'key-00000001', body({ method: 'card', token: 'tok_requires_action' })),
    );
    const reference = stored(t, orderNumber).paymentReference!;
    expect(await t.service.reconcileCardPayment(reference)).toBe('pending');
    t.payments.completeCardAction(reference, 'succeeded');
    expect(await t.service.reconcileCardPayment(reference)).toBe('settled');
    expect(await t.service.reconcileCardPayment(reference)).toBe('unchanged');
    expect(stored(t, orderNumber).status).toBe('processing');
  });

  it('finds the order by the PaymentIntent’s metadata when the checkout died after charging, if amount and currency match', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    t.payments.error = new PaymentProviderError('timeout', true);
    await t.service.checkout(SESSION, 'key-00000001', body()).catch(() => undefined);
    t.payments.error = undefined;
    const [order] = t.repo.orders;
    const reference = t.payments.settledCharge(450);
    const facts = { orderNumber: order!.orderNumber, amountCents: 450, currency: 'usd' };
    expect(await t.service.reconcileCardPayment(reference, { ...facts, amountCents: 449 })).toBe('unmatched');
    expect(await t.service.reconcileCardPayment(reference, { ...facts, currency: 'EUR' })).toBe('unmatched');
    expect(order!.status).toBe('pending');
    expect(await t.service.reconcileCardPayment(reference, facts)).toBe('settled');
    expect(order).toMatchObject({ status: 'processing', paymentReference: reference });
    expect(t.repo.jobs.get(`provision:${order!.id}`)).toMatchObject({
      parked: false,
      payload: { accessToken: expect.any(String) },
    });
  });
});

describe('status transitions through payment', () => {
  it('moves pending -> processing when paid and pending -> cancelled when refused, recording each move', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    await t.service.checkout(SESSION, 'key-00000001', body({ method: 'card', token: 'tok_card_declined' }));
    await t.service.checkout(SESSION, 'key-00000002', body());
    const [declined, paid] = t.repo.orders;
    const moves = (id: number) => t.repo.statusChanges.filter((c) => c.orderId === id).map((c) => [c.from, c.to]);
    expect(moves(declined!.id)).toEqual([
      [null, 'pending'],
      ['pending', 'cancelled'],
    ]);
    expect(moves(paid!.id)).toEqual([
      [null, 'pending'],
      ['pending', 'processing'],
    ]);
  });

  it('never captures or marks paid an order cancelled meanwhile (cancelled is final)', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber } = created(await t.service.checkout(SESSION, 'key-00000001', body({ method: 'paypal' })));
    const order = stored(t, orderNumber);
    // An admin cancels the order while the buyer is on PayPal; the buyer then approves.
    order.status = 'cancelled';
    t.payments.decidePaypal(order.paymentReference!, 'approved');
    await expect(t.service.capturePaypal(orderNumber, { sessionId: SESSION })).rejects.toMatchObject({
      status: 402,
      code: 'paypal_cancelled',
    });
    expect(t.payments.charges.get(order.paymentReference!)?.result.status).toBe('requires_approval');
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'requires_approval' });
    // The repository refuses the move itself, changing nothing.
    await expect(
      t.repo.markPaid(order.id, { reference: 'pi_x', cardBrand: null, cardLast4: null }, 'payment:fake', {
        orderId: order.id,
      }),
    ).rejects.toBeInstanceOf(InvalidTransitionError);
    expect(order.paymentStatus).toBe('requires_approval');
  });
});

describe('who may see an order', () => {
  it('opens an order for its session, its valid access token or its account, and answers everyone else as for an unknown order', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber, accessToken } = created(await t.service.checkout(SESSION, 'key-00000001', body(), 42));
    await expect(t.service.getOrder(orderNumber, { sessionId: SESSION })).resolves.toMatchObject({ orderNumber });
    await expect(t.service.getOrder(orderNumber, { accessToken })).resolves.toMatchObject({ orderNumber });
    await expect(t.service.getOrder(orderNumber, { userId: 42 })).resolves.toMatchObject({ orderNumber });
    const unknown = await t.service.getOrder('ORD-NOSUCHORDER1', { sessionId: SESSION }).catch((e: unknown) => e);
    for (const access of [
      { sessionId: 'another-session-000001' },
      { accessToken: 'guessed-token' },
      { userId: 7 },
      {},
    ]) {
      expect(await t.service.getOrder(orderNumber, access).catch((e: unknown) => e)).toEqual(unknown);
    }
    await expect(t.service.getOrder('not an order', { sessionId: SESSION })).rejects.toMatchObject({ status: 404 });
  });

  it('stops opening by a revoked or expired access token', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const { orderNumber, accessToken } = created(await t.service.checkout(SESSION, 'key-00000001', body()));
    const order = stored(t, orderNumber);
    expect(accessTokenState(order, accessToken)).toBe('valid');
    expect(accessTokenState(order, 'another-token')).toBe('mismatch');
    expect(accessTokenState(order, accessToken, new Date(Date.now() + 731 * DAY_MS))).toBe('expired');
    order.accessTokenRevokedAt = new Date();
    expect(accessTokenState(order, accessToken)).toBe('revoked');
    await expect(t.service.getOrder(orderNumber, { accessToken })).rejects.toMatchObject({ status: 404 });
  });

  it('lists an account’s orders and the top-ups of those, newest first', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const first = created(await t.service.checkout(SESSION, 'key-00000001', body(), 42));
    fillCart(t, [[2, 2]]);
    const second = created(await t.service.checkout(SESSION, 'key-00000002', body(), 42));
    stored(t, first.orderNumber).createdAt = new Date(Date.now() - DAY_MS);
    const orders = await t.service.accountOrders(42);
    expect(orders.map((o) => [o.orderNumber, o.items])).toEqual([
      [second.orderNumber, [{ name: 'Turkey 5 GB', quantity: 2 }]],
      [first.orderNumber, [{ name: 'Turkey 1 GB', quantity: 1 }]],
    ]);
    expect(await t.service.accountOrders(7)).toEqual([]);
  });
});

describe('top-ups', () => {
  it('buys a bundle for an eSIM of the parent order: one line at today’s price, the parent’s account, no token of its own', async () => {
    const t = setup();
    fillCart(t, [[1, 1]]);
    const parentResponse = created(await t.service.checkout(SESSION, 'key-00000001', body(), 42));
    const parent = stored(t, parentResponse.orderNumber);
    const esim = { id: 77, iccid: '8944000000000000077' } as Parameters<OrdersService['purchaseTopup']>[0]['esim'];
    fillCart(t, [[1, 5]]); // the visitor is filling a new cart meanwhile
    const purchase = {
      sessionId: SESSION,
      idempotencyKey: 'topup-key-01',
      parent,
      esim,
      product: PLANS.get(2)!,
      body: {
        productId: 2,
        payment: { method: 'card' as const, token: 'tok_visa' },
        acceptTerms: true as const,
        language: 'en',
      },
    };
    const result = await t.service.purchaseTopup(purchase);
    expect(result).toMatchObject({ status: 201, body: { payment: { status: 'succeeded' } } });
    const topup = t.repo.orders.at(-1)!;
    expect(topup).toMatchObject({
      kind: 'topup',
      parentOrderId: parent.id,
      topupEsimId: 77,
      userId: 42,
      totalCents: 1_299,
      accessTokenHash: null,
      status: 'processing',
    });
    expect(t.repo.lines.filter((l) => l.orderId === topup.id).map((l) => [l.productId, l.quantity])).toEqual([[2, 1]]);
    // A top-up is not bought from the cart: the new cart stays.
    expect(t.repo.carts.get(SESSION)).toEqual([{ productId: 1, quantity: 5 }]);
    expect(t.repo.jobs.get(`provision:${topup.id}`)?.payload).toEqual({ orderId: topup.id });
    // Per portal and key: a repeat replays, another body is refused.
    expect(await t.service.purchaseTopup(purchase)).toMatchObject({ replayed: true, body: result.body });
    await expect(
      t.service.purchaseTopup({ ...purchase, body: { ...purchase.body, productId: 1 } }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(t.payments.charges.size).toBe(2);
  });
});
