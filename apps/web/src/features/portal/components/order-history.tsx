import { formatPrice } from '@esim/contract/format';
import type { PortalOrder } from '@esim/contract/portal';
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Destination } from '../hooks/portal-format.ts';
import { usePortalFormat } from '../hooks/use-portal-format.ts';
import { OrderStatusBadge } from './badges.tsx';

/**
 * The order history (order number, date, amount in US cents formatted as `$12.99`, and status):
 * a table from 640 px, and the same orders as
 * stacked rows below, so that nothing scrolls sideways on a 360 px phone. What each order bought is
 * named from its plans' facts in the interface language (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`). Only one of the two is
 * displayed (and so in the accessibility tree) at a time.
 */
export function OrderHistory({
  orders,
  language,
  destinationOf,
}: {
  orders: readonly PortalOrder[];
  language: string;
  /** A destination code's name in the interface language, for the plan names. */
  destinationOf: (code: string) => Destination;
}) {
  const { t } = useTranslation('portal');
  const format = usePortalFormat(language);
  return (
    <section
      aria-labelledby="order-history-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="order-history-title" className="flex items-center gap-2 text-xl font-bold text-ink">
        <Receipt aria-hidden="true" className="size-5 text-brand-700" />
        {t('orders.title')}
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('orders.empty')}</p>
      ) : (
        <>
          <table className="mt-4 hidden w-full text-left text-sm sm:table">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('orders.number')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('orders.date')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('orders.items')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  {t('orders.amount')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('orders.status')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => (
                <tr key={order.orderNumber} className="align-top">
                  <th scope="row" className="py-3 pr-4 font-mono font-semibold whitespace-nowrap text-ink">
                    {order.orderNumber}
                  </th>
                  <td className="py-3 pr-4 whitespace-nowrap text-slate-700">
                    <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
                  </td>
                  <td className="py-3 pr-4 text-slate-700">
                    <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
                      {t(`orders.kinds.${order.kind}`)}
                    </span>
                    {format.orderItems(order, destinationOf)}
                  </td>
                  <td className="py-3 pr-4 text-right font-semibold whitespace-nowrap text-ink">
                    {formatPrice(order.totalCents, order.currency)}
                  </td>
                  <td className="py-3">
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="mt-3 divide-y divide-slate-100 sm:hidden">
            {orders.map((order) => (
              <li key={order.orderNumber} className="py-3">
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-mono text-sm font-semibold break-all text-ink">
                    <span className="sr-only">{t('orders.number')}: </span>
                    {order.orderNumber}
                  </p>
                  <p className="shrink-0 font-semibold text-ink">
                    <span className="sr-only">{t('orders.amount')}: </span>
                    {formatPrice(order.totalCents, order.currency)}
                  </p>
                </div>
                <p className="mt-0.5 text-sm break-words text-slate-700">
                  {t(`orders.kinds.${order.kind}`)} · {format.orderItems(order, destinationOf)}
                </p>
                <div className="mt-1.5 flex items-center justify-between gap-3">
                  <p className="text-sm text-slate-600">
                    <span className="sr-only">{t('orders.date')}: </span>
                    <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
                  </p>
                  <OrderStatusBadge status={order.status} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
