import { ProfilePage } from '../../features/auth/components/profile-page.tsx';
import { RequireUser } from '../../features/auth/components/require-user.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/profile`: signed in only; a signed-out visitor is sent to `/auth?next=/profile`, a spinner
 * shows while the user loads.
 */
export function ProfileRoute() {
  usePageMeta({ kind: 'profile' });
  return <RequireUser>{(user) => <ProfilePage user={user} />}</RequireUser>;
}
