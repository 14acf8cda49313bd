import type { User } from '@esim/contract/auth';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';
import { SessionsList } from './sessions-list.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * The profile page (`/profile`, signed in): personal details, change password,
 * two-factor authentication and the active sessions. Wrapped in `RequireUser` by its route.
 */
export function ProfilePage({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">{t('profile.title')}</h1>
      <p className="mt-2 text-slate-600">{t('profile.lead', { username: user.username })}</p>
      <div className="mt-8 space-y-6">
        <ProfileDetailsForm user={user} />
        <ChangePasswordForm username={user.username} />
        <TwoFactorSection user={user} />
        <SessionsList />
      </div>
    </div>
  );
}
