import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiError } from '@esim/contract/catalog';
import type { Product } from '@esim/contract/catalog';
import type { CheckoutBody, CheckoutResponse, PaymentChoice } from '@esim/contract/checkout';
import type { TopupBody, TopupResponse } from '@esim/contract/portal';
import { dataAmountLabel } from '@esim/contract/format';
import { type AccountOrder, type OrderView, orderNumberParamsSchema } from '@esim/contract/order';
import {
  CartOrderConflictError,
  ConflictError,
  NotFoundError,
  PaymentFailedError,
  UpstreamError,
} from '../../lib/errors.ts';
import { type Idempotency, type IdempotencyRef, type IdempotentResponse, payloadHash } from '../../lib/idempotency.ts';
import {
  type ChargeResult,
  type PaymentProvider,
  PaymentProviderError,
} from '../../providers/payment/payment-provider.ts';
import type { CartService } from './cart/cart.service.ts';
import { InvalidTransitionError } from './order-status.ts';
import { toAccountOrder, toOrderView } from './order-view.ts';
import type { OrderJobPayload } from './order-jobs.ts';
import type { CheckoutBlock, EsimRow, NewOrderLine, OrderRow, OrdersRepository } from './orders.repository.ts';

/**
 * Who asks to see or act on an order: the visitor session, the portal access token and/or the
 * signed-in account (the session cookie's user id; an order belongs to the account it was placed
 * or attached under, decision record 0009). Any one of them that matches opens the order.
 */
export interface OrderAccess {
  sessionId?: string | undefined;
  accessToken?: string | undefined;
  userId?: number | undefined;
}

/** The idempotency scope of checkout requests. */
const CHECKOUT_SCOPE = 'POST /api/checkout';
/** The idempotency scope of top-up requests (keys are per portal, i.e. per parent order). */
const TOPUP_SCOPE = 'POST /api/portal/esims/{iccid}/topups';

/**
 * How long a portal access token opens the portal: two years from purchase, longer than any plan
 * (the longest is 365 days) plus its top-ups, and short enough that a token found in an old
 * mailbox stops working.
 */
export const ACCESS_TOKEN_TTL_DAYS = 730;
const DAY_MS = 86_400_000;

/** Crockford's base32 alphabet (no I, L, O, U): unambiguous when read aloud or retyped. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new order number: `ORD-` and 12 Crockford base32 characters, 60 bits from the CSPRNG, so
 * numbers cannot be guessed or enumerated (docs/product-rules.md#checkout-and-payment). At a million orders the chance
 * of any collision is about 4e-7, and the unique index would refuse it rather than mix orders.
 */
export function newOrderNumber(): string {
  let bits = randomBytes(8).readBigUInt64BE(0);
  let suffix = '';
  for (let i = 0; i < 12; i++) {
    suffix += CROCKFORD[Number(bits & 31n)];
    bits >>= 5n;
  }
  return `ORD-${suffix}`;
}

/** SHA-256 (hex) of an access token: the only form the database keeps. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether `token` is the access token of `order` and still opens it: `mismatch` (not its token,
 * or the order has none, as top-ups), `revoked` (support withdrew it), `expired` (past
 * `accessTokenExpiresAt`, see {@link ACCESS_TOKEN_TTL_DAYS}) or `valid`. The hash comparison is
 * constant-time.
 */
export function accessTokenState(
  order: Pick<OrderRow, 'accessTokenHash' | 'accessTokenExpiresAt' | 'accessTokenRevokedAt'>,
  token: string,
  now = new Date(),
): 'valid' | 'mismatch' | 'revoked' | 'expired' {
  if (!order.accessTokenHash) return 'mismatch';
  if (!timingSafeEqual(Buffer.from(hashAccessToken(token), 'hex'), Buffer.from(order.accessTokenHash, 'hex')))
    return 'mismatch';
  if (order.accessTokenRevokedAt) return 'revoked';
  if (order.accessTokenExpiresAt && order.accessTokenExpiresAt <= now) return 'expired';
  return 'valid';
}

/** Constant-time equality of two strings of any length, through their SHA-256 digests. */
function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** What a checkout saves as its idempotency recovery point: the order it created. */
interface PlacedOrder {
  orderNumber: string;
  accessToken: string;
}

function isPlacedOrder(value: unknown): value is PlacedOrder {
  const v = value as Partial<PlacedOrder> | null;
  return typeof v?.orderNumber === 'string' && typeof v.accessToken === 'string';
}

/** What a top-up saves as its idempotency recovery point. */
function isPlacedTopup(value: unknown): value is { orderNumber: string } {
  return typeof (value as { orderNumber?: unknown } | null)?.orderNumber === 'string';
}

/** The response of a checkout: 201 with the order, or 402 with the provider's reason. */
export type CheckoutResult = IdempotentResponse<CheckoutResponse | ApiError> & { replayed: boolean };

