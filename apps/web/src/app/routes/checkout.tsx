import { useTranslation } from 'react-i18next';
import { EmptyCart } from '../../features/cart/components/empty-cart.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The checkout page. With an empty cart there is nothing to pay for, so it shows the empty-cart
 * state with a link to /products; the checkout form arrives with the cart (next issue).
 */
export function CheckoutRoute() {
  usePageMeta({ kind: 'default' });
  const { t } = useTranslation('content');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('checkout.title')}</h1>
      <p className="mt-2 text-slate-600">{t('checkout.emptyLead')}</p>
      <EmptyCart />
    </div>
  );
}
