import {
  type AttentionOrder,
  type Dashboard,
  type DashboardOrder,
  PAYMENT_APPROVAL_STALE_MINUTES,
  STUCK_PROCESSING_MINUTES,
  type SalesFigures,
} from '@esim/contract/admin';
import { AlertTriangle, ArrowRight, BarChart3, Briefcase, CheckCircle2, ReceiptText } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { browserTimeZone, useDashboard } from '../api/get-dashboard.ts';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { Badge, orderStatusTone } from '../../../admin-kit/components/badge.tsx';
import { EmptyState, QueryError } from '../../../admin-kit/components/query-state.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { RefreshButton } from '../../../admin-kit/components/refresh-button.tsx';

const SalesChart = lazy(() => import('../components/sales-chart.tsx'));

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';

/**
 * `/admin`, the dashboard (`docs/product-rules.md#admin-area`): revenue and orders for today, the last 7 and
 * 30 days in the admin's own time zone, a chart of sales per day (recharts, in its own lazy
 * chunk), the orders that need attention (failed provisioning, stuck in processing, payments
 * waiting for approval) and the newest orders, each linking to the order, and the background
 * jobs by state linking to `/admin/jobs`. A new store sees empty states rather than zeros alone.
 */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const timeZone = browserTimeZone();
  const query = useDashboard(timeZone);
  const data = query.data;
  return (
    <AdminPage
      title={t('nav.dashboard')}
      lead={
        data
          ? t('dashboard.lead', { timeZone: data.timeZone, time: format.dateTime(data.generatedAt) })
          : t('dashboard.leadLoading')
      }
      actions={<RefreshButton query={query} />}
    >
      {query.isError && !data ? (
        <QueryError
          title={t('errors.fetchDashboard')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <Spinner label={t('loading')} className="min-h-[40vh]" />
      ) : (
        <DashboardContent data={data} />
      )}
    </AdminPage>
  );
}

function DashboardContent({ data }: { data: Dashboard }) {
  const { t } = useTranslation('admin');
  const hasSales = data.salesByDay.some((d) => d.revenueCents > 0);
  // Orders that need the admin come before the chart while there are any.
  const needsAttention = data.attention.total > 0;
  const chartRow = (
    <div key="chart" className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section aria-labelledby="dashboard-chart" className={cn(card, 'lg:col-span-2')}>
        <h2 id="dashboard-chart" className="flex items-center gap-2 text-lg font-bold text-ink">
          <BarChart3 aria-hidden="true" className="size-5 text-brand-700" />
          {t('dashboard.chart.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('dashboard.chart.description')}</p>
        <div className="mt-4">
          {hasSales ? (
            <Suspense fallback={<Spinner label={t('dashboard.chart.loading')} className="h-64 sm:h-72" />}>
              <SalesChart days={data.salesByDay} />
            </Suspense>
          ) : (
            <EmptyState icon={<BarChart3 className="size-8" />} title={t('dashboard.chart.emptyTitle')}>
              {t('dashboard.chart.empty')}
            </EmptyState>
          )}
        </div>
      </section>
      <JobsCard jobs={data.jobs} />
    </div>
  );
  const listsRow = (
    <div key="lists" className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <AttentionList attention={data.attention} />
      <LatestOrders orders={data.latestOrders} />
    </div>
  );
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales" className="sr-only">
          {t('dashboard.salesTitle')}
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
          <KpiCard id="kpi-today" label={t('dashboard.today')} figures={data.today} />
          <KpiCard id="kpi-7" label={t('dashboard.last7Days')} figures={data.last7Days} />
          <KpiCard id="kpi-30" label={t('dashboard.last30Days')} figures={data.last30Days} />
        </div>
      </section>

      {needsAttention ? [listsRow, chartRow] : [chartRow, listsRow]}
    </div>
  );
}

/** One period's revenue, orders and refunds. */
function KpiCard({ id, label, figures }: { id: string; label: string; figures: SalesFigures }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  return (
    <div role="group" aria-labelledby={id} className={card}>
      {/* One line on a phone (label left, revenue right), stacked in the three-column grid. */}
      <div className="flex items-baseline justify-between gap-3 sm:block">
        <p id={id} className="text-sm font-semibold text-slate-600">
          {label}
        </p>
        <p className="text-2xl font-extrabold tracking-tight text-ink tabular-nums sm:mt-2 sm:text-3xl">
          <span className="sr-only">{t('dashboard.revenue')}: </span>
          {format.money(figures.revenueCents)}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {t('dashboard.ordersCount', { count: figures.orders })}
        {figures.topups > 0 ? <> · {t('dashboard.topupsCount', { count: figures.topups })}</> : null}
      </p>
      {figures.refunds > 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {t('dashboard.refunded', { amount: format.money(figures.refundedCents), count: figures.refunds })}
        </p>
      ) : null}
    </div>
  );
}