/** The response of a top-up purchase: 201 with the top-up order, or 402 with the provider's reason. */
export type TopupResult = IdempotentResponse<TopupResponse | ApiError> & { replayed: boolean };

/** A top-up to buy: the portal's order, the eSIM, the plan (checked by the caller) and the request. */
export interface TopupPurchase {
  /** The visitor session of the buyer's browser (it may read the top-up order like any order). */
  sessionId: string;
  idempotencyKey: string;
  /**
   * The eSIM's own order: the one whose access token opened the portal, or the signed-in
   * account's order that holds the eSIM. The top-up belongs to its account, if any.
   */
  parent: OrderRow;
  esim: EsimRow;
  product: Product;
  body: TopupBody;
}

/**
 * The 409 for a checkout that created no order because its cart is tied to another one (one cart,
 * one checkout: decision record 0012); the message names the order.
 */
function checkoutBlocked(block: CheckoutBlock): ConflictError {
  switch (block.kind) {
    case 'in_progress':
      return new CartOrderConflictError(
        `Your cart is already being paid for in order ${block.orderNumber}. Wait a moment, then open that order or try again.`,
        'checkout_in_progress',
        block.orderNumber,
      );
    case 'checked_out':
      return new CartOrderConflictError(
        `Your cart was already checked out as order ${block.orderNumber}.`,
        'cart_checked_out',
        block.orderNumber,
      );
    case 'cart_changed':
      return new ConflictError(
        'Your cart changed while you were checking out. Please review it and try again.',
        'cart_changed',
      );
  }
}

/** How a payment attempt ended: paid, waiting for the PayPal buyer or for 3-D Secure, or refused (402 body). */
type PaymentOutcome =
  | { status: 'succeeded' }
  | { status: 'requires_approval'; approvalUrl: string }
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'failed'; error: ApiError };

/**
 * What {@link OrdersService.reconcileCardPayment} did: `unknown` (not the store's payment: no
 * order has this reference, and the PaymentIntent names no order of the store), `unchanged`
 * (already settled or cancelled), `pending` (still waiting for the customer), `settled` (paid or
 * failed now), `voided` (paid after its order was cancelled: refunded), `unmatched` (the
 * PaymentIntent names an order of the store that it cannot settle: another payment method,
 * another amount or currency, or another PaymentIntent recorded; nothing changed, the webhook
 * leaves the event unprocessed for an operator).
 */
export type CardReconciliation = 'unknown' | 'unchanged' | 'pending' | 'settled' | 'voided' | 'unmatched';

/**
 * What a Stripe event says of its PaymentIntent besides its id: `metadata.order` (the order number the adapter sets at creation), `amount` (cents) and
 * `currency` (ISO 4217, any case). Fixed at creation: the store confirms a PaymentIntent as it
 * creates it and never updates it. Read from the signed event, so authentic.
 */
export interface CardIntentFacts {
  orderNumber?: string | undefined;
  amountCents?: number | undefined;
  currency?: string | undefined;
}

/**
 * What {@link OrdersService} needs of its storage: `OrdersRepository`, or an in-memory fake in unit
 * tests (`orders.repository.fake.ts`).
 */
export type OrdersStore = Pick<
  OrdersRepository,
  | 'createOrder'
  | 'recentCheckout'
  | 'productNames'
  | 'findByNumber'
  | 'findById'
  | 'findByPaymentReference'
  | 'ordersOfUser'
  | 'contents'
  | 'refundOf'
  | 'startCapture'
  | 'endCapture'
  | 'parkProvisioning'
  | 'awaitPaypalApproval'
  | 'awaitCardAction'
  | 'markPaid'
  | 'markPaymentFailed'
  | 'recordPaymentEvent'
>;

/** The currency of every order (`pay`): the store sells in US dollars. */
const STORE_CURRENCY = 'USD';

/**
 * Orders: checkout (cart -> order -> payment), PayPal capture and order reads
 * (docs/product-rules.md#checkout-and-payment). Knows neither HTTP nor SQL. Fulfilment after payment is
 * `fulfilment.service.ts`, run by the job queue.
 *
 * Exactly-once rules: a checkout runs once per `Idempotency-Key` (`lib/idempotency.ts`); its
 * charge carries the provider idempotency key `checkout:<orderNumber>`, so a resumed checkout
 * replays the first charge instead of charging again; recording an outcome is idempotent.
 */
export class OrdersService {
  constructor(
    private readonly deps: {
      repo: OrdersStore;
      /** The visitor's server-side cart, read at checkout. */
      cart: Pick<CartService, 'getCart'>;
      payments: PaymentProvider;
      idempotency: Idempotency;
      /** Wakes the job worker once a job has been committed. */
      jobs: { wake(): void };
    },
  ) {}

