import type { User } from '@esim/contract/auth';
import { LayoutDashboard, LogOut, Smartphone, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useLogout } from '../../features/auth/api/logout.ts';
import { readApiError } from '../../lib/api-error.ts';
import { showToast } from '../../lib/toast.ts';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace, displayNameOf } from './account-button-face.tsx';

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/** Pages only a signed-in user can see: after logging out there, the visitor goes home. */
const PRIVATE_PATHS = /^\/(profile|admin)(\/|$)/;

/**
 * The account menu (radix DropdownMenu: the WAI-ARIA menu button pattern, arrow keys, Escape,
 * focus back on the avatar): My account (/portal), Profile (/profile), Admin panel (/admin,
 * admins only) and Log out, with 'Logged out' / 'Logout failed'. Loaded lazily by `AccountButton`; `defaultOpen` opens it at once after an early click.
 */
export default function AccountMenu({
  user,
  defaultOpen = false,
  focusTrigger = false,
  focusFirstItem = false,
}: {
  user: User;
  defaultOpen?: boolean;
  /** Focus the trigger on mount: the placeholder it replaces had the focus. */
  focusTrigger?: boolean;
  /** Opened from the keyboard before the code had arrived: start on the first item, as the menu button pattern does. */
  focusFirstItem?: boolean;
}) {
  const { t } = useTranslation('common');
  const [location, navigate] = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  useEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, [focusTrigger]);
  useEffect(() => {
    if (!focusFirstItem) return;
    // After the menu's own focus on open (the content), which runs in the same commit.
    const frame = window.requestAnimationFrame(() =>
      content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [focusFirstItem]);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void showToast('success', t('account.loggedOut'));
        if (PRIVATE_PATHS.test(location)) navigate('/');
      },
      onError: (error) => {
        const info = readApiError(error);
        const description = info ? (info.message ?? t('account.tryAgain')) : t('account.offline');
        void showToast('error', t('account.logoutFailed'), { description });
      },
    });

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={trigger} className={ACCOUNT_BUTTON_CLASS}>
        <AccountButtonFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          ref={content}
          className="z-[10002] w-64 max-w-[calc(100vw-16px)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-ink">{displayNameOf(user)}</span>
            <span className="block truncate text-xs text-slate-600">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link href="/portal">
              <Smartphone aria-hidden="true" className="size-4 text-slate-500" />
              {t('account.myAccount')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link href="/profile">
              <UserRound aria-hidden="true" className="size-4 text-slate-500" />
              {t('account.profile')}
            </Link>
          </DropdownMenu.Item>
          {user.isAdmin && (
            <DropdownMenu.Item asChild className={ITEM_CLASS}>
              <Link href="/admin">
                <LayoutDashboard aria-hidden="true" className="size-4 text-slate-500" />
                {t('account.admin')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM_CLASS} disabled={logout.isPending} onSelect={signOut}>
            <LogOut aria-hidden="true" className="size-4 text-slate-500" />
            {t('account.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
