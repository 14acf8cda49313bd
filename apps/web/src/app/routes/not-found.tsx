import { Compass, Headset, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The not-found screen (`docs/product-rules.md#storefront-pages`): '404 Page Not Found', 'Did you forget to add
 * the page to the router?' and a way back to the store. Marked noindex through its metadata.
 */
export function NotFoundRoute() {
  usePageMeta({ kind: 'not-found' });
  const { t } = useTranslation('common');
  const { t: tContent } = useTranslation('content');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-lg text-slate-600">{t('notFound.body')}</p>
      <p className="mt-2 text-slate-600">{tContent('notFound.hint')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link href="/" className={buttonClass('primary', 'lg')}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          {t('notFound.home')}
        </Link>
        <Link href="/support" className={buttonClass('outline', 'lg')}>
          <Headset aria-hidden="true" className="size-4" />
          {t('actions.contactSupport')}
        </Link>
      </div>
    </div>
  );
}