  /**
   * `POST /api/checkout`: turns the session's cart into an order and pays for it, once per
   * `idempotencyKey` (see `lib/idempotency.ts`: a repeat replays the first response).
   *
   * Lines and prices come from the server cart, frozen into the order. The order is created
   * `pending` with a new access token (returned in clear only here; stored as SHA-256). Then:
   * - card: charged at once. Succeeded: payment stored (reference, brand, last 4), order
   *   `processing`, cart emptied, provisioning queued: 201 `{ orderNumber, accessToken, payment:
   *   { status: 'succeeded' } }`. Failed: order `cancelled` with the reason, cart kept: 402
   *   `{ error: { code, message } }` with the provider's code and message (e.g. `card_declined`).
   * - paypal: a PayPal order is created: 201 with `payment: { status: 'requires_approval',
   *   approvalUrl }`; the buyer returns to `/checkout/success?order=<orderNumber>` (approved) or
   *   `/checkout?paypal=cancelled&order=<orderNumber>`, and the store then calls
   *   {@link capturePaypal}.
   * @throws ConflictError 409 `cart_empty`; 409 `products_unavailable` naming plans no longer sold.
   * @throws IdempotencyKeyReusedError 422; IdempotencyInProgressError 409.
   * @throws UpstreamError 503 when the payment provider cannot be reached, 502 when it refuses
   *   the request (the order stays pending; a retry with the same key resumes it and cannot
   *   charge twice).
   */
  async checkout(
    sessionId: string,
    idempotencyKey: string,
    body: CheckoutBody,
    userId?: number,
  ): Promise<CheckoutResult> {
    const ref: IdempotencyRef = { scope: CHECKOUT_SCOPE, sessionId, key: idempotencyKey };
    return this.deps.idempotency.execute<CheckoutResponse | ApiError>(ref, payloadHash(body), async (recovery) => {
      const placed = isPlacedOrder(recovery) ? recovery : await this.placeOrder(ref, body, userId);
      const order = await this.placedOrder(placed.orderNumber);
      const outcome = await this.pay(order, body.payment, {
        jobPayload: { orderId: order.id, accessToken: placed.accessToken },
        returnUrl: `/checkout/success?order=${order.orderNumber}`,
        cancelUrl: `/checkout?paypal=cancelled&order=${order.orderNumber}`,
      });
      if (outcome.status === 'failed') return { status: 402, body: outcome.error };
      const response: CheckoutResponse = {
        orderNumber: order.orderNumber,
        accessToken: placed.accessToken,
        payment: outcome,
      };
      return { status: 201, body: response };
    });
  }

  /**
   * Buys a top-up for an eSIM from the customer portal (`POST /api/portal/esims/{iccid}/topups`),
   * once per `Idempotency-Key` and portal: the same protocol and payment flow as {@link checkout}.
   * The caller (the portal service) has checked the access token or the signed-in account, that
   * the eSIM belongs to the parent order and is active, and that the plan is compatible. The
   * top-up is an order of kind `topup` with one line (the plan, quantity 1, today's price), the
   * parent's customer details and account (`user_id`) and no access token of its own; once paid, fulfilment applies the bundle to the eSIM and
   * e-mails a receipt. PayPal buyers return to `/portal/topup-confirmation?order=<orderNumber>`
   * (approved) or `/portal/topup?iccid=<iccid>&paypal=cancelled&order=<orderNumber>`.
   * @returns 201 `{ orderNumber, payment }`, or 402 with the provider's code and message.
   * @throws IdempotencyKeyReusedError 422; IdempotencyInProgressError 409; UpstreamError 502/503.
   */
  async purchaseTopup(purchase: TopupPurchase): Promise<TopupResult> {
    const { parent, esim, body } = purchase;
    const ref: IdempotencyRef = { scope: TOPUP_SCOPE, sessionId: `portal:${parent.id}`, key: purchase.idempotencyKey };
    return this.deps.idempotency.execute<TopupResponse | ApiError>(
      ref,
      payloadHash({ iccid: esim.iccid, ...body }),
      async (recovery) => {
        const orderNumber = isPlacedTopup(recovery) ? recovery.orderNumber : await this.placeTopup(ref, purchase);
        const order = await this.placedOrder(orderNumber);
        const outcome = await this.pay(order, body.payment, {
          jobPayload: { orderId: order.id },
          returnUrl: `/portal/topup-confirmation?order=${order.orderNumber}`,
          cancelUrl: `/portal/topup?iccid=${esim.iccid}&paypal=cancelled&order=${order.orderNumber}`,
        });
        if (outcome.status === 'failed') return { status: 402, body: outcome.error };
        return { status: 201, body: { orderNumber: order.orderNumber, payment: outcome } };
      },
    );
  }

