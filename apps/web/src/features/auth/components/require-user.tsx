import type { User } from '@esim/contract/auth';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUser } from '../api/get-user.ts';
import { signInPathFor } from '../hooks/next-path.ts';

type Render = ReactNode | ((user: User) => ReactNode);

/**
 * Shows `children` to a signed-in user only (a signed-out visitor is sent to /auth). While the
 * user loads: a spinner.
 * Signed out: `/auth?next=<this page>`, which comes back here after signing in. `children` may
 * be a function of the user.
 */
export function RequireUser({ children }: { children: Render }) {
  const { t } = useTranslation('auth');
  const { data: user, isPending, isError, refetch, isFetching } = useUser();
  if (isPending) return <Spinner label={t('guard.loading')} className="min-h-[60vh]" />;
  if (isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-slate-700">{t('guard.loadFailed')}</p>
        <Button className="mt-4" onClick={() => void refetch()} disabled={isFetching}>
          {t('guard.retry')}
        </Button>
      </div>
    );
  }
  if (!user) {
    return <Redirect to={signInPathFor(window.location.pathname + window.location.search)} replace />;
  }
  return <>{typeof children === 'function' ? children(user) : children}</>;
}

/**
 * Shows `children` to an admin only: a signed-out visitor is sent to
 * sign in (as {@link RequireUser}); a signed-in user without `isAdmin` sees 'Access Denied' /
 * 'Admin privileges required'. The server checks `isAdmin` on every admin call; this only
 * spares a non-admin a page of refusals.
 */
export function RequireAdmin({ children }: { children: Render }) {
  return (
    <RequireUser>
      {(user) => (user.isAdmin ? typeof children === 'function' ? children(user) : children : <AccessDenied />)}
    </RequireUser>
  );
}

/** 'Access Denied' with 'Admin privileges required', what a signed-in non-admin sees of the admin area. */
export function AccessDenied() {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-red-50 text-red-700">
        <ShieldAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">{t('guard.deniedTitle')}</h1>
      <p className="mt-3 text-lg font-medium text-slate-700">{t('guard.deniedBody')}</p>
      <p className="mt-2 text-slate-600">{t('guard.deniedHint')}</p>
      <Link href="/" className={buttonClass('outline', 'lg', 'mt-8')}>
        {t('guard.home')}
      </Link>
    </div>
  );
}
