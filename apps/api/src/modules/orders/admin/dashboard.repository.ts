import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { orders, refunds } from '../orders.schema.ts';

/**
 * The admin dashboard's reads over orders and refunds: sales per day,
 * orders that need attention, the newest orders. Every figure is aggregated in SQL over an index
 * range: sales over `orders (created_at, id)` for the chart's days, attention over
 * `orders (status, created_at, id)` for the unfinished statuses, so the dashboard stays fast with
 * hundreds of thousands of orders.
 */

/** Sales of one bucket (day) of {@link OrderStatsRepository.salesByDay}. */
export interface SalesBucket {
  /** 0-based index of the day in the bounds given. */
  day: number;
  revenueCents: number;
  orders: number;
  topups: number;
}

/** Refunds of one bucket (day) of {@link OrderStatsRepository.refundsByDay}. */
export interface RefundBucket {
  day: number;
  refundedCents: number;
  refunds: number;
}

/** An order row of the dashboard's lists. Times in ms since the epoch. */
export interface DashboardOrderRow {
  orderNumber: string;
  kind: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  createdAt: Date;
}

/** An order that needs attention, with its flags. */
export interface AttentionRow extends DashboardOrderRow {
  lastError: string | null;
  /** When a `processing` order last changed, or when a waiting payment's order was placed. */
  since: Date;
  provisioningFailed: boolean;
  stuckProcessing: boolean;
  paymentPending: boolean;
}

/** What {@link OrderStatsRepository.attention} finds. */
export interface AttentionResult {
  rows: AttentionRow[];
  total: number;
  counts: { provisioningFailed: number; stuckProcessing: number; paymentPending: number };
}

/** `'{t1,t2,...}'::timestamptz[]` of instants in ms, as one parameter. */
function instants(bounds: readonly number[]) {
  return sql`${`{${bounds.map((ms) => new Date(ms).toISOString()).join(',')}}`}::timestamptz[]`;
}

const num = (value: unknown) => Number(value ?? 0);

