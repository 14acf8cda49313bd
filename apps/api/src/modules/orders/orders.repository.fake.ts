import type { UnlimitedTier } from '@esim/contract/catalog';
import type { OrderStatus } from '@esim/contract/order';
import type { FakeIdempotencyRepository } from '../../lib/idempotency.repository.fake.ts';
import type { IdempotencyRef } from '../../lib/idempotency.ts';
import type { FulfilmentStore } from './fulfilment.service.ts';
import {
  type OrderJobPayload,
  PROVISION_ORDER_JOB,
  SEND_ORDER_EMAIL_JOB,
  emailJobKey,
  provisionJobKey,
} from './order-jobs.ts';
import { assertTransition } from './order-status.ts';
import type {
  Actor,
  CheckoutBlock,
  CreateOrderResult,
  EsimRow,
  LineProgress,
  NewEsim,
  NewOrder,
  NewOrderLine,
  OrderLineRow,
  OrderLineWithTier,
  OrderRow,
} from './orders.repository.ts';
import type { OrdersStore } from './orders.service.ts';

/** A capture older than this is presumed dead (as `OrdersRepository`). */
const CAPTURE_STALE_MS = 5 * 60_000;

/** A job the orders module enqueued (`jobs`): parked until released, or due. */
export interface FakeOrderJob {
  type: string;
  payload: OrderJobPayload;
  parked: boolean;
}

/** A bundle on an eSIM (`esim_bundles`): the main plan of its line, or a top-up. */
export interface FakeEsimBundle {
  esimId: number;
  orderLineId: number;
  kind: 'main' | 'topup';
  providerAssignmentId: string | null;
}

/** An entry of an order's timeline (`order_events`). */
export interface FakeOrderEvent {
  orderId: number;
  kind: 'payment' | 'provisioning_error';
  actor: Actor;
  message: string;
  data: Record<string, unknown>;
}

/**
 * An in-memory store with the semantics of `OrdersRepository`, for unit tests of `OrdersService`
 * and `FulfilmentService` ({@link OrdersStore} and {@link FulfilmentStore}):
 * - statuses change only through the table of `order-status.ts`, each change recorded, and a
 *   refused change leaves everything as it was (the transaction's rollback);
 * - one cart, one checkout: a checkout needs the session's cart ({@link carts}) to hold exactly
 *   its lines, and the session may hold one unpaid checkout (an abandoned one waiting for the
 *   buyer is superseded); creating the order saves the idempotency key's recovery point in
 *   `idempotency`, when given;
 * - recording a payment is idempotent; a paid checkout empties the cart and releases the parked
 *   provisioning job, a failed one discards it;
 * - a line holds one eSIM per unit however often provisioning runs.
 * `clock` gives the times the database would. Rows are returned as copies.
 */
export class FakeOrdersRepository implements OrdersStore, FulfilmentStore {
  readonly orders: OrderRow[] = [];
  readonly lines: OrderLineRow[] = [];
  readonly esims: EsimRow[] = [];
  readonly bundles: FakeEsimBundle[] = [];
  readonly statusChanges: { orderId: number; from: string | null; to: string; actor: Actor; note: string | null }[] =
    [];
  readonly events: FakeOrderEvent[] = [];
  /** Jobs by dedupe key. */
  readonly jobs = new Map<string, FakeOrderJob>();
  /** The sessions' carts (`cart_items`): product id and quantity of each line. */
  readonly carts = new Map<string, { productId: number; quantity: number }[]>();
  /** Products (`products`): name and unlimited tier. */
  readonly products = new Map<number, { name: string; tier: UnlimitedTier | null }>();
  /** E-mails stored or sent for an order (`email_messages`), by template. */
  readonly emails: { orderId: number; template: string; status: 'sent' | 'failed' }[] = [];
  /** Succeeded refunds by order (`refunds`). */
  readonly refunds = new Map<number, { amountCents: number; refundedAt: Date }>();
  private nextId = 1;

  constructor(
    private readonly clock: () => Date = () => new Date(),
    private readonly idempotency?: FakeIdempotencyRepository,
  ) {}

  private row(orderId: number): OrderRow | undefined {
    return this.orders.find((o) => o.id === orderId);
  }

  /** `transition()`: checks the table, then moves the order and records the change. */
  private transition(order: OrderRow, to: OrderStatus, actor: Actor, note?: string | null): void {
    assertTransition(order.status, to);
    this.statusChanges.push({ orderId: order.id, from: order.status, to, actor, note: note ?? null });
    const now = this.clock();
    Object.assign(order, { status: to, updatedAt: now, ...(to === 'completed' ? { completedAt: now } : {}) });
  }

