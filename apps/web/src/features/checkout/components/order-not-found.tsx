import { Headset, PackageX, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button.tsx';

/**
 * The 'Order Not Found' screen: check the order number or contact
 * support. The page's h1; used by the checkout-success page (the confirmation page shows the
 * private page instead, `order-private.tsx`, which does not say whether the order exists).
 */
export function OrderNotFound() {
  const { t } = useTranslation('checkout');
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