/** Reads of the admin dashboard; see the module comment. */
export class OrderStatsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Paid orders and top-ups per day: `bounds[i]` to `bounds[i + 1]` is day `i` (instants in ms,
   * ascending). Paid: payment succeeded and status neither `cancelled` nor `refunded`. One range
   * scan of `orders (created_at, id)`, grouped with `width_bucket`; days without sales are absent.
   */
  async salesByDay(bounds: readonly number[]): Promise<SalesBucket[]> {
    const first = new Date(bounds[0] ?? 0).toISOString();
    const last = new Date(bounds.at(-1) ?? 0).toISOString();
    const rows = await queryRows<{ bucket: number; revenue: unknown; orders: unknown; topups: unknown }>(
      this.db,
      sql`select width_bucket(${orders.createdAt}, ${instants(bounds)}) as bucket,
                 coalesce(sum(${orders.totalCents}), 0) as revenue,
                 count(*) filter (where ${orders.kind} = 'order') as orders,
                 count(*) filter (where ${orders.kind} = 'topup') as topups
          from ${orders}
          where ${orders.createdAt} >= ${first}::timestamptz and ${orders.createdAt} < ${last}::timestamptz
            and ${orders.paymentStatus} = 'succeeded' and ${orders.status} not in ('cancelled', 'refunded')
          group by 1`,
    );
    return rows.map((r) => ({
      day: num(r.bucket) - 1,
      revenueCents: num(r.revenue),
      orders: num(r.orders),
      topups: num(r.topups),
    }));
  }

  /** Refunds the provider completed per day (bounds as {@link salesByDay}). */
  async refundsByDay(bounds: readonly number[]): Promise<RefundBucket[]> {
    const first = new Date(bounds[0] ?? 0).toISOString();
    const last = new Date(bounds.at(-1) ?? 0).toISOString();
    const rows = await queryRows<{ bucket: number; refunded: unknown; refunds: unknown }>(
      this.db,
      sql`select width_bucket(${refunds.completedAt}, ${instants(bounds)}) as bucket,
                 coalesce(sum(${refunds.amountCents}), 0) as refunded, count(*) as refunds
          from ${refunds}
          where ${refunds.status} = 'succeeded'
            and ${refunds.completedAt} >= ${first}::timestamptz and ${refunds.completedAt} < ${last}::timestamptz
          group by 1`,
    );
    return rows.map((r) => ({ day: num(r.bucket) - 1, refundedCents: num(r.refunded), refunds: num(r.refunds) }));
  }

  /**
   * Orders that need attention: fulfilment failed (`processing` with `last_error`),
   * stuck (`processing` and unchanged since before `stuckBefore`: no step of fulfilment moved it,
   * `transition()` and every attempt write `updated_at`), or a payment waiting for the buyer's
   * approval (PayPal) placed between `approvalSince` and `approvalBefore` (older ones count as
   * abandoned). Both conditions are ranges of the `(status, created_at, id)` index, so the cost
   * follows the few unfinished orders, not the table. Failed first, then stuck, then waiting
   * payments, newest first within; `limit` rows, and the counts of all (a second, aggregate pass
   * over the same ranges).
   */
  async attention(opts: {
    stuckBefore: Date;
    approvalBefore: Date;
    approvalSince: Date;
    limit: number;
  }): Promise<AttentionResult> {
    const stuckBefore = opts.stuckBefore.toISOString();
    const approvalBefore = opts.approvalBefore.toISOString();
    const approvalSince = opts.approvalSince.toISOString();
    const failed = sql`(${orders.status} = 'processing' and ${orders.lastError} is not null)`;
    const stuck = sql`(${orders.status} = 'processing' and ${orders.updatedAt} < ${stuckBefore}::timestamptz)`;
    const awaiting = sql`(${orders.status} = 'pending' and ${orders.paymentStatus} = 'requires_approval'
      and ${orders.createdAt} < ${approvalBefore}::timestamptz and ${orders.createdAt} >= ${approvalSince}::timestamptz)`;
    const flagged = sql`(${failed} or ${stuck} or ${awaiting})`;
    const [rows, totals] = await Promise.all([
      queryRows<{
        order_number: string;
        kind: string;
        status: string;
        payment_status: string;
        payment_method: string;
        customer_name: string;
        customer_email: string;
        total_cents: number;
        created_ms: unknown;
        since_ms: unknown;
        last_error: string | null;
        failed: boolean;
        stuck: boolean;
        awaiting: boolean;
      }>(
        this.db,
        sql`select ${orders.orderNumber} as order_number, ${orders.kind} as kind, ${orders.status} as status,
                   ${orders.paymentStatus} as payment_status, ${orders.paymentMethod} as payment_method,
                   ${orders.customerName} as customer_name, ${orders.customerEmail} as customer_email,
                   ${orders.totalCents} as total_cents, ${orders.lastError} as last_error,
                   (extract(epoch from ${orders.createdAt}) * 1000)::float8 as created_ms,
                   (extract(epoch from case when ${orders.status} = 'processing' then ${orders.updatedAt} else ${orders.createdAt} end) * 1000)::float8 as since_ms,
                   ${failed} as failed, ${stuck} as stuck, ${awaiting} as awaiting
            from ${orders}
            where ${flagged}
            order by failed desc, stuck desc, ${orders.createdAt} desc, ${orders.id} desc
            limit ${opts.limit}`,
      ),
      queryRows<{ total: unknown; n_failed: unknown; n_stuck: unknown; n_awaiting: unknown }>(
        this.db,
        sql`select count(*) as total, count(*) filter (where ${failed}) as n_failed,
                   count(*) filter (where ${stuck}) as n_stuck, count(*) filter (where ${awaiting}) as n_awaiting
            from ${orders}
            where ${flagged}`,
      ),
    ]);
    const counts = totals[0];
    return {
      rows: rows.map((r) => ({
        orderNumber: r.order_number,
        kind: r.kind,
        status: r.status,
        paymentStatus: r.payment_status,
        paymentMethod: r.payment_method,
        customerName: r.customer_name,
        customerEmail: r.customer_email,
        totalCents: num(r.total_cents),
        createdAt: new Date(num(r.created_ms)),
        since: new Date(num(r.since_ms)),
        lastError: r.last_error,
        provisioningFailed: Boolean(r.failed),
        stuckProcessing: Boolean(r.stuck),
        paymentPending: Boolean(r.awaiting),
      })),
      total: num(counts?.total),
      counts: {
        provisioningFailed: num(counts?.n_failed),
        stuckProcessing: num(counts?.n_stuck),
        paymentPending: num(counts?.n_awaiting),
      },
    };
  }

  /** The newest `limit` orders and top-ups (the `(created_at, id)` index, backwards). */
  async latest(limit: number): Promise<DashboardOrderRow[]> {
    return this.db
      .select({
        orderNumber: orders.orderNumber,
        kind: orders.kind,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  }

  /** Order numbers by order id (the jobs screen names the order a job's payload points at). */
  async orderNumbersByIds(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.orderNumber]));
  }

  /** The id of the order (or top-up) with this number, if any. */
  async orderIdByNumber(orderNumber: string): Promise<number | undefined> {
    const [row] = await this.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    return row?.id;
  }
}
