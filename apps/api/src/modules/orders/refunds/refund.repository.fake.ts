import type { EnqueueRequest } from '../../../lib/jobs.ts';
import { assertTransition } from '../order-status.ts';
import {
  type RefundEsim,
  type RefundEvent,
  type RefundOrder,
  type RefundRepository,
  type RefundRow,
  STALE_REFUND_MS,
} from './refund.repository.ts';
import type { RefundStore } from './refund.service.ts';

/** A bundle row of an eSIM (`esim_bundles`), with the order whose line bought it. */
interface BundleRow {
  id: number;
  esimId: number;
  providerAssignmentId: string | null;
  apiBundleName: string;
  lineOrderId: number;
}

/** An eSIM row (`esims`): the order that bought it and its ICCID. */
interface EsimRow {
  id: number;
  orderId: number;
  iccid: string;
}

/**
 * An in-memory {@link RefundStore} with the semantics of `RefundRepository`, for unit tests of
 * `RefundService`: one refund per order, claimed by one attempt at a time (a failed one, or a
 * pending one older than {@link STALE_REFUND_MS}, may be taken over); completing a refund moves the
 * order to `refunded` through the transition table of `order-status.ts` (refusing as `transition()`
 * does, with nothing changed) and enqueues its jobs, all or nothing. `clock` gives the times the
 * database would.
 */
export class FakeRefundRepository implements RefundStore {
  readonly orders: RefundOrder[] = [];
  readonly refunds: RefundRow[] = [];
  readonly esimRows: EsimRow[] = [];
  readonly bundleRows: BundleRow[] = [];
  /** The orders' timelines (`order_events`, kind `refund`). */
  readonly events: (RefundEvent & { orderId: number })[] = [];
  /** `order_status_changes`. */
  readonly statusChanges: { orderId: number; from: string; to: string; actor: string; note: string | null }[] = [];
  /** Jobs committed with a completed refund. */
  readonly jobs: EnqueueRequest[] = [];
  private nextId = 1;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Adds an order: by default a paid card order of $12.00, `completed`, bought now. */
  addOrder(order: Partial<RefundOrder> & Pick<RefundOrder, 'orderNumber'>): RefundOrder {
    const row: RefundOrder = {
      id: this.nextId++,
      kind: 'order',
      status: 'completed',
      totalCents: 1_200,
      paymentMethod: 'card',
      paymentStatus: 'succeeded',
      paymentReference: null,
      createdAt: this.clock(),
      topupEsimId: null,
      ...order,
    };
    this.orders.push(row);
    return row;
  }

  /**
   * Adds an eSIM bought by order `orderId`, with bundle rows (each bought by `lineOrderId`,
   * default the same order) linked to the provider's assignment ids.
   * @returns the eSIM's id.
   */
  addEsim(
    orderId: number,
    iccid: string,
    bundles: { assignmentId: string | null; bundle: string; lineOrderId?: number }[],
  ): number {
    const esimId = this.nextId++;
    this.esimRows.push({ id: esimId, orderId, iccid });
    for (const b of bundles) {
      this.bundleRows.push({
        id: this.nextId++,
        esimId,
        providerAssignmentId: b.assignmentId,
        apiBundleName: b.bundle,
        lineOrderId: b.lineOrderId ?? orderId,
      });
    }
    return esimId;
  }

  /** The order with this number as stored (the test's view of it). */
  order(orderNumber: string): RefundOrder {
    const order = this.orders.find((o) => o.orderNumber === orderNumber);
    if (!order) throw new Error(`no order ${orderNumber}`);
    return order;
  }

  async findOrder(orderNumber: string): Promise<{ order: RefundOrder; refund: RefundRow | undefined } | undefined> {
    const order = this.orders.find((o) => o.orderNumber === orderNumber);
    if (!order) return undefined;
    const refund = this.refunds.find((r) => r.orderId === order.id);
    return { order: { ...order }, refund: refund && { ...refund } };
  }

