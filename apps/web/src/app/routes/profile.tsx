import { Redirect } from 'wouter';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The profile page (DESIGN.md section 5 registers `/profile`). Accounts arrive in a later issue;
 * until then nobody is signed in, and signed-out visitors on protected routes are redirected to
 * /auth (specification section 6).
 */
export function ProfileRoute() {
  usePageMeta({ kind: 'default' });
  return <Redirect to="/auth" replace />;
}
