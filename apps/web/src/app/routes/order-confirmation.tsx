import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Headset, PackageX, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The 'Order Not Found' state (specification section 8): check the order number or contact
 * support. The page's h1; shared by the order-confirmation and checkout-success pages.
 */
export function OrderNotFound() {
  const { t } = useTranslation('content');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
        <PackageX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">{t('order.notFound.title')}</h1>
      <p className="mt-3 text-lg text-slate-600">{t('order.notFound.body')}</p>
      <p className="mt-2 text-sm text-slate-600">{t('order.notFound.hint')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link href="/support" className={buttonClass('primary', 'lg')}>
          <Headset aria-hidden="true" className="size-4" />
          {t('order.notFound.support')}
        </Link>
        <Link href="/products" className={buttonClass('outline', 'lg')}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          {t('order.notFound.browse')}
        </Link>
      </div>
    </div>
  );
}

/** The few order fields this page can rely on before the order contract exists. */
interface OrderSummary {
  orderNumber: string;
  status?: string;
  createdAt?: Date;
}

/** Reads `{ order: {...} }` or a bare order defensively; the order response is not specified yet. */
function readOrder(data: unknown, fallbackNumber: string): OrderSummary {
  const root = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const order = typeof root.order === 'object' && root.order !== null ? (root.order as Record<string, unknown>) : root;
  const created = order.createdAt ?? order.date;
  const date = typeof created === 'string' ? new Date(created) : undefined;
  return {
    orderNumber: typeof order.orderNumber === 'string' ? order.orderNumber : fallbackNumber,
    ...(typeof order.status === 'string' ? { status: order.status } : {}),
    ...(date && !Number.isNaN(date.getTime()) ? { createdAt: date } : {}),
  };
}

/**
 * The order confirmation page (`/order-confirmation/{orderNumber}`): fetches
 * `GET /api/orders/{orderNumber}` and shows 'Order Not Found' on any error. The full view
 * (items, QR codes, activation details) arrives with the purchase flow.
 */
export function OrderConfirmationRoute() {
  usePageMeta({ kind: 'default' });
  const { t, i18n } = useTranslation('content');
  const { orderNumber = '' } = useParams<{ orderNumber: string }>();
  const query = useQuery({
    queryKey: [`/api/orders/${encodeURIComponent(orderNumber)}`],
    queryFn: ({ queryKey, signal }) => apiFetch<unknown>(String(queryKey[0]), { signal }),
    enabled: orderNumber !== '',
  });

  if (orderNumber === '' || query.isError) return <OrderNotFound />;
  if (query.isPending) return <Spinner label={t('order.loading')} className="min-h-[60vh]" />;

  const order = readOrder(query.data, orderNumber);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CheckCircle2 aria-hidden="true" className="size-9" />
        </span>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-ink">{t('order.found.title')}</h1>
        <p className="mt-3 text-slate-600">{t('order.found.body')}</p>
        <dl className="mt-8 divide-y divide-slate-100 rounded-xl bg-slate-50 px-5 text-left">
          <div className="flex flex-wrap justify-between gap-2 py-3">
            <dt className="text-slate-600">{t('order.found.number')}</dt>
            <dd className="font-mono font-semibold text-ink">{order.orderNumber}</dd>
          </div>
          {order.createdAt && (
            <div className="flex flex-wrap justify-between gap-2 py-3">
              <dt className="text-slate-600">{t('order.found.date')}</dt>
              <dd className="font-semibold text-ink">
                {new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(order.createdAt)}
              </dd>
            </div>
          )}
          {order.status && (
            <div className="flex flex-wrap justify-between gap-2 py-3">
              <dt className="text-slate-600">{t('order.found.status')}</dt>
              <dd className="font-semibold capitalize text-ink">{order.status}</dd>
            </div>
          )}
        </dl>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href="/portal" className={buttonClass('primary', 'lg')}>
            {t('order.found.portal')}
          </Link>
          <Link href="/how-it-works" className={buttonClass('outline', 'lg')}>
            {t('order.found.install')}
          </Link>
        </div>
      </div>
    </div>
  );
}
