import { AuthPage } from '../../features/auth/components/auth-page.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/auth`: sign in, register, forgot password and the two-factor step, with `?next=` back to
 * where the visitor came from.
 */
export function AuthRoute() {
  usePageMeta({ kind: 'auth' });
  return <AuthPage />;
}
