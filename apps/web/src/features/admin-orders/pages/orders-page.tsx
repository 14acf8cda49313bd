import { ReceiptText, RotateCw } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { toastAdminFailure } from '../../admin/admin-error.ts';
import { AdminPage } from '../../admin/components/admin-page.tsx';
import { EmptyState, LoadMore, QueryError } from '../../admin/components/query-state.tsx';
import { useAdminFormat } from '../../admin/hooks/use-admin-format.ts';
import { useOrders } from '../api/get-orders.ts';
import { OrderFilterBar } from '../components/order-filter-bar.tsx';
import { OrdersList } from '../components/orders-list.tsx';
import { type OrderFilters, isFiltered, readFilters, writeFilters } from '../hooks/order-filters.ts';

/**
 * `/admin/orders` (issue 10 "Orders"): every order, newest first, with server-side filters
 * (statuses, kind, payment method, dates, a line's country), a search by order number, e-mail,
 * name or ICCID, sorting, and "Load more" pages (keyset cursor). The view lives in the address
 * (`?status=pending,processing&q=…`), so it can be bookmarked and survives the back button.
 * Cards at 360 px, a table from `md` up; empty and error states ('Failed to fetch orders' with the
 * status and the server's message; a failed "Load more" is a toast).
 */
export default function OrdersPage() {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => readFilters(search), [search]);
  const query = useOrders(filters);
  const orders = query.data?.pages.flatMap((p) => p.orders) ?? [];
  const first = query.data?.pages[0];

  const update = (next: OrderFilters) => {
    const text = writeFilters(next);
    navigate(`/admin/orders${text ? `?${text}` : ''}`, { replace: true });
  };

  // A failed "Load more" keeps the pages already shown and says so in a toast.
  const pageError = query.isFetchNextPageError ? query.error : null;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (pageError && reported.current !== pageError) {
      reported.current = pageError;
      toastAdminFailure(t('errors.fetchOrders'), pageError, t('admin:offline'));
    }
  }, [pageError, t]);

  return (
    <AdminPage
      title={t('list.title')}
      lead={t('list.lead')}
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
          aria-busy={query.isFetching}
        >
          <RotateCw aria-hidden="true" className={cn('size-4', query.isFetching && 'animate-spin')} />
          {t('list.refresh')}
        </Button>
      }
    >
      <OrderFilterBar filters={filters} onChange={update} />
      <div className="mt-4" aria-live="polite" aria-busy={query.isPending}>
        {query.isPending ? (
          <Spinner label={t('list.loading')} className="min-h-[30vh]" />
        ) : query.isError && !query.data ? (
          <QueryError
            title={t('errors.fetchOrders')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : orders.length === 0 ? (
          <EmptyState
            icon={<ReceiptText className="size-8" />}
            title={isFiltered(filters) ? t('list.noMatchTitle') : t('list.emptyTitle')}
          >
            {isFiltered(filters) ? t('list.noMatch') : t('list.empty')}
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">
              {t('list.showing', {
                shown: format.count(orders.length),
                total: format.count(first?.total ?? orders.length),
                count: first?.total ?? orders.length,
              })}
              {first?.searchedBy ? <span> · {t(`list.searchedBy.${first.searchedBy}`)}</span> : null}
            </p>
            <OrdersList orders={orders} />
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoad={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
    </AdminPage>
  );
}