  async findOrderById(orderId: number): Promise<RefundOrder | undefined> {
    const order = this.orders.find((o) => o.id === orderId);
    return order && { ...order };
  }

  async esimsOf(order: Pick<RefundOrder, 'id' | 'kind' | 'topupEsimId'>): Promise<RefundEsim[]> {
    const found =
      order.kind === 'topup'
        ? this.esimRows.filter((e) => e.id === order.topupEsimId)
        : this.esimRows.filter((e) => e.orderId === order.id);
    return found
      .sort((a, b) => a.id - b.id)
      .map((esim) => ({
        ...esim,
        bundles: this.bundleRows
          .filter((b) => b.esimId === esim.id)
          .map((b) => ({
            id: b.id,
            providerAssignmentId: b.providerAssignmentId,
            apiBundleName: b.apiBundleName,
            ofOrder: b.lineOrderId === order.id,
          })),
      }));
  }

  async claim(
    orderId: number,
    attempt: { idempotencyKey: string; amountCents: number; reason: string | null; override: boolean; actor: string },
  ): Promise<{ claimed: RefundRow } | { existing: RefundRow }> {
    const now = this.clock();
    const existing = this.refunds.find((r) => r.orderId === orderId);
    if (!existing) {
      const row: RefundRow = {
        id: this.nextId++,
        orderId,
        status: 'pending',
        providerReference: null,
        error: null,
        createdAt: now,
        completedAt: null,
        ...attempt,
      };
      this.refunds.push(row);
      return { claimed: { ...row } };
    }
    const stale = existing.status === 'pending' && existing.createdAt.getTime() < now.getTime() - STALE_REFUND_MS;
    if (existing.status === 'failed' || stale) {
      Object.assign(existing, attempt, {
        status: 'pending',
        error: null,
        providerReference: null,
        createdAt: now,
        completedAt: null,
      });
      return { claimed: { ...existing } };
    }
    return { existing: { ...existing } };
  }

  async refundOf(orderId: number): Promise<RefundRow | undefined> {
    const row = this.refunds.find((r) => r.orderId === orderId);
    return row && { ...row };
  }

  async fail(refund: RefundRow, error: string, event: RefundEvent): Promise<RefundRow | undefined> {
    const row = this.refunds.find((r) => r.id === refund.id);
    if (row?.status === 'pending') {
      Object.assign(row, { status: 'failed', error, completedAt: this.clock() });
      this.events.push({ orderId: refund.orderId, ...event });
    }
    return row && { ...row };
  }

  async complete(refund: RefundRow, done: Parameters<RefundRepository['complete']>[1]): Promise<RefundRow | undefined> {
    const row = this.refunds.find((r) => r.id === refund.id);
    if (row?.status !== 'pending') return undefined;
    const order = this.orders.find((o) => o.id === refund.orderId);
    if (!order) throw new Error(`Order ${refund.orderId} does not exist`);
    // `transition()` refuses before anything is written: the transaction rolls back.
    assertTransition(order.status, 'refunded');
    Object.assign(row, {
      status: 'succeeded',
      providerReference: done.providerReference,
      error: null,
      completedAt: this.clock(),
    });
    this.statusChanges.push({
      orderId: order.id,
      from: order.status,
      to: 'refunded',
      actor: done.event.actor,
      note: done.note,
    });
    order.status = 'refunded';
    this.events.push({ orderId: refund.orderId, ...done.event });
    this.jobs.push(...done.jobs);
    return { ...row };
  }

  async recordRefundedPayment(refund: RefundRow, providerReference: string | null, event: RefundEvent): Promise<void> {
    const row = this.refunds.find((r) => r.id === refund.id);
    if (row?.status !== 'pending') return;
    Object.assign(row, { status: 'succeeded', providerReference, error: null, completedAt: this.clock() });
    this.events.push({ orderId: refund.orderId, ...event });
  }

  async addEvent(orderId: number, event: RefundEvent): Promise<void> {
    this.events.push({ orderId, ...event });
  }
}