  /**
   * `POST /api/orders/{orderNumber}/paypal/capture`: captures the approved PayPal payment of an
   * order the caller may see. Idempotent: once captured, answers the order again.
   * @returns the order (status `processing`, provisioning queued) after a successful capture.
   * @throws NotFoundError 404 'Order Not Found' when the order is unknown or not the caller's.
   * @throws ConflictError 409 `not_paypal` (another payment method), `payment_not_approved` (the
   *   buyer has not approved yet), `invalid_transition` (the order was cancelled meanwhile).
   * @throws PaymentFailedError 402 with the provider's code and message when the buyer cancelled
   *   or PayPal refused; the order is cancelled and the cart kept.
   * @throws UpstreamError 503 when PayPal cannot be reached.
   */
  async capturePaypal(orderNumber: string, access: OrderAccess): Promise<OrderView> {
    return this.view(await this.captureApprovedPaypal(await this.visibleOrder(orderNumber, access)));
  }

  /**
   * Captures the approved PayPal payment of `order` (already authorised by the caller) and
   * records it; idempotent (a captured order is returned as it is).
   * @returns the order as stored after the capture.
   * @throws ConflictError, PaymentFailedError, UpstreamError as {@link capturePaypal}.
   */
  async captureApprovedPaypal(order: OrderRow): Promise<OrderRow> {
    if (order.paymentMethod !== 'paypal') throw new ConflictError('This order is not paid with PayPal', 'not_paypal');
    if (order.paymentStatus !== 'succeeded') {
      const reference = order.paymentReference;
      if (!reference) throw new ConflictError('This order has no PayPal payment to capture', 'payment_not_started');
      // Claimed first, so that a newer checkout of the cart cannot supersede the order while
      // PayPal captures it, and a superseded or cancelled order is never captured.
      if (!(await this.deps.repo.startCapture(order.id))) return this.unpaidOutcome(order.id);
      let result: ChargeResult;
      try {
        result = await this.callProvider(() => this.deps.payments.capturePaypalOrder(reference));
      } catch (error) {
        await this.deps.repo.endCapture(order.id);
        throw error;
      }
      if (result.status === 'requires_approval' || result.status === 'requires_action') {
        await this.deps.repo.endCapture(order.id);
        throw new ConflictError('PayPal has not approved this payment yet', 'payment_not_approved');
      }
      // The parked provisioning job carries the access token; this payload only backs it up.
      const outcome = await this.settle(order, result, { orderId: order.id });
      if (outcome) throw new PaymentFailedError(outcome.error.message, outcome.error.code);
    }
    return (await this.deps.repo.findById(order.id)) ?? order;
  }

  /**
   * `POST /api/orders/{orderNumber}/payment/confirm`: after 3-D Secure in the browser,
   * settles the card payment of an order the caller may see (see {@link confirmCardAction}).
   * @returns the order (status `processing`, provisioning queued) once paid; also on repeats.
   * @throws NotFoundError 404 'Order Not Found' when the order is unknown or not the caller's.
   * @throws ConflictError 409 `not_card`, `payment_not_started`, `payment_requires_action`.
   * @throws PaymentFailedError 402 with the provider's code and message (order cancelled).
   * @throws UpstreamError 503/502 when the provider cannot be reached / refuses.
   */
  async confirmCardPayment(orderNumber: string, access: OrderAccess): Promise<OrderView> {
    return this.view(await this.confirmCardAction(await this.visibleOrder(orderNumber, access)));
  }