/** Background jobs by state, linking to the jobs screen. */
function JobsCard({ jobs }: { jobs: Dashboard['jobs'] }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const rows: { key: 'failed' | 'waiting' | 'running' | 'parked'; tab: string; value: number }[] = [
    { key: 'failed', tab: 'failed', value: jobs.failed },
    { key: 'waiting', tab: 'queued', value: jobs.waiting },
    { key: 'running', tab: 'running', value: jobs.running },
    { key: 'parked', tab: 'queued', value: jobs.parked },
  ];
  return (
    <section aria-labelledby="dashboard-jobs" className={card}>
      <h2 id="dashboard-jobs" className="flex items-center gap-2 text-lg font-bold text-ink">
        <Briefcase aria-hidden="true" className="size-5 text-brand-700" />
        {t('dashboard.jobs.title')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {rows.map((row) => (
          <li key={row.key}>
            <Link
              href={`/admin/jobs?status=${row.tab}`}
              className="flex items-center justify-between gap-3 rounded-lg px-2 py-2.5 text-sm hover:bg-slate-50"
            >
              <span className="text-slate-700">{t(`dashboard.jobs.${row.key}`)}</span>
              <span
                className={cn(
                  'font-bold tabular-nums',
                  row.key === 'failed' && row.value > 0 ? 'text-red-700' : 'text-ink',
                )}
              >
                {format.count(row.value)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {jobs.failed === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t('dashboard.jobs.allGood')}
        </p>
      ) : null}
      <Link
        href="/admin/jobs"
        className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        {t('dashboard.jobs.open')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

/** Why an order needs attention, in words. */
function ReasonBadge({ reason }: { reason: AttentionOrder['reasons'][number] }) {
  const { t } = useTranslation('admin');
  const minutes = reason === 'payment_pending' ? PAYMENT_APPROVAL_STALE_MINUTES : STUCK_PROCESSING_MINUTES;
  return (
    <Badge tone={reason === 'provisioning_failed' ? 'danger' : 'warning'}>
      {t(`dashboard.attention.reasons.${reason}`, { minutes })}
    </Badge>
  );
}

function AttentionList({ attention }: { attention: Dashboard['attention'] }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const more = attention.total - attention.orders.length;
  return (
    <section aria-labelledby="dashboard-attention" className={card}>
      <h2 id="dashboard-attention" className="flex items-center gap-2 text-lg font-bold text-ink">
        <AlertTriangle aria-hidden="true" className="size-5 text-amber-600" />
        {t('dashboard.attention.title')}
        {attention.total > 0 ? <Badge tone="warning">{format.count(attention.total)}</Badge> : null}
      </h2>
      {attention.orders.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          {t('dashboard.attention.empty')}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {attention.orders.map((order) => (
            <li key={order.orderNumber} className="py-3">
              <Link
                href={`/admin/orders/${order.orderNumber}`}
                className="group block rounded-lg focus-visible:outline-2"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-sm font-semibold text-brand-800 group-hover:underline">
                    {order.orderNumber}
                  </span>
                  <span className="text-sm font-semibold text-ink tabular-nums">{format.money(order.totalCents)}</span>
                </span>
                <span className="mt-1 block truncate text-sm text-slate-700">
                  {order.customerName} · {order.customerEmail}
                </span>
                <span className="mt-2 flex flex-wrap gap-1.5">
                  {order.reasons.map((reason) => (
                    <ReasonBadge key={reason} reason={reason} />
                  ))}
                </span>
                {order.lastError ? (
                  <span className="mt-2 block text-xs break-words text-red-800">{order.lastError}</span>
                ) : null}
                <span className="mt-1 block text-xs text-slate-600">
                  {t('dashboard.attention.since', { time: format.relative(order.since) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <Link
          href="/admin/orders"
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          {t('dashboard.attention.more', { count: more })}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  );
}

function LatestOrders({ orders }: { orders: readonly DashboardOrder[] }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  return (
    <section aria-labelledby="dashboard-latest" className={card}>
      <h2 id="dashboard-latest" className="flex items-center gap-2 text-lg font-bold text-ink">
        <ReceiptText aria-hidden="true" className="size-5 text-brand-700" />
        {t('dashboard.latest.title')}
      </h2>
      {orders.length === 0 ? (
        <div className="mt-3">
          <EmptyState icon={<ReceiptText className="size-8" />} title={t('dashboard.latest.emptyTitle')}>
            {t('dashboard.latest.empty')}
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {orders.map((order) => (
            <li key={order.orderNumber} className="py-3">
              <Link href={`/admin/orders/${order.orderNumber}`} className="group block rounded-lg">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-sm font-semibold text-brand-800 group-hover:underline">
                    {order.orderNumber}
                  </span>
                  <span className="text-sm font-semibold text-ink tabular-nums">{format.money(order.totalCents)}</span>
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
                  <span className="min-w-0 truncate">{order.customerName}</span>
                  <Badge tone={orderStatusTone(order.status)}>{t(`orderStatus.${order.status}`)}</Badge>
                  {order.kind === 'topup' ? <Badge tone="info">{t('dashboard.latest.topup')}</Badge> : null}
                </span>
                <span className="mt-1 block text-xs text-slate-600">
                  <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {orders.length > 0 ? (
        <Link
          href="/admin/orders"
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
        >
          {t('dashboard.latest.viewAll')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  );
}
