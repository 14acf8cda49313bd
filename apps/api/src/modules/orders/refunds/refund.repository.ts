import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { esimBundles, esims, orderEvents, orderLines, orders, refunds } from '../orders.schema.ts';
import { type EnqueueRequest, enqueue } from '../../../lib/jobs.repository.ts';
import { transition } from '../orders.repository.ts';

/** A stored refund (`refunds`, one per order). Money is integer US cents. */
export type RefundRow = Omit<typeof refunds.$inferSelect, 'status'> & { status: 'pending' | 'succeeded' | 'failed' };

/** What the refund policy needs to know about an order. */
export interface RefundOrder {
  id: number;
  orderNumber: string;
  kind: 'order' | 'topup';
  status: string;
  totalCents: number;
  paymentMethod: 'card' | 'paypal';
  paymentStatus: string;
  /** The payment provider's charge id; null before payment. */
  paymentReference: string | null;
  createdAt: Date;
  /** Top-ups: the eSIM (of the parent order) their bundle went to. */
  topupEsimId: number | null;
}

/** A bundle row of an eSIM, marked when it was paid for by the order being refunded. */
export interface RefundBundleRow {
  id: number;
  providerAssignmentId: string | null;
  apiBundleName: string;
  /** True when the bundle belongs to one of the refunded order's lines. */
  ofOrder: boolean;
}

/** An eSIM the refund is about, with every bundle row the store has for it. */
export interface RefundEsim {
  id: number;
  /** The order that bought the eSIM (the parent for a top-up). */
  orderId: number;
  iccid: string;
  bundles: RefundBundleRow[];
}

/** One entry of an order's timeline (`order_events`). */
export interface RefundEvent {
  actor: string;
  message: string;
  data: Record<string, unknown>;
}

/** A pending refund older than this may be taken over by a retry: its runner is presumed gone. */
export const STALE_REFUND_MS = 10 * 60_000;

function toRefund(row: typeof refunds.$inferSelect): RefundRow {
  return row as RefundRow;
}

/**
 * Data access of refunds: `refunds` (one per order, unique `order_id` and
 * `idempotency_key`), the order's timeline (`order_events`, kind `refund`), and reads of the
 * order, its eSIMs and bundle rows. The order's status moves only through the orders module's
 * `transition()`, in the same transaction that marks the refund succeeded.
 */
export class RefundRepository {
  constructor(private readonly db: Db) {}

  /** The order with this number and its refund (if any). */
  async findOrder(orderNumber: string): Promise<{ order: RefundOrder; refund: RefundRow | undefined } | undefined> {
    const [row] = await this.db
      .select({
        order: {
          id: orders.id,
          orderNumber: orders.orderNumber,
          kind: orders.kind,
          status: orders.status,
          totalCents: orders.totalCents,
          paymentMethod: orders.paymentMethod,
          paymentStatus: orders.paymentStatus,
          paymentReference: orders.paymentReference,
          createdAt: orders.createdAt,
          topupEsimId: orders.topupEsimId,
        },
        refund: refunds,
      })
      .from(orders)
      .leftJoin(refunds, eq(refunds.orderId, orders.id))
      .where(eq(orders.orderNumber, orderNumber));
    if (!row) return undefined;
    // The columns only ever hold these values (checkout and top-up write them).
    const order = row.order as RefundOrder;
    return { order, refund: row.refund ? toRefund(row.refund) : undefined };
  }

  /**
   * The eSIMs a refund of `order` is about, by id: the order's own (kind `order`), or the eSIM a
   * top-up's bundle went to. Each with all its bundle rows (oldest first), those of the order's
   * lines marked `ofOrder`.
   */
  async esimsOf(order: Pick<RefundOrder, 'id' | 'kind' | 'topupEsimId'>): Promise<RefundEsim[]> {
    const where =
      order.kind === 'topup'
        ? order.topupEsimId === null
          ? undefined
          : eq(esims.id, order.topupEsimId)
        : eq(esims.orderId, order.id);
    if (!where) return [];
    const found = await this.db
      .select({ id: esims.id, orderId: esims.orderId, iccid: esims.iccid })
      .from(esims)
      .where(where)
      .orderBy(asc(esims.id));
    if (found.length === 0) return [];
    const rows = await this.db
      .select({
        id: esimBundles.id,
        esimId: esimBundles.esimId,
        providerAssignmentId: esimBundles.providerAssignmentId,
        apiBundleName: esimBundles.apiBundleName,
        lineOrderId: orderLines.orderId,
      })
      .from(esimBundles)
      .leftJoin(orderLines, eq(orderLines.id, esimBundles.orderLineId))
      .where(
        inArray(
          esimBundles.esimId,
          found.map((e) => e.id),
        ),
      )
      .orderBy(asc(esimBundles.assignedAt), asc(esimBundles.id));
    return found.map((esim) => ({
      ...esim,
      bundles: rows
        .filter((r) => r.esimId === esim.id)
        .map((r) => ({
          id: r.id,
          providerAssignmentId: r.providerAssignmentId,
          apiBundleName: r.apiBundleName,
          ofOrder: r.lineOrderId === order.id,
        })),
    }));
  }