  private enqueue(key: string, job: FakeOrderJob): void {
    if (!this.jobs.has(key)) this.jobs.set(key, { ...job, payload: { ...job.payload } });
  }

  // --- checkout -----------------------------------------------------------------------------------

  private cartMismatch(sessionId: string, lines: readonly NewOrderLine[]): CheckoutBlock | undefined {
    const rows = this.carts.get(sessionId) ?? [];
    const wanted = new Map(lines.map((l) => [l.productId, l.quantity]));
    if (rows.length === wanted.size && rows.every((r) => wanted.get(r.productId) === r.quantity)) return undefined;
    if (rows.length === 0) {
      const paid = this.orders
        .filter((o) => o.sessionId === sessionId && o.kind === 'order' && o.status !== 'cancelled')
        .at(-1);
      if (paid) return { kind: 'checked_out', orderNumber: paid.orderNumber };
    }
    return { kind: 'cart_changed' };
  }

  private settleOpenCheckout(sessionId: string): CheckoutBlock | undefined {
    const open = this.orders.find((o) => o.sessionId === sessionId && o.kind === 'order' && o.status === 'pending');
    if (!open) return undefined;
    const capturing =
      open.captureStartedAt !== null && this.clock().getTime() - open.captureStartedAt.getTime() < CAPTURE_STALE_MS;
    if (open.paymentReference === null || capturing) return { kind: 'in_progress', orderNumber: open.orderNumber };
    Object.assign(open, {
      paymentStatus: 'cancelled',
      paymentError: 'Replaced by a newer checkout of the same cart.',
      updatedAt: this.clock(),
    });
    this.transition(open, 'cancelled', 'customer', 'superseded');
    this.jobs.delete(provisionJobKey(open.id));
    return undefined;
  }

  async createOrder(
    order: NewOrder,
    lines: readonly NewOrderLine[],
    idempotency: { ref: IdempotencyRef; recovery: unknown },
  ): Promise<CreateOrderResult> {
    if ((order.kind ?? 'order') === 'order') {
      const blocked = this.cartMismatch(order.sessionId, lines) ?? this.settleOpenCheckout(order.sessionId);
      if (blocked) return blocked;
    }
    const now = this.clock();
    const row: OrderRow = {
      id: this.nextId++,
      status: 'pending',
      currency: 'USD',
      paymentStatus: 'requires_approval',
      paymentReference: null,
      cardBrand: null,
      cardLast4: null,
      paymentError: null,
      captureStartedAt: null,
      accessTokenRevokedAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      ...order,
      kind: order.kind ?? 'order',
      userId: order.userId ?? null,
      parentOrderId: order.parentOrderId ?? null,
      topupEsimId: order.topupEsimId ?? null,
    };
    this.orders.push(row);
    for (const line of lines) this.lines.push({ ...line, id: this.nextId++, orderId: row.id });
    this.statusChanges.push({ orderId: row.id, from: null, to: 'pending', actor: 'customer', note: null });
    this.idempotency?.saveRecoveryPoint(idempotency.ref, idempotency.recovery);
    return { kind: 'created', orderId: row.id };
  }

  async recentCheckout(sessionId: string, withinMs = 3_600_000): Promise<string | undefined> {
    const since = this.clock().getTime() - withinMs;
    return this.orders
      .filter(
        (o) =>
          o.sessionId === sessionId && o.kind === 'order' && o.status !== 'cancelled' && o.createdAt.getTime() > since,
      )
      .at(-1)?.orderNumber;
  }

  async productNames(ids: readonly number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (const id of ids) {
      const product = this.products.get(id);
      if (product) names.set(id, product.name);
    }
    return names;
  }

  async startCapture(orderId: number): Promise<boolean> {
    const order = this.row(orderId);
    if (order?.status !== 'pending') return false;
    Object.assign(order, { captureStartedAt: this.clock(), updatedAt: this.clock() });
    return true;
  }

  async endCapture(orderId: number): Promise<void> {
    const order = this.row(orderId);
    if (order) order.captureStartedAt = null;
  }

  // --- reads --------------------------------------------------------------------------------------

  async findByNumber(orderNumber: string): Promise<OrderRow | undefined> {
    const order = this.orders.find((o) => o.orderNumber === orderNumber);
    return order && { ...order };
  }

