import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { RequireAdmin } from '../../features/auth/components/require-user.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The admin area (/admin, /admin/catalogue-sync, /admin/bulk-import, /admin/knowledge-base):
 * admins only (specification section 6): signed-out visitors are sent to sign in, other users
 * see 'Access Denied' / 'Admin privileges required'. The area itself is the next issue; until
 * then an admin sees that it is coming.
 */
export function AdminRoute() {
  usePageMeta({ kind: 'default' });
  return (
    <RequireAdmin>
      <AdminPlaceholder />
    </RequireAdmin>
  );
}

function AdminPlaceholder() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <LayoutDashboard aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">{t('admin.title')}</h1>
      <p className="mt-3 text-slate-600">{t('admin.body')}</p>
      <Link href="/" className={buttonClass('outline', 'lg', 'mt-8')}>
        {t('guard.home')}
      </Link>
    </div>
  );
}
