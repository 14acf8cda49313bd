import { useLocation } from 'wouter';
import { SetupAdminPage } from '../../features/auth/components/setup-admin-page.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/setup-admin#token=…` (noindex by path): the page of the one-time first-admin link
 * the server prints at start-up while no admin exists. The new admin, signed in, goes on to the
 * admin area.
 */
export function SetupAdminRoute() {
  usePageMeta({ kind: 'setup-admin' });
  const [, navigate] = useLocation();
  return <SetupAdminPage onCreated={() => navigate('/admin', { replace: true })} />;
}