  /**
   * Settles the card payment of `order` (already authorised by the caller) that waited for the
   * customer's action (Stripe `requires_action`): asks the provider
   * (`PaymentProvider.confirmCardPayment`) and records the outcome. Idempotent and safe against
   * the Stripe webhook settling the same payment at the same time: the order row is locked and
   * compared (`markPaid` / `markPaymentFailed` change only a pending, unsettled order), so the
   * first settles and the second finds it settled. The confirmation is claimed
   * (`startCapture`) so that a newer checkout of the cart does not supersede the order meanwhile.
   * A payment that succeeded after its order was cancelled (superseded by a newer checkout, or
   * cancelled by an admin) is refunded, and the 402 says so.
   * @returns the order as stored after the confirmation (a paid order as it is).
   * @throws ConflictError 409 `not_card` (another payment method), `payment_not_started` (no
   *   card payment waits), `payment_requires_action` (the customer has not finished 3-D Secure).
   * @throws PaymentFailedError 402 with the provider's code and message (the order is cancelled,
   *   the cart kept), or the stored reason when it was already cancelled.
   * @throws UpstreamError 503 when the provider cannot be reached, 502 when it refuses.
   */
  async confirmCardAction(order: OrderRow): Promise<OrderRow> {
    if (order.paymentMethod !== 'card') throw new ConflictError('This order is not paid by card', 'not_card');
    if (order.paymentStatus === 'succeeded') return order;
    const reference = order.paymentReference;
    if (order.status !== 'pending') {
      const voided = await this.voidLateCardPayment(order);
      throw this.unpaidCardError(order, voided);
    }
    if (!reference)
      throw new ConflictError('This order has no card payment waiting for confirmation', 'payment_not_started');
    if (!(await this.deps.repo.startCapture(order.id))) {
      const now = (await this.deps.repo.findById(order.id)) ?? order;
      if (now.paymentStatus === 'succeeded') return now;
      throw this.unpaidCardError(now, await this.voidLateCardPayment(now));
    }
    let result: ChargeResult;
    try {
      result = await this.callProvider(() => this.deps.payments.confirmCardPayment(reference));
    } catch (error) {
      await this.deps.repo.endCapture(order.id);
      throw error;
    }
    if (result.status === 'requires_action' || result.status === 'requires_approval') {
      await this.deps.repo.endCapture(order.id);
      throw new ConflictError(
        'Your bank has not confirmed this payment yet. Finish the verification, then try again.',
        'payment_requires_action',
      );
    }
    const outcome = await this.settleCard(order, result);
    if (outcome === 'voided') throw this.unpaidCardError((await this.deps.repo.findById(order.id)) ?? order, true);
    if (outcome) throw new PaymentFailedError(outcome.error.message, outcome.error.code);
    return (await this.deps.repo.findById(order.id)) ?? order;
  }

  /**
   * The Stripe webhook's effect: the card order whose payment has `reference` (a
   * PaymentIntent id) is settled from the provider's current state, read again rather than taken
   * from the event (events come late, twice and out of order):
   * paid -> processing and provisioning (the browser never came back), failed -> cancelled with
   * the reason. Idempotent, and safe against the browser's confirmation racing it (see
   * {@link confirmCardAction}).
   *
   * When no order has the reference yet (the checkout's process died, or its call to Stripe timed
   * out, after Stripe charged: the order is `pending` with no reference), the order is the one
   * the PaymentIntent names (`intent.orderNumber`, its `metadata.order`), provided it is a card
   * order with no payment reference or this one, of the PaymentIntent's amount and currency
   * (`intent`): a pending one is settled as above (the reference recorded, provisioning released),
   * a cancelled one with a succeeded payment is refunded. The checkout parked the provisioning
   * job with the access token before charging (`OrdersRepository.parkProvisioning`), so the
   * confirmation e-mail still goes out.
   * @param reference the PaymentIntent id (`pi_…`) of the event.
   * @param intent what the signed event says of the PaymentIntent ({@link CardIntentFacts}).
   * @returns see {@link CardReconciliation}; `unmatched` when the named order does not match.
   * @throws UpstreamError when the provider cannot be reached (the webhook answers 5xx and
   *   Stripe delivers it again).
   */
  async reconcileCardPayment(reference: string, intent: CardIntentFacts = {}): Promise<CardReconciliation> {
    let order = await this.deps.repo.findByPaymentReference(reference);
    if (!order) {
      const named = intent.orderNumber ? await this.deps.repo.findByNumber(intent.orderNumber) : undefined;
      if (!named) return 'unknown';
      if (!this.intentMatches(named, reference, intent)) return 'unmatched';
      order = named;
      if (order.status !== 'pending') {
        if (order.paymentStatus === 'succeeded') return 'unchanged';
        return (await this.voidLateCardPayment({ ...order, paymentReference: reference })) ? 'voided' : 'unchanged';
      }
    }
    if (order.paymentMethod !== 'card') return 'unknown';
    if (order.paymentStatus === 'succeeded') return 'unchanged';
    if (order.status !== 'pending') return (await this.voidLateCardPayment(order)) ? 'voided' : 'unchanged';
    const result = await this.callProvider(() => this.deps.payments.confirmCardPayment(reference));
    if (result.status === 'requires_action' || result.status === 'requires_approval') return 'pending';
    const outcome = await this.settleCard(order, result);
    return outcome === 'voided' ? 'voided' : 'settled';
  }

  /**
   * Whether the PaymentIntent `reference` (described by `intent`) may settle `order`, found by
   * the order number in its metadata: a card order with no payment reference or this one, whose
   * total and currency are the PaymentIntent's.
   */
  private intentMatches(order: OrderRow, reference: string, intent: CardIntentFacts): boolean {
    return (
      order.paymentMethod === 'card' &&
      (order.paymentReference === null || order.paymentReference === reference) &&
      intent.amountCents === order.totalCents &&
      intent.currency?.toUpperCase() === STORE_CURRENCY
    );
  }

