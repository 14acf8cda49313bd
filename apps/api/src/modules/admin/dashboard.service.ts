import {
  type AttentionReason,
  type Dashboard,
  type DashboardOrder,
  PAYMENT_APPROVAL_STALE_MINUTES,
  PAYMENT_APPROVAL_WINDOW_DAYS,
  SALES_CHART_DAYS,
  STUCK_PROCESSING_MINUTES,
  type SalesFigures,
} from '@esim/contract/admin';
import type { OrderStatus } from '@esim/contract/order';
import type { JobStateCounts } from '../../lib/jobs.repository.ts';
import type { DashboardOrderRow, OrderStats } from '../orders/orders.module.ts';
import { lastDays } from './zoned-days.ts';

/** Orders that need attention listed at most (the counts cover all). */
const ATTENTION_LIMIT = 50;
/** Newest orders listed. */
const LATEST_LIMIT = 10;

/** What {@link DashboardService} reads. */
export interface DashboardDeps {
  repo: OrderStats;
  /** Jobs by state (`JobsRepository.stateCounts`). */
  jobCounts: () => Promise<JobStateCounts>;
  /** The clock (ms since the epoch); tests fix it. */
  now?: () => number;
}

/** A dashboard order row as the API shows it. */
export function toDashboardOrder(row: DashboardOrderRow): DashboardOrder {
  return {
    orderNumber: row.orderNumber,
    kind: row.kind === 'topup' ? 'topup' : 'order',
    status: row.status as OrderStatus,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
  };
}

const zero = (): SalesFigures => ({ revenueCents: 0, orders: 0, topups: 0, refundedCents: 0, refunds: 0 });

/**
 * The admin dashboard (`/admin`): revenue and orders for today, the last 7 and the last
 * 30 days, sales per day for the chart, orders that need attention, the newest orders and the
 * jobs by state. Days are calendar days of the admin's time zone.
 */
export class DashboardService {
  private readonly now: () => number;

  constructor(private readonly deps: DashboardDeps) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * The dashboard in time zone `timeZone` (an IANA name the caller has validated, e.g. with the
   * contract's `timeZoneSchema`). Four queries at once: sales per day (one range scan of the
   * chart's days), refunds per day, attention, the newest orders; plus the job counts.
   */
  async get(timeZone: string): Promise<Dashboard> {
    const nowMs = this.now();
    const { days, bounds } = lastDays(timeZone, nowMs, SALES_CHART_DAYS);
    const [sales, refunds, attention, latest, jobs] = await Promise.all([
      this.deps.repo.salesByDay(bounds),
      this.deps.repo.refundsByDay(bounds),
      this.deps.repo.attention({
        stuckBefore: new Date(nowMs - STUCK_PROCESSING_MINUTES * 60_000),
        approvalBefore: new Date(nowMs - PAYMENT_APPROVAL_STALE_MINUTES * 60_000),
        approvalSince: new Date(nowMs - PAYMENT_APPROVAL_WINDOW_DAYS * 86_400_000),
        limit: ATTENTION_LIMIT,
      }),
      this.deps.repo.latest(LATEST_LIMIT),
      this.deps.jobCounts(),
    ]);

    const perDay = days.map(zero);
    for (const s of sales) {
      const day = perDay[s.day];
      if (day) Object.assign(day, { revenueCents: s.revenueCents, orders: s.orders, topups: s.topups });
    }
    for (const r of refunds) {
      const day = perDay[r.day];
      if (day) Object.assign(day, { refundedCents: r.refundedCents, refunds: r.refunds });
    }
    const total = (lastN: number) =>
      perDay.slice(-lastN).reduce<SalesFigures>(
        (sum, d) => ({
          revenueCents: sum.revenueCents + d.revenueCents,
          orders: sum.orders + d.orders,
          topups: sum.topups + d.topups,
          refundedCents: sum.refundedCents + d.refundedCents,
          refunds: sum.refunds + d.refunds,
        }),
        zero(),
      );

    return {
      timeZone,
      generatedAt: new Date(nowMs).toISOString(),
      today: total(1),
      last7Days: total(7),
      last30Days: total(30),
      salesByDay: days.map((date, i) => ({
        date,
        revenueCents: perDay[i]!.revenueCents,
        orders: perDay[i]!.orders + perDay[i]!.topups,
      })),
      attention: {
        total: attention.total,
        counts: {
          provisioning_failed: attention.counts.provisioningFailed,
          stuck_processing: attention.counts.stuckProcessing,
          payment_pending: attention.counts.paymentPending,
        },
        orders: attention.rows.map((row) => ({
          ...toDashboardOrder(row),
          reasons: [
            ...(row.provisioningFailed ? (['provisioning_failed'] as const) : []),
            ...(row.stuckProcessing ? (['stuck_processing'] as const) : []),
            ...(row.paymentPending ? (['payment_pending'] as const) : []),
          ] satisfies AttentionReason[],
          lastError: row.lastError,
          since: row.since.toISOString(),
        })),
      },
      latestOrders: latest.map(toDashboardOrder),
      jobs,
    };
  }
}
