import { LogIn, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The admin area (/admin, /admin/catalogue-sync, /admin/bulk-import, /admin/knowledge-base).
 * Accounts arrive in a later issue, so no one is an admin yet and every visitor sees 'Access
 * Denied' with 'Admin privileges required' (specification section 6) and a sign-in link.
 */
export function AdminRoute() {
  usePageMeta({ kind: 'default' });
  const { t } = useTranslation('content');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-red-50 text-red-700">
        <ShieldAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">{t('admin.title')}</h1>
      <p className="mt-3 text-lg font-medium text-slate-700">{t('admin.body')}</p>
      <p className="mt-2 text-slate-600">{t('admin.hint')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link href="/auth" className={buttonClass('primary', 'lg')}>
          <LogIn aria-hidden="true" className="size-4" />
          {t('admin.signIn')}
        </Link>
        <Link href="/" className={buttonClass('outline', 'lg')}>
          {t('admin.home')}
        </Link>
      </div>
    </div>
  );
}
