import { AuthPage } from '../../features/auth/components/auth-page.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/auth`: sign in, register, forgot password and the two-factor step (specification section 2
 * "Auth page"; issue 9), with `?next=` back to where the visitor came from.
 */
export function AuthRoute() {
  usePageMeta({ kind: 'auth' });
  return <AuthPage />;
}
