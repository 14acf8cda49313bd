import { ArrowRight, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/ui/button.tsx';

/**
 * The empty-cart state: 'Your cart is empty' and a 'Browse plans' link to /products. Shared by
 * the cart and checkout pages; its heading is an h2 under the page's h1.
 */
export function EmptyCart() {
  const { t } = useTranslation('cart');
  return (
    <div className="mx-auto mt-8 flex max-w-lg flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ShoppingCart aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-5 text-xl font-bold">{t('empty.title')}</h2>
      <p className="mt-2 text-slate-600">{t('empty.body')}</p>
      <Link href="/products" className={buttonClass('primary', 'lg', 'mt-6 w-full sm:w-auto')}>
        {t('empty.browse')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
      <p className="mt-6 flex items-center gap-2 text-sm text-slate-600">
        <ShieldCheck aria-hidden="true" className="size-4 text-brand-700" />
        {t('empty.reassurance')}
      </p>
    </div>
  );
}
