import type { AdminOrderSummary } from '@esim/contract/admin-orders';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '../../../admin-kit/components/badge.tsx';
import { Card, CardList, DataTable } from '../../../admin-kit/components/data-table.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** The order's lines in one phrase: "2 × Turkey 5GB 30 days (TR), Europe+ 3GB (Europe+)". */
function linesText(order: AdminOrderSummary): string {
  return order.lines.map((l) => `${l.quantity > 1 ? `${l.quantity} × ` : ''}${l.name} (${l.countryCode})`).join(', ');
}

function OrderLink({ order }: { order: AdminOrderSummary }) {
  return (
    <Link
      href={`/admin/orders/${order.orderNumber}`}
      className="font-mono text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
    >
      {order.orderNumber}
    </Link>
  );
}

function Payment({ order }: { order: AdminOrderSummary }) {
  const { t } = useTranslation('admin-orders');
  return (
    <span className="text-sm text-slate-700">
      {t(`methods.${order.paymentMethod}`)}
      {order.paymentStatus !== 'succeeded' ? (
        <span className="text-slate-500"> · {t(`paymentStatuses.${order.paymentStatus}`)}</span>
      ) : null}
    </span>
  );
}

function ErrorNote({ order }: { order: AdminOrderSummary }) {
  const { t } = useTranslation('admin-orders');
  if (!order.lastError) return null;
  return (
    <p className="mt-1 flex items-start gap-1 text-xs text-red-800">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="line-clamp-2 break-words">
        <span className="sr-only">{t('list.lastError')}: </span>
        {order.lastError}
      </span>
    </p>
  );
}

/**
 * The orders of the list: a table from `md` up (number, date, customer, what was bought, status,
 * payment, total), cards below it, so that nothing scrolls the page sideways at 360 px. Each
 * order number links to its screen.
 */
export function OrdersList({ orders }: { orders: readonly AdminOrderSummary[] }) {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  const columns = (['order', 'customer', 'items', 'status', 'payment', 'total'] as const).map((key) => ({
    key,
    label: t(`list.columns.${key}`),
    className: key === 'total' ? 'px-4 py-3 text-right' : 'px-4 py-3',
  }));
  return (
    <>
      <DataTable caption={t('list.caption')} columns={columns} className="hidden md:block">
        {orders.map((order) => (
          <tr key={order.orderNumber} className="align-top hover:bg-slate-50">
            <td className="px-4 py-3">
              <OrderLink order={order} />
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
                {order.kind === 'topup' ? <Badge tone="info">{t('kinds.topup')}</Badge> : null}
              </div>
            </td>
            <td className="max-w-56 px-4 py-3">
              <div className="truncate font-medium text-ink">{order.customer.name}</div>
              <div className="truncate text-xs text-slate-600">{order.customer.email}</div>
            </td>
            <td className="max-w-72 px-4 py-3">
              <div className="line-clamp-2 text-slate-800">{linesText(order)}</div>
              <div className="text-xs text-slate-600">{t('list.esims', { count: order.esimCount })}</div>
              <ErrorNote order={order} />
            </td>
            <td className="px-4 py-3">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="px-4 py-3">
              <Payment order={order} />
            </td>
            <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink">
              {format.money(order.totalCents)}
            </td>
          </tr>
        ))}
      </DataTable>

      <CardList label={t('list.caption')}>
        {orders.map((order) => (
          <Card key={order.orderNumber}>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <OrderLink order={order} />
                <div className="mt-0.5 text-xs text-slate-600">
                  <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
                </div>
              </div>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-2 truncate text-sm font-medium text-ink">{order.customer.name}</p>
            <p className="truncate text-xs text-slate-600">{order.customer.email}</p>
            <p className="mt-2 line-clamp-2 text-sm text-slate-800">{linesText(order)}</p>
            <ErrorNote order={order} />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
              <span className="flex flex-wrap items-center gap-2">
                <Payment order={order} />
                {order.kind === 'topup' ? <Badge tone="info">{t('kinds.topup')}</Badge> : null}
              </span>
              <span className="font-semibold text-ink">{format.money(order.totalCents)}</span>
            </div>
          </Card>
        ))}
      </CardList>
    </>
  );
}
