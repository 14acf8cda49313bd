import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { signInPathFor } from '../../features/auth/hooks/next-path.ts';
import { cn } from '../../lib/cn.ts';
import { NAV_LINKS, isActiveLink } from './nav-links.ts';
import { useIsDestinationPage } from './use-destination-page.ts';

/**
 * The side menu of small screens: the navigation
 * links with the current page marked, and Sign in when signed out. A modal dialog from the right that traps
 * focus, closes on Escape, on the overlay and on any link, and gives focus back to the menu
 * button (`onCloseAutoFocus`). Loaded lazily by the header.
 */
export default function MobileMenu({
  signedIn,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  /** Signed in: the avatar's menu holds the account links, so no 'Sign in' here. */
  signedIn: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: () => void;
}) {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const destinationPage = useIsDestinationPage(location);
  const setMenuOpen = onOpenChange;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onCloseAutoFocus();
          }}
          className="fixed inset-y-0 right-0 z-[10004] flex w-[min(20rem,85vw)] flex-col gap-4 bg-white p-5 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('nav.menu')}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-xl hover:bg-slate-100"
              aria-label={t('nav.closeMenu')}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('nav.menuDescription')}</Dialog.Description>
          <nav aria-label={t('nav.label')}>
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link) => {
                const active = isActiveLink(link.href, location, destinationPage);
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      onClick={() => setMenuOpen(false)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'block rounded-lg px-3 py-3 font-medium',
                        active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                      )}
                    >
                      {t(link.key)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {!signedIn && (
            <Link
              href={signInPathFor(location)}
              onClick={() => setMenuOpen(false)}
              className={buttonClass('primary', 'md', 'mt-auto')}
            >
              {t('auth.signIn')}
            </Link>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
