import type { User } from '@esim/contract/auth';
import { initialsOf } from '@esim/contract/initials';
import { useTranslation } from 'react-i18next';

/** Class names of the avatar button, shared by the eager placeholder and the real menu trigger. */
export const ACCOUNT_BUTTON_CLASS =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 data-[state=open]:bg-slate-100';

/** The name the account menu says it belongs to: first and last name, else the username. */
export function displayNameOf(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/**
 * The signed-in avatar: the initials of the contract's `initialsOf` in a circle,
 * and a spoken label naming the account and the menu.
 */
export function AccountButtonFace({ user }: { user: Pick<User, 'firstName' | 'lastName' | 'username'> }) {
  const { t } = useTranslation('common');
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold tracking-wide text-white"
      >
        {initialsOf(user)}
      </span>
      <span className="sr-only">{t('account.menuLabel', { name: displayNameOf(user) })}</span>
    </>
  );
}
