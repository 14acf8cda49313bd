import { type SQL, and, asc, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { NetworkJson } from '../../catalog/catalog.module.ts';
import type { ProductFactsSource } from '../orders.repository.ts';
import { esimBundles, esims, orderLines, orders, refunds } from '../orders.schema.ts';
import type { BundleAssignment } from '../../../providers/esim/esim-provider.ts';
import { asTier } from '../../../lib/plan-names.ts';
import type { PlanFacts } from '@esim/contract/catalog';

/** A stored order (the portal's, or one of its top-ups). */
export type PortalOrderRow = typeof orders.$inferSelect;
/** A stored eSIM. */
export type PortalEsimRow = typeof esims.$inferSelect;
/** A stored bundle of an eSIM. */
export type EsimBundleRow = typeof esimBundles.$inferSelect;

/** The succeeded refund of an order (`refunds`, one per order, in full). */
export interface OrderRefund {
  orderNumber: string;
  /** Integer US cents. */
  amountCents: number;
  /** When the payment provider made it. */
  refundedAt: Date;
}

/** An eSIM with what the portal shows of it: its bundles and its plan's coverage. */
export interface EsimWithBundles {
  esim: PortalEsimRow;
  /**
   * Main bundle first, then top-ups in the order they were added; `tier` is the unlimited tier
   * of the bundle's product (by its provider bundle name; `null` for fixed data or an unknown
   * bundle); `refunded` when the order that paid for it (the eSIM's own, or a top-up) was refunded.
   */
  bundles: (EsimBundleRow & { orderNumber: string | null; tier: PlanFacts['tier']; refunded: boolean })[];
  /** The refund of the order that bought the eSIM, once it succeeded; null otherwise. */
  refund: OrderRefund | null;
  /** The plan it was bought with (the order line's frozen facts). */
  plan: { name: string; countryCode: string };
  /** Operators of the plan's coverage (`products.networks`). */
  networks: NetworkJson[];
}

/** A row of the portal's order history. */
export interface PortalOrderSummary {
  orderNumber: string;
  kind: string;
  status: string;
  totalCents: number;
  createdAt: Date;
  /** Each line's English name as sold, quantity and the facts it is named by (`planName`). */
  lines: (PlanFacts & { name: string; quantity: number })[];
}

/** A top-up order as the portal reads it: the order, its eSIM's ICCID, its plan, and whether its bundle is on the eSIM. */
export interface PortalTopupRow {
  order: PortalOrderRow;
  iccid: string;
  productName: string;
  /** The facts the top-up's plan is named by (`planName`). */
  plan: PlanFacts;
  /** True once fulfilment stored the bundle row (the provider applied it). */
  applied: boolean;
}

/** What a usage sync writes for one bundle row that matched a provider assignment. */
export interface BundleSyncUpdate {
  rowId: number;
  assignment: BundleAssignment;
}

/** A bundle the provider reports that the store holds no row for (e.g. applied by support). */
export interface NewSyncedBundle {
  assignment: BundleAssignment;
  name: string;
  countryCode: string;
  dataMb: number | null;
  validityDays: number;
}

/** The eSIM states the periodic refresh skips: nothing changes on them any more. */
const SETTLED_STATES = ['Expired', 'Archived'];

/**
 * Data access of the customer portal: a read model over orders, eSIMs and their bundles (the
 * orders module writes them at fulfilment), and the usage sync's writes to `esims` and
 * `esim_bundles`.
 */
export class PortalRepository {
  /** @param products the catalogue's facts of the products sold (tier, networks), retired ones included. */
  constructor(
    private readonly db: Db,
    private readonly products: ProductFactsSource,
  ) {}

  /** The order (kind `order`) whose access token has this SHA-256 hash, if any. */
  async orderByTokenHash(hash: string): Promise<PortalOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.accessTokenHash, hash), eq(orders.kind, 'order')));
    return row;
  }

  /** Every eSIM of an order, by line and unit, with bundles, plan and coverage. */
  async esimsOfOrder(orderId: number): Promise<EsimWithBundles[]> {
    return this.withBundles(
      await this.db
        .select()
        .from(esims)
        .where(eq(esims.orderId, orderId))
        .orderBy(asc(esims.orderLineId), asc(esims.unitIndex)),
    );
  }

  /** One eSIM of an order by ICCID, with bundles, plan and coverage; undefined when it is not that order's. */
  async esimOfOrder(orderId: number, iccid: string): Promise<EsimWithBundles | undefined> {
    const rows = await this.db
      .select()
      .from(esims)
      .where(and(eq(esims.orderId, orderId), eq(esims.iccid, iccid)));
    return (await this.withBundles(rows))[0];
  }

  /** The order and its top-ups, newest first, with their lines. */
  ordersOfPortal(orderId: number): Promise<PortalOrderSummary[]> {
    return this.summaries(or(eq(orders.id, orderId), eq(orders.parentOrderId, orderId))!);
  }

  /**
   * Every order of an account: its orders (`orders.user_id`) and the top-ups of its
   * orders (whoever bought them), newest first, with their lines.
   */
  ordersOfAccount(userId: number): Promise<PortalOrderSummary[]> {
    return this.summaries(or(eq(orders.userId, userId), inArray(orders.parentOrderId, this.accountOrderIds(userId)))!);
  }

  /**
   * Every eSIM of an account's orders, newest order first, then by line and unit, with bundles,
   * plan and coverage.
   */
  async esimsOfAccount(userId: number): Promise<EsimWithBundles[]> {
    const rows = await this.db
      .select({ esim: esims })
      .from(esims)
      .innerJoin(orders, eq(orders.id, esims.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id), asc(esims.orderLineId), asc(esims.unitIndex));
    return this.withBundles(rows.map((r) => r.esim));
  }

  /**
   * One eSIM of an account's orders by ICCID, with its own order (the parent of its top-ups);
   * undefined when no order of the account holds it.
   */
  async esimOfAccount(
    userId: number,
    iccid: string,
  ): Promise<{ order: PortalOrderRow; item: EsimWithBundles } | undefined> {
    const [row] = await this.db
      .select({ esim: esims, order: orders })
      .from(esims)
      .innerJoin(orders, eq(orders.id, esims.orderId))
      .where(and(eq(orders.userId, userId), eq(esims.iccid, iccid)));
    if (!row) return undefined;
    const [item] = await this.withBundles([row.esim]);
    return item ? { order: row.order, item } : undefined;
  }

  /**
   * Attaches an order (kind `order`) to an account, with its top-ups, in
   * one transaction: the order is claimed only while it belongs to no account (a compare-and-set
   * `UPDATE`, so two accounts racing for it cannot both win); its top-ups without an account
   * follow it, also when it was already the account's.
   * @returns `attached`, `already` (the order was the account's already), or `other` (it belongs
   *   to another account, or no longer exists).
   */
  attachToAccount(orderId: number, userId: number): Promise<'attached' | 'already' | 'other'> {
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({ userId, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.kind, 'order'), isNull(orders.userId)))
        .returning({ id: orders.id });
      let outcome: 'attached' | 'already' = 'attached';
      if (!claimed) {
        const [row] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
        if (row?.userId !== userId) return 'other';
        outcome = 'already';
      }
      await tx
        .update(orders)
        .set({ userId, updatedAt: sql`now()` })
        .where(and(eq(orders.parentOrderId, orderId), eq(orders.kind, 'topup'), isNull(orders.userId)));
      return outcome;
    });
  }

  /** The ids of an account's orders (kind `order`), as a subquery. */
  private accountOrderIds(userId: number) {
    return this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'order')));
  }

  /** The orders matching `where`, newest first, with their lines. */
  private async summaries(where: SQL): Promise<PortalOrderSummary[]> {
    const rows = await this.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id));
    if (rows.length === 0) return [];
    const lines = await this.db
      .select({
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        name: orderLines.name,
        quantity: orderLines.quantity,
        countryCode: orderLines.countryCode,
        dataAmount: orderLines.dataAmount,
        validityDays: orderLines.validityDays,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderLines.id));
    const facts = await this.products.productFacts(lines.map((l) => l.productId));
    return rows.map((r) => ({
      orderNumber: r.orderNumber,
      kind: r.kind,
      status: r.status,
      totalCents: r.totalCents,
      createdAt: r.createdAt,
      lines: lines
        .filter((l) => l.orderId === r.id)
        .map(({ orderId: _orderId, productId, validityDays, ...line }) => ({
          ...line,
          validityDays: Math.max(1, validityDays),
          tier: asTier(facts.get(productId)?.tier ?? null),
        })),
    }));
  }

  /** A top-up order of the portal `parentOrderId` by number, with its eSIM's ICCID and its bundle's presence. */
  topupOfPortal(parentOrderId: number, orderNumber: string): Promise<PortalTopupRow | undefined> {
    return this.topupWhere(orderNumber, eq(orders.parentOrderId, parentOrderId));
  }

  /** A top-up of one of an account's orders by number (as {@link topupOfPortal}). */
  topupOfAccount(userId: number, orderNumber: string): Promise<PortalTopupRow | undefined> {
    return this.topupWhere(orderNumber, inArray(orders.parentOrderId, this.accountOrderIds(userId)));
  }

  private async topupWhere(orderNumber: string, parent: SQL): Promise<PortalTopupRow | undefined> {
    const [row] = await this.db
      .select({ order: orders, iccid: esims.iccid, line: orderLines })
      .from(orders)
      .innerJoin(esims, eq(esims.id, orders.topupEsimId))
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.orderNumber, orderNumber), parent, eq(orders.kind, 'topup')));
    if (!row) return undefined;
    const { line } = row;
    const [[bundle], facts] = await Promise.all([
      this.db.select({ id: esimBundles.id }).from(esimBundles).where(eq(esimBundles.orderLineId, line.id)).limit(1),
      this.products.productFacts([line.productId]),
    ]);
    return {
      order: row.order,
      iccid: row.iccid,
      productName: line.name,
      plan: {
        countryCode: line.countryCode,
        dataAmount: line.dataAmount,
        validityDays: Math.max(1, line.validityDays),
        tier: asTier(facts.get(line.productId)?.tier ?? null),
      },
      applied: bundle !== undefined,
    };
  }

  /**
   * Writes a successful usage sync in one transaction: the eSIM's profile state, first use,
   * display state and sync time (error cleared); each matched bundle's provider state, bytes and
   * dates (and its assignment id, learnt on first match); and rows for assignments the store did
   * not know.
   */
  saveSync(
    esimId: number,
    esim: { profileState: string; activatedAt: Date | null; status: string },
    updates: readonly BundleSyncUpdate[],
    added: readonly NewSyncedBundle[],
  ): Promise<void> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(esims)
        // A provider that does not report first use (eSIM Go: its FirstUse callback does) keeps the known one.
        .set({
          profileState: esim.profileState,
          activatedAt: esim.activatedAt ?? sql`${esims.activatedAt}`,
          status: esim.status,
          syncedAt: sql`now()`,
          syncError: null,
        })
        .where(eq(esims.id, esimId));
      for (const { rowId, assignment: a } of updates) {
        await tx
          .update(esimBundles)
          // eSIM Go's bundle list has no start/end times: keep the callbacks' ones.
          .set({
            providerAssignmentId: a.id,
            ...assignmentColumns(a),
            startedAt: a.startedAt ?? sql`${esimBundles.startedAt}`,
            endsAt: a.endsAt ?? sql`${esimBundles.endsAt}`,
            updatedAt: sql`now()`,
          })
          .where(eq(esimBundles.id, rowId));
      }
      if (added.length > 0) {
        await tx
          .insert(esimBundles)
          .values(
            added.map(({ assignment: a, ...plan }) => ({
              esimId,
              orderLineId: null,
              kind: 'topup',
              providerAssignmentId: a.id,
              apiBundleName: a.bundle,
              ...plan,
              ...assignmentColumns(a),
              assignedAt: a.assignedAt,
            })),
          )
          .onConflictDoNothing();
      }
    });
  }

  /** Records why a usage sync failed (shown to support; the last good figures stay). */
  async recordSyncError(esimId: number, message: string): Promise<void> {
    await this.db
      .update(esims)
      .set({ syncError: message.slice(0, 500) })
      .where(eq(esims.id, esimId));
  }

  /**
   * eSIMs the periodic refresh should read again: not settled (Expired, Archived), of an order
   * that was paid, least recently synced first.
   */
  async esimsToRefresh(limit: number): Promise<PortalEsimRow[]> {
    return this.db
      .select({ esim: esims })
      .from(esims)
      .innerJoin(orders, eq(orders.id, esims.orderId))
      .where(and(notInArray(esims.status, SETTLED_STATES), eq(orders.paymentStatus, 'succeeded')))
      .orderBy(sql`${esims.syncedAt} asc nulls first`, asc(esims.id))
      .limit(limit)
      .then((rows) => rows.map((r) => r.esim));
  }

  private async withBundles(rows: PortalEsimRow[]): Promise<EsimWithBundles[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [bundles, plans, refunded] = await Promise.all([
      this.db
        .select({ bundle: esimBundles, orderNumber: orders.orderNumber, refundId: refunds.id })
        .from(esimBundles)
        .leftJoin(orderLines, eq(orderLines.id, esimBundles.orderLineId))
        .leftJoin(orders, eq(orders.id, orderLines.orderId))
        .leftJoin(refunds, and(eq(refunds.orderId, orders.id), eq(refunds.status, 'succeeded')))
        .where(inArray(esimBundles.esimId, ids))
        // Main first, then top-ups as added.
        .orderBy(
          sql`case when ${esimBundles.kind} = 'main' then 0 else 1 end`,
          asc(esimBundles.assignedAt),
          asc(esimBundles.id),
        ),
      this.db
        .select({
          lineId: orderLines.id,
          productId: orderLines.productId,
          name: orderLines.name,
          countryCode: orderLines.countryCode,
        })
        .from(orderLines)
        .where(inArray(orderLines.id, [...new Set(rows.map((r) => r.orderLineId))])),
      this.refundsOf([...new Set(rows.map((r) => r.orderId))]),
    ]);
    const [tiers, coverage] = await Promise.all([
      this.products.productFactsByBundleName(
        bundles.filter((b) => b.bundle.unlimited).map((b) => b.bundle.apiBundleName),
      ),
      this.products.productFacts(plans.map((p) => p.productId)),
    ]);
    return rows.map((esim) => {
      const plan = plans.find((p) => p.lineId === esim.orderLineId);
      return {
        esim,
        bundles: bundles
          .filter((b) => b.bundle.esimId === esim.id)
          .map((b) => ({
            ...b.bundle,
            orderNumber: b.orderNumber,
            tier: b.bundle.unlimited ? asTier(tiers.get(b.bundle.apiBundleName)?.tier ?? null) : null,
            refunded: b.refundId !== null,
          })),
        plan: { name: plan?.name ?? esim.apiBundleName, countryCode: plan?.countryCode ?? '' },
        networks: (plan && coverage.get(plan.productId)?.networks) ?? [],
        refund: refunded.get(esim.orderId) ?? null,
      };
    });
  }

  /**
   * The succeeded refunds of these orders, by order id. A refund counts once the payment provider
   * made it (`succeeded`), also when the order's status could not follow (`refund.repository.ts`
   * `recordRefundedPayment`): the money went back either way.
   */
  private async refundsOf(orderIds: readonly number[]): Promise<Map<number, OrderRefund>> {
    if (orderIds.length === 0) return new Map();
    const found = await this.db
      .select({
        orderId: refunds.orderId,
        orderNumber: orders.orderNumber,
        amountCents: refunds.amountCents,
        completedAt: refunds.completedAt,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(inArray(refunds.orderId, [...orderIds]), eq(refunds.status, 'succeeded')));
    return new Map(
      found.map((r) => [
        r.orderId,
        { orderNumber: r.orderNumber, amountCents: r.amountCents, refundedAt: r.completedAt ?? r.createdAt },
      ]),
    );
  }
}

/** The columns a provider assignment sets on a bundle row. */
function assignmentColumns(a: BundleAssignment) {
  return {
    state: a.state,
    unlimited: a.unlimited,
    initialBytes: a.initialBytes,
    remainingBytes: a.remainingBytes,
    usedBytes: a.usedBytes,
    startedAt: a.startedAt,
    endsAt: a.endsAt,
  };
}