  /**
   * Records a settled card payment of a pending order ({@link settle}); when the order was
   * cancelled meanwhile and the payment succeeded, refunds it instead.
   * @returns undefined (paid), the 402 body (failed), or `voided` (refunded).
   */
  private async settleCard(
    order: OrderRow,
    result: Extract<ChargeResult, { status: 'succeeded' | 'failed' }>,
  ): Promise<{ error: ApiError['error'] } | 'voided' | undefined> {
    try {
      const failure = await this.settle(order, result, { orderId: order.id });
      return failure ? { error: failure.error } : undefined;
    } catch (error) {
      if (!(error instanceof InvalidTransitionError)) throw error;
      const now = (await this.deps.repo.findById(order.id)) ?? order;
      if (now.paymentStatus === 'succeeded') return undefined;
      if (result.status === 'succeeded' && (await this.voidLateCardPayment(now))) return 'voided';
      throw error;
    }
  }

  /**
   * Refunds a card payment that succeeded after its order was cancelled (superseded by a newer
   * checkout of the cart, or cancelled by an admin while the customer was in 3-D Secure), in full,
   * once (provider idempotency key `void:<orderNumber>`), and records it on the order's timeline.
   * @returns true when such a payment was found and refunded (now or before).
   * @throws UpstreamError 503 when the provider cannot be reached for the refund, 502 when it
   *   refuses the request (see {@link callProvider}); nothing is recorded, and a retry refunds
   *   at most once (same key).
   */
  private async voidLateCardPayment(order: OrderRow): Promise<boolean> {
    const reference = order.paymentReference;
    if (
      order.paymentMethod !== 'card' ||
      order.status !== 'cancelled' ||
      !reference ||
      !this.deps.payments.ownsReference(reference)
    )
      return false;
    let result: ChargeResult;
    try {
      result = await this.deps.payments.confirmCardPayment(reference);
    } catch {
      // Not a charge waiting for action (e.g. a declined sandbox charge): nothing to refund.
      return false;
    }
    if (result.status !== 'succeeded') return false;
    const refund = await this.callProvider(() =>
      this.deps.payments.refund({
        chargeReference: reference,
        amountCents: order.totalCents,
        idempotencyKey: `void:${order.orderNumber}`,
      }),
    );
    await this.deps.repo.recordPaymentEvent(
      order.id,
      `payment:${this.deps.payments.id}`,
      'Payment completed after the order was cancelled: refunded',
      {
        outcome: 'refunded',
        method: 'card',
        amountCents: order.totalCents,
        reference,
        refund: refund.reference,
        refundStatus: refund.status,
        ...(refund.failureMessage ? { failureMessage: refund.failureMessage } : {}),
      },
    );
    return true;
  }

  /** The 402 for a card order that is no longer pending and was not paid. */
  private unpaidCardError(order: OrderRow, voided: boolean): PaymentFailedError {
    if (voided) {
      return new PaymentFailedError(
        'This order was cancelled before the payment completed; the payment has been refunded.',
        'payment_refunded',
      );
    }
    const code = order.paymentStatus === 'failed' ? 'payment_failed' : 'payment_cancelled';
    return new PaymentFailedError(order.paymentError ?? 'The payment was cancelled.', code);
  }

  /**
   * The order as stored once it has left `pending` without this capture: paid meanwhile (returned
   * as it is), or cancelled (the payment failed, the buyer cancelled, or a newer checkout of the
   * cart superseded it): 402 with the stored reason.
   * @throws PaymentFailedError 402 `paypal_cancelled` / `payment_failed`.
   */
  private async unpaidOutcome(orderId: number): Promise<OrderRow> {
    const order = await this.deps.repo.findById(orderId);
    if (!order) throw new NotFoundError('Order Not Found');
    if (order.paymentStatus === 'succeeded') return order;
    const message = order.paymentError ?? 'The PayPal payment was cancelled.';
    throw new PaymentFailedError(message, order.paymentStatus === 'failed' ? 'payment_failed' : 'paypal_cancelled');
  }

  /**
   * `GET /api/orders/{orderNumber}`: the order, for its own visitor session, the holder of its
   * access token or the signed-in account that owns it (anyone else gets 404, as for an unknown
   * order: {@link visibleOrder}). Once refunded: the refund, and its eSIMs `Refunded` without
   * their install details.
   * @throws NotFoundError 404 'Order Not Found' for unknown, malformed or foreign order numbers.
   */
  async getOrder(orderNumber: string, access: OrderAccess): Promise<OrderView> {
    return this.view(await this.visibleOrder(orderNumber, access));
  }

  /**
   * `GET /api/orders` for a signed-in customer: the account's
   * orders and their top-ups, newest first.
   */
  async accountOrders(userId: number): Promise<AccountOrder[]> {
    return (await this.deps.repo.ordersOfUser(userId)).map(({ order, lines }) => toAccountOrder(order, lines));
  }