  async findById(orderId: number): Promise<OrderRow | undefined> {
    const order = this.row(orderId);
    return order && { ...order };
  }

  async findByPaymentReference(reference: string): Promise<OrderRow | undefined> {
    const order = this.orders.filter((o) => o.paymentReference === reference).at(-1);
    return order && { ...order };
  }

  async ordersOfUser(userId: number): Promise<{ order: OrderRow; lines: Pick<OrderLineRow, 'name' | 'quantity'>[] }[]> {
    const owned = new Set(this.orders.filter((o) => o.userId === userId && o.kind === 'order').map((o) => o.id));
    return this.orders
      .filter((o) => o.userId === userId || (o.parentOrderId !== null && owned.has(o.parentOrderId)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((order) => ({
        order: { ...order },
        lines: this.lines.filter((l) => l.orderId === order.id).map(({ name, quantity }) => ({ name, quantity })),
      }));
  }

  async contents(orderId: number): Promise<{ lines: OrderLineWithTier[]; esims: EsimRow[] }> {
    return {
      lines: this.lines
        .filter((l) => l.orderId === orderId)
        .map((l) => ({ ...l, tier: this.products.get(l.productId)?.tier ?? null })),
      esims: this.esims
        .filter((e) => e.orderId === orderId)
        .sort((a, b) => a.orderLineId - b.orderLineId || a.unitIndex - b.unitIndex)
        .map((e) => ({ ...e })),
    };
  }

  async refundOf(orderId: number): Promise<{ amountCents: number; refundedAt: Date } | undefined> {
    return this.refunds.get(orderId);
  }

  // --- payment ------------------------------------------------------------------------------------

  async markPaid(
    orderId: number,
    payment: { reference: string; cardBrand: string | null; cardLast4: string | null },
    actor: Actor,
    provisionPayload: OrderJobPayload,
  ): Promise<boolean> {
    const order = this.row(orderId);
    if (!order || order.paymentStatus === 'succeeded') return false;
    // The transaction rolls back when the order may no longer move to processing.
    assertTransition(order.status, 'processing');
    this.events.push({
      orderId,
      kind: 'payment',
      actor,
      message: 'Payment captured',
      data: {
        outcome: 'succeeded',
        method: order.paymentMethod,
        amountCents: order.totalCents,
        reference: payment.reference,
        cardBrand: payment.cardBrand,
        cardLast4: payment.cardLast4,
      },
    });
    Object.assign(order, {
      paymentStatus: 'succeeded',
      paymentReference: payment.reference,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      paymentError: null,
      updatedAt: this.clock(),
    });
    this.transition(order, 'processing', actor);
    if (order.kind === 'order') this.carts.delete(order.sessionId);
    const key = provisionJobKey(orderId);
    this.enqueue(key, { type: PROVISION_ORDER_JOB, payload: provisionPayload, parked: false });
    this.jobs.get(key)!.parked = false;
    return true;
  }

  private async awaitBuyer(orderId: number, reference: string, provisionPayload: OrderJobPayload): Promise<void> {
    const order = this.row(orderId);
    if (order?.paymentStatus === 'requires_approval') {
      Object.assign(order, { paymentReference: reference, updatedAt: this.clock() });
    }
    this.enqueue(provisionJobKey(orderId), { type: PROVISION_ORDER_JOB, payload: provisionPayload, parked: true });
  }

  awaitPaypalApproval(orderId: number, reference: string, provisionPayload: OrderJobPayload): Promise<void> {
    return this.awaitBuyer(orderId, reference, provisionPayload);
  }

  awaitCardAction(orderId: number, reference: string, provisionPayload: OrderJobPayload): Promise<void> {
    return this.awaitBuyer(orderId, reference, provisionPayload);
  }

  async parkProvisioning(orderId: number, provisionPayload: OrderJobPayload): Promise<void> {
    this.enqueue(provisionJobKey(orderId), { type: PROVISION_ORDER_JOB, payload: provisionPayload, parked: true });
  }

  async recordPaymentEvent(
    orderId: number,
    actor: Actor,
    message: string,
    data: Record<string, unknown>,
  ): Promise<void> {
    this.events.push({ orderId, kind: 'payment', actor, message, data });
  }

  async markPaymentFailed(
    orderId: number,
    failure: { paymentStatus: 'failed' | 'cancelled'; reference: string; code: string; message: string },
    actor: Actor,
  ): Promise<boolean> {
    const order = this.row(orderId);
    if (order?.status !== 'pending') return false;
    this.events.push({
      orderId,
      kind: 'payment',
      actor,
      message: failure.message,
      data: {
        outcome: failure.paymentStatus,
        method: order.paymentMethod,
        amountCents: order.totalCents,
        reference: failure.reference,
        code: failure.code,
      },
    });
    Object.assign(order, {
      paymentStatus: failure.paymentStatus,
      paymentReference: failure.reference,
      paymentError: failure.message,
      updatedAt: this.clock(),
    });
    this.transition(order, 'cancelled', actor, failure.code);
    this.jobs.delete(provisionJobKey(orderId));
    return true;
  }

  // --- fulfilment ---------------------------------------------------------------------------------

  async linesWithProgress(orderId: number): Promise<LineProgress[]> {
    return this.lines
      .filter((l) => l.orderId === orderId)
      .sort((a, b) => a.id - b.id)
      .map((l) => ({ ...l, esimCount: this.esims.filter((e) => e.orderLineId === l.id).length }));
  }

  async saveEsims(
    line: Pick<OrderLineRow, 'id' | 'orderId' | 'apiBundleName'>,
    providerReference: string,
    delivered: readonly NewEsim[],
  ): Promise<void> {
    for (const e of delivered) {
      if (this.esims.some((s) => s.orderLineId === line.id && s.unitIndex === e.unitIndex)) continue;
      if (this.esims.some((s) => s.iccid === e.iccid)) throw new Error(`duplicate ICCID ${e.iccid}`);
      this.esims.push({
        ...e,
        id: this.nextId++,
        orderId: line.orderId,
        orderLineId: line.id,
        providerReference,
        apiBundleName: line.apiBundleName,
        status: 'Ready',
        profileState: 'released',
        activatedAt: null,
        syncedAt: null,
        syncError: null,
        createdAt: this.clock(),
      });
    }
    for (const esim of this.esims.filter((s) => s.orderLineId === line.id)) {
      this.addBundle({ esimId: esim.id, orderLineId: line.id, kind: 'main', providerAssignmentId: null });
    }
  }

  private addBundle(bundle: FakeEsimBundle): void {
    if (!this.bundles.some((b) => b.esimId === bundle.esimId && b.orderLineId === bundle.orderLineId)) {
      this.bundles.push(bundle);
    }
  }

  async saveTopupBundle(line: Pick<OrderLineRow, 'id'>, esimId: number, assignmentId: string): Promise<void> {
    this.addBundle({ esimId, orderLineId: line.id, kind: 'topup', providerAssignmentId: assignmentId });
  }

  async findEsim(esimId: number): Promise<EsimRow | undefined> {
    const esim = this.esims.find((e) => e.id === esimId);
    return esim && { ...esim };
  }

  async queueConfirmation(orderId: number, payload: OrderJobPayload): Promise<boolean> {
    const topup = this.row(orderId)?.kind === 'topup';
    const short = this.lines.some(
      (l) =>
        l.orderId === orderId &&
        (topup
          ? this.bundles.filter((b) => b.orderLineId === l.id).length
          : this.esims.filter((e) => e.orderLineId === l.id).length) < l.quantity,
    );
    if (short) return false;
    this.enqueue(emailJobKey(orderId), { type: SEND_ORDER_EMAIL_JOB, payload, parked: false });
    return true;
  }

  async hasConfirmationEmail(orderId: number, template: string): Promise<boolean> {
    return this.emails.some((e) => e.orderId === orderId && e.template === template && e.status !== 'failed');
  }

  async completeOrder(orderId: number): Promise<boolean> {
    const order = this.row(orderId);
    if (order?.status !== 'processing') return false;
    this.transition(order, 'completed', 'system');
    order.lastError = null;
    return true;
  }

  async recordFulfilmentError(
    orderId: number,
    failure: { message: string; jobType: string; attempt: number; maxAttempts: number; final: boolean },
  ): Promise<void> {
    const order = this.row(orderId);
    if (order) Object.assign(order, { lastError: failure.message, updatedAt: this.clock() });
    this.events.push({
      orderId,
      kind: 'provisioning_error',
      actor: 'system',
      message: failure.message,
      data: {
        job: failure.jobType,
        attempt: failure.attempt,
        maxAttempts: failure.maxAttempts,
        final: failure.final,
      },
    });
  }
}
