import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminList } from '../../../admin-kit/components/admin-list.tsx';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { EmptyState } from '../../../admin-kit/components/query-state.tsx';
import { RefreshButton } from '../../../admin-kit/components/refresh-button.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { useOrders } from '../api/get-orders.ts';
import { OrderFilterBar } from '../components/order-filter-bar.tsx';
import { OrdersList } from '../components/orders-list.tsx';
import { isFiltered, readFilters, writeFilters } from '../hooks/order-filters.ts';

/**
 * `/admin/orders`: every order, newest first, with filters applied on the server (statuses, kind,
 * payment method, dates, a line's country), a search by order number, e-mail, name or ICCID,
 * sorting, and "Load more" pages (keyset cursor). The view lives in the address
 * (`?status=pending,processing&q=…`), so it can be bookmarked and survives the back button.
 * Cards at 360 px, a table from `md` up; a failed read shows 'Failed to fetch orders' with the
 * status and the server's message, a failed "Load more" a toast.
 */
export default function OrdersPage() {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  const address = useAddressView('/admin/orders', readFilters);
  const filters = address.view;
  const list = useAdminList(useOrders(filters), (page) => page.orders, t('errors.fetchOrders'));
  const total = list.first?.total ?? list.items.length;

  return (
    <AdminPage
      title={t('list.title')}
      lead={t('list.lead')}
      actions={<RefreshButton query={list.query} label={t('list.refresh')} />}
    >
      <OrderFilterBar filters={filters} onChange={(next) => address.show(writeFilters(next))} />
      <div className="mt-4" aria-live="polite" aria-busy={list.query.isPending}>
        <AdminList
          list={list}
          errorTitle={t('errors.fetchOrders')}
          loadingLabel={t('list.loading')}
          empty={
            <EmptyState
              icon={<ReceiptText className="size-8" />}
              title={isFiltered(filters) ? t('list.noMatchTitle') : t('list.emptyTitle')}
            >
              {isFiltered(filters) ? t('list.noMatch') : t('list.empty')}
            </EmptyState>
          }
        >
          <p className="mb-3 text-sm text-slate-600">
            {t('list.showing', { shown: format.count(list.items.length), total: format.count(total), count: total })}
            {list.first?.searchedBy ? <span> · {t(`list.searchedBy.${list.first.searchedBy}`)}</span> : null}
          </p>
          <OrdersList orders={list.items} />
        </AdminList>
      </div>
    </AdminPage>
  );
}