  /**
   * Claims the order's one refund for this attempt: inserts it (`pending`), or takes over a
   * `failed` one (a retry) or a `pending` one older than {@link STALE_REFUND_MS} (its runner
   * crashed), restarting it as `pending` with this attempt's actor, reason and override
   * (`created_at` becomes the attempt's start). The unique `order_id` makes concurrent claims
   * exclusive: one wins, the others get the winner's row.
   * @returns `claimed` with the row this attempt now runs, or `existing` with the row that stopped it.
   */
  async claim(
    orderId: number,
    attempt: { idempotencyKey: string; amountCents: number; reason: string | null; override: boolean; actor: string },
  ): Promise<{ claimed: RefundRow } | { existing: RefundRow }> {
    const [inserted] = await this.db
      .insert(refunds)
      .values({ orderId, status: 'pending', ...attempt })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { claimed: toRefund(inserted) };
    const [retried] = await this.db
      .update(refunds)
      .set({
        ...attempt,
        status: 'pending',
        error: null,
        providerReference: null,
        createdAt: sql`now()`,
        completedAt: null,
      })
      .where(
        and(
          eq(refunds.orderId, orderId),
          or(
            eq(refunds.status, 'failed'),
            and(
              eq(refunds.status, 'pending'),
              lt(refunds.createdAt, sql`now() - ${STALE_REFUND_MS}::int * interval '1 millisecond'`),
            ),
          ),
        ),
      )
      .returning();
    if (retried) return { claimed: toRefund(retried) };
    const [existing] = await this.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    if (!existing) throw new Error(`refunds: order ${orderId} has no refund, yet claiming one conflicted`);
    return { existing: toRefund(existing) };
  }

  /** The order's refund, if any. */
  async refundOf(orderId: number): Promise<RefundRow | undefined> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    return row ? toRefund(row) : undefined;
  }

  /**
   * Marks a running refund `failed` with `error` and records the attempt on the order's timeline,
   * in one transaction. A refund no longer `pending` (another attempt finished it) is left alone.
   * @returns the refund as stored afterwards.
   */
  async fail(refund: RefundRow, error: string, event: RefundEvent): Promise<RefundRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', error, completedAt: sql`now()` })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning();
      if (failed) await tx.insert(orderEvents).values({ orderId: refund.orderId, kind: 'refund', ...event });
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
      return row ? toRefund(row) : undefined;
    });
  }

  /**
   * Completes a refund the payment provider made, in one transaction: the refund `succeeded` with
   * the provider's reference, the order moved to `refunded` through `transition()` (recorded with
   * the actor and `note`), the timeline entry, and `jobs` (the customer's e-mail, the background
   * cancellation of bundles the provider could not cancel yet).
   * @returns the succeeded refund, or `undefined` when the refund was no longer `pending`
   *   (another attempt completed it; nothing changed).
   * @throws InvalidTransitionError (409) when the order's status may no longer move to
   *   `refunded`; nothing changed (see {@link recordRefundedPayment}).
   */
  async complete(
    refund: RefundRow,
    done: { providerReference: string | null; note: string; event: RefundEvent; jobs: EnqueueRequest[] },
  ): Promise<RefundRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(refunds)
        .set({ status: 'succeeded', providerReference: done.providerReference, error: null, completedAt: sql`now()` })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning();
      if (!row) return undefined;
      await transition(tx, refund.orderId, 'refunded', done.event.actor, done.note);
      await tx.insert(orderEvents).values({ orderId: refund.orderId, kind: 'refund', ...done.event });
      for (const job of done.jobs) await enqueue(tx, job);
      return toRefund(row);
    });
  }

  /**
   * Records a refund the payment provider made although the order may no longer move to
   * `refunded` (its status changed meanwhile): the refund `succeeded` (the money did move) and the
   * timeline entry, the status left as it is for an admin to resolve.
   */
  async recordRefundedPayment(refund: RefundRow, providerReference: string | null, event: RefundEvent): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(refunds)
        .set({ status: 'succeeded', providerReference, error: null, completedAt: sql`now()` })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning();
      if (row) await tx.insert(orderEvents).values({ orderId: refund.orderId, kind: 'refund', ...event });
    });
  }

  /** Adds an entry (kind `refund`) to the order's timeline. */
  async addEvent(orderId: number, event: RefundEvent): Promise<void> {
    await this.db.insert(orderEvents).values({ orderId, kind: 'refund', ...event });
  }

  /** The order with this id's number and kind (the background cancellation job). */
  async findOrderById(orderId: number): Promise<RefundOrder | undefined> {
    const [row] = await this.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    return row ? (await this.findOrder(row.orderNumber))?.order : undefined;
  }
}