  /**
   * Reads the session's cart and creates the pending order, saving it as the key's recovery point;
   * `userId` (the signed-in account) owns the order.
   */
  private async placeOrder(ref: IdempotencyRef, body: CheckoutBody, userId?: number): Promise<PlacedOrder> {
    const cart = await this.deps.cart.getCart(ref.sessionId);
    if (cart.items.length === 0) {
      const recent = await this.deps.repo.recentCheckout(ref.sessionId);
      throw recent
        ? checkoutBlocked({ kind: 'checked_out', orderNumber: recent })
        : new ConflictError('Your cart is empty', 'cart_empty');
    }
    const sold = cart.items.flatMap(({ product, quantity }) => (product ? [{ product, quantity }] : []));
    const gone = cart.items.filter((item) => item.product === null);
    if (gone.length > 0) {
      const names = await this.deps.repo.productNames(gone.map((g) => g.productId));
      const list = gone.map((g) => names.get(g.productId) ?? `#${g.productId}`).join(', ');
      throw new ConflictError(`No longer sold, remove from your cart first: ${list}`, 'products_unavailable');
    }
    const lines: NewOrderLine[] = sold.map(({ product, quantity }) => ({
      productId: product.productId,
      apiBundleName: product.apiBundleName,
      name: product.name,
      countryCode: product.countryCode,
      dataAmount: dataAmountLabel(product.features.dataMb),
      validityDays: product.features.validityDays,
      quantity,
      unitPriceCents: product.priceCents,
      lineTotalCents: product.priceCents * quantity,
    }));
    const placed: PlacedOrder = { orderNumber: newOrderNumber(), accessToken: randomBytes(32).toString('base64url') };
    const { customer, billingAddress } = body;
    const created = await this.deps.repo.createOrder(
      {
        orderNumber: placed.orderNumber,
        sessionId: ref.sessionId,
        userId: userId ?? null,
        totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
        customerName: customer.fullName,
        customerEmail: customer.email,
        customerPhone: customer.phone || null,
        billingAddress: billingAddress ?? null,
        language: body.language,
        paymentMethod: body.payment.method,
        kind: 'order',
        accessTokenHash: hashAccessToken(placed.accessToken),
        accessTokenExpiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_DAYS * DAY_MS),
      },
      lines,
      { ref, recovery: placed },
    );
    if (created.kind !== 'created') throw checkoutBlocked(created);
    return placed;
  }

  /** Creates the pending top-up order, saving its number as the key's recovery point. */
  private async placeTopup(
    ref: IdempotencyRef,
    { sessionId, parent, esim, product, body }: TopupPurchase,
  ): Promise<string> {
    const orderNumber = newOrderNumber();
    const line: NewOrderLine = {
      productId: product.productId,
      apiBundleName: product.apiBundleName,
      name: product.name,
      countryCode: product.countryCode,
      dataAmount: dataAmountLabel(product.features.dataMb),
      validityDays: product.features.validityDays,
      quantity: 1,
      unitPriceCents: product.priceCents,
      lineTotalCents: product.priceCents,
    };
    const created = await this.deps.repo.createOrder(
      {
        orderNumber,
        sessionId,
        // A top-up belongs to the account of the order it tops up (docs/product-rules.md#top-ups).
        userId: parent.userId,
        totalCents: product.priceCents,
        customerName: parent.customerName,
        customerEmail: parent.customerEmail,
        customerPhone: parent.customerPhone,
        billingAddress: parent.billingAddress,
        language: body.language,
        paymentMethod: body.payment.method,
        kind: 'topup',
        parentOrderId: parent.id,
        topupEsimId: esim.id,
        accessTokenHash: null,
        accessTokenExpiresAt: null,
      },
      [line],
      { ref, recovery: { orderNumber } },
    );
    if (created.kind !== 'created') throw new Error(`A top-up order was refused as a checkout: ${created.kind}`);
    return orderNumber;
  }

  /** The order a checkout or top-up has just placed (or resumed). */
  private async placedOrder(orderNumber: string): Promise<OrderRow> {
    const order = await this.deps.repo.findByNumber(orderNumber);
    if (!order) throw new Error(`Order ${orderNumber} vanished during checkout`);
    return order;
  }

  /**
   * Charges (or sets up the PayPal payment of) a placed order and records the outcome. Safe to
   * run again for the same order: the provider key `checkout:<orderNumber>` replays the first
   * result and recording it again changes nothing. `jobPayload` is what the provisioning job gets;
   * `returnUrl` and `cancelUrl` are where PayPal sends the buyer back (store-relative).
   */
  private async pay(
    order: OrderRow,
    payment: PaymentChoice,
    opts: { jobPayload: OrderJobPayload; returnUrl: string; cancelUrl: string },
  ): Promise<PaymentOutcome> {
    const request = {
      idempotencyKey: `checkout:${order.orderNumber}`,
      amountCents: order.totalCents,
      currency: STORE_CURRENCY,
      description: `Roamwise ${order.kind === 'topup' ? 'top-up' : 'order'} ${order.orderNumber}`,
    };
    // The job is parked (with the access token) before the card is charged, so that the Stripe
    // webhook can complete the order if this process dies after Stripe charged.
    if (payment.method === 'card') await this.deps.repo.parkProvisioning(order.id, opts.jobPayload);
    const result =
      payment.method === 'card'
        ? await this.callProvider(() => this.deps.payments.chargeCard({ ...request, token: payment.token }))
        : await this.callProvider(() =>
            this.deps.payments.createPaypalOrder({ ...request, returnUrl: opts.returnUrl, cancelUrl: opts.cancelUrl }),
          );
    if (result.status === 'requires_approval') {
      if (payment.method !== 'paypal')
        throw new UpstreamError('The payment provider asked for an approval step the store does not support');
      await this.deps.repo.awaitPaypalApproval(order.id, result.reference, opts.jobPayload);
      return { status: 'requires_approval', approvalUrl: result.approvalUrl };
    }
    if (result.status === 'requires_action') {
      // Stripe 3-D Secure: the order waits, its job parked, for the browser's
      // `POST .../payment/confirm` or the `payment_intent.*` webhook.
      if (payment.method !== 'card')
        throw new UpstreamError('The payment provider asked for an action the store does not support');
      await this.deps.repo.awaitCardAction(order.id, result.reference, opts.jobPayload);
      return { status: 'requires_action', clientSecret: result.clientSecret };
    }
    const failure = await this.settle(order, result, opts.jobPayload);
    return failure ? { status: 'failed', error: failure } : { status: 'succeeded' };
  }

  /**
   * Records a settled payment: success -> processing, cart emptied, provisioning queued (and the
   * worker woken); failure -> cancelled with the reason.
   * @returns the 402 body for a failure, undefined for a success.
   */
  private async settle(
    order: OrderRow,
    result: Extract<ChargeResult, { status: 'succeeded' | 'failed' }>,
    jobPayload: { orderId: number; accessToken?: string },
  ): Promise<ApiError | undefined> {
    const actor = `payment:${this.deps.payments.id}`;
    if (result.status === 'succeeded') {
      const payment = { reference: result.reference, cardBrand: result.cardBrand, cardLast4: result.cardLast4 };
      if (await this.deps.repo.markPaid(order.id, payment, actor, jobPayload)) this.deps.jobs.wake();
      return undefined;
    }
    const { code, message } = result.failure;
    const paymentStatus = code === 'paypal_cancelled' ? 'cancelled' : 'failed';
    await this.deps.repo.markPaymentFailed(
      order.id,
      { paymentStatus, reference: result.reference, code, message },
      actor,
    );
    return { error: { code, message } };
  }

  /**
   * Calls the payment provider. Its own failures are not the customer's: unreachable (retryable)
   * becomes 503, anything else (misconfigured, refused request) 502; the details go to the log.
   */
  private async callProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        throw error.retryable
          ? new UpstreamError('The payment service is not available right now. Please try again in a moment.', 503)
          : new UpstreamError('The payment could not be processed. Please try again later or contact support.', 502);
      }
      throw error;
    }
  }

  /**
   * The order if `orderNumber` is well formed, exists and `access` may see it (its visitor
   * session, its valid access token, or the account that owns it). Otherwise the one same 404,
   * whether the order exists or not, so that its answer cannot tell order numbers that exist
   * from those that do not (OWASP ASVS 4.0.3 V4.2.1).
   */
  private async visibleOrder(orderNumber: string, access: OrderAccess): Promise<OrderRow> {
    const notFound = new NotFoundError('Order Not Found');
    if (!orderNumberParamsSchema.shape.id.safeParse(orderNumber).success) throw notFound;
    const order = await this.deps.repo.findByNumber(orderNumber);
    if (!order) throw notFound;
    const bySession = access.sessionId !== undefined && safeEqual(access.sessionId, order.sessionId);
    const byToken = access.accessToken !== undefined && accessTokenState(order, access.accessToken) === 'valid';
    const byAccount = access.userId !== undefined && order.userId === access.userId;
    if (!bySession && !byToken && !byAccount) throw notFound;
    return order;
  }

  /** The customer's view of the order: a refunded order's eSIMs without their install details (`toOrderView`). */
  private async view(order: OrderRow): Promise<OrderView> {
    const [{ lines, esims }, refund] = await Promise.all([
      this.deps.repo.contents(order.id),
      this.deps.repo.refundOf(order.id),
    ]);
    return toOrderView(order, lines, esims, refund ?? null);
  }
}
