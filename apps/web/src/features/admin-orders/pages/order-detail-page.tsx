import type { AdminOrderDetail } from '@esim/contract/admin-orders';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { Badge } from '../../../admin-kit/components/badge.tsx';
import { QueryError } from '../../../admin-kit/components/query-state.tsx';
import { RefreshButton } from '../../../admin-kit/components/refresh-button.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { ADMIN_ORDERS_KEY } from '../api/get-orders.ts';
import { EsimsSection } from '../components/esims-section.tsx';
import { NotifyButton, ResendButton, RetryButton } from '../components/order-actions.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';
import { StatusDialog } from '../components/status-dialog.tsx';
import { TokenSection } from '../components/token-section.tsx';
import { useActor } from '../hooks/use-actor.ts';
import { useLanguageName } from '../../../admin-kit/hooks/use-language-name.ts';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={cn(card, className)} aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-y-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderScreen({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  const language = useLanguageName()(order.language);
  const client = useQueryClient();
  const actor = useActor();
  const paid =
    ['processing', 'processed', 'shipped', 'completed'].includes(order.status) && order.payment.status === 'succeeded';
  const address = order.customer.billingAddress;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <OrderStatusBadge status={order.status} />
        {order.kind === 'topup' ? <Badge tone="info">{t('kinds.topup')}</Badge> : null}
        <span>
          {t('detail.placed', { date: format.dateTime(order.createdAt) })} · {format.money(order.totalCents)}
        </span>
      </div>
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('detail.actions')}>
        <StatusDialog order={order} />
        <NotifyButton order={order} />
        <ResendButton order={order} />
        {paid ? (
          <RefundDialog
            orderNumber={order.orderNumber}
            totalCents={order.totalCents}
            onRefunded={() => void client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY })}
          />
        ) : null}
        <RetryButton order={order} />
      </div>
      {order.lastError ? (
        <div
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{t('detail.lastError')}</p>
            <p className="break-words">{order.lastError}</p>
          </div>
        </div>
      ) : null}

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Section title={t('detail.items')}>
            <ul className="divide-y divide-slate-100">
              {order.lines.map((line) => (
                <li key={line.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">
                      {line.quantity > 1 ? `${line.quantity} × ` : ''}
                      {line.name}
                    </p>
                    <p className="text-xs text-slate-600">
                      {line.countryCode} · {line.dataAmount} · {t('detail.days', { count: line.validityDays })} ·{' '}
                      {t('list.esims', { count: line.esimCount })}
                    </p>
                  </div>
                  <span className="font-semibold whitespace-nowrap text-ink">{format.money(line.lineTotalCents)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 text-sm font-bold text-ink">
              <span>{t('detail.total')}</span>
              <span>{format.money(order.totalCents)}</span>
            </p>
          </Section>
          <Section title={t('detail.esims')}>
            <EsimsSection esims={order.esims} />
          </Section>
          <Section title={t('timeline.title')}>
            <OrderTimeline orderNumber={order.orderNumber} entries={order.timeline} />
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <Section title={t('detail.customer')}>
            <Facts
              rows={[
                [t('detail.name'), order.customer.name],
                [
                  t('detail.email'),
                  <a
                    key="email"
                    href={`mailto:${order.customer.email}`}
                    className="text-brand-800 underline underline-offset-2"
                  >
                    {order.customer.email}
                  </a>,
                ],
                ...(order.customer.phone ? [[t('detail.phone'), order.customer.phone] as [string, ReactNode]] : []),
                [t('detail.language'), language],
                [t('detail.account'), order.customer.account ? order.customer.account.username : t('detail.guest')],
                ...(address
                  ? [
                      [
                        t('detail.billing'),
                        [address.address, `${address.postalCode} ${address.city}`, address.state, address.country]
                          .filter(Boolean)
                          .join(', '),
                      ] as [string, ReactNode],
                    ]
                  : []),
              ]}
            />
          </Section>
          <Section title={t('detail.payment')}>
            <Facts
              rows={[
                [
                  t('detail.method'),
                  `${t(`methods.${order.payment.method}`)}${order.payment.cardBrand && order.payment.cardLast4 ? ` · ${order.payment.cardBrand} •••• ${order.payment.cardLast4}` : ''}`,
                ],
                [t('detail.paymentStatus'), t(`paymentStatuses.${order.payment.status}`)],
                [
                  t('detail.reference'),
                  order.payment.reference ? (
                    <span key="ref" className="font-mono text-xs break-all">
                      {order.payment.reference}
                    </span>
                  ) : (
                    '—'
                  ),
                ],
                ...(order.payment.error
                  ? [[t('detail.paymentError'), order.payment.error] as [string, ReactNode]]
                  : []),
              ]}
            />
            {order.refunds.length > 0 ? (
              <div className="mt-4 border-t border-slate-200 pt-3">
                <h3 className="text-sm font-semibold text-ink">{t('detail.refunds')}</h3>
                <ul className="mt-2 flex flex-col gap-2 text-sm">
                  {order.refunds.map((refund) => (
                    <li key={refund.createdAt}>
                      <p className="font-medium text-ink">
                        {format.money(refund.amountCents)} ·{' '}
                        {t(`refundStatuses.${refund.status}`, { defaultValue: refund.status })}
                        {refund.override ? <span className="text-amber-900"> · {t('detail.override')}</span> : null}
                      </p>
                      <p className="text-xs text-slate-600">
                        {format.dateTime(refund.createdAt)} · {actor(refund.actor)}
                        {refund.providerReference ? ` · ${refund.providerReference}` : ''}
                      </p>
                      {refund.reason ? <p className="text-xs break-words text-slate-700">{refund.reason}</p> : null}
                      {refund.error ? <p className="text-xs text-red-800">{refund.error}</p> : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Section>
          <Section title={t('detail.token')}>
            <TokenSection order={order} />
          </Section>
          {order.parentOrderNumber || order.topups.length > 0 ? (
            <Section title={order.parentOrderNumber ? t('detail.parent') : t('detail.topups')}>
              <ul className="flex flex-col gap-1 text-sm">
                {(order.parentOrderNumber ? [{ orderNumber: order.parentOrderNumber }] : order.topups).map((o) => (
                  <li key={o.orderNumber}>
                    <Link
                      href={`/admin/orders/${o.orderNumber}`}
                      className="font-mono font-semibold text-brand-800 underline underline-offset-2"
                    >
                      {o.orderNumber}
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </div>
      </div>
    </>
  );
}

/**
 * `/admin/orders/{orderNumber}`: the customer, lines, payment and
 * refunds, each eSIM with its state and usage, the access token, and one timeline; actions:
 * change status (only the allowed ones), notify, resend the confirmation, refund (the refunds
 * part's dialog), retry failed provisioning, add a note, revoke or issue a new access token.
 * A failed read shows 'Failed to fetch order' with the status and the server's message.
 */
export default function OrderDetailPage({ params }: { params: { orderNumber: string } }) {
  const { t } = useTranslation('admin-orders');
  const orderNumber = decodeURIComponent(params.orderNumber);
  const query = useAdminOrder(orderNumber);
  return (
    <AdminPage
      title={<span className="font-mono">{orderNumber}</span>}
      lead={
        <Link
          href="/admin/orders"
          className="inline-flex items-center gap-1 font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('detail.back')}
        </Link>
      }
      actions={<RefreshButton query={query} label={t('list.refresh')} />}
    >
      {query.isPending ? (
        <Spinner label={t('detail.loading')} className="min-h-[30vh]" />
      ) : query.isError && !query.data ? (
        <QueryError
          title={t('errors.fetchOrder')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data ? (
        <OrderScreen order={query.data} />
      ) : null}
    </AdminPage>
  );
}
