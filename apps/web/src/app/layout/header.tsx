import { Menu, ShoppingCart, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { NAV_LINKS, isActiveLink } from './nav-links.ts';

/**
 * Number of items in the cart for the header badge. The server-side cart arrives with the
 * purchase issue; until then the count is 0 and the badge stays hidden (shown only above 0).
 */
function useCartCount(): number {
  return 0;
}

/**
 * The sticky 70 px header (specification section 2): logo linking home, navigation with the
 * current page highlighted, language switcher, cart icon with a badge above 0, Sign in button,
 * and a side menu on small screens.
 */
export function Header() {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const count = useCartCount();
  return (
    <header className="sticky top-0 z-50 h-[var(--header-height)] border-b border-slate-200/80 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link href="/" aria-label={t('nav.homeAria')} className="shrink-0 rounded-lg">
          <Logo />
        </Link>
        <nav aria-label={t('nav.label')} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => {
              const active = isActiveLink(link.href, location);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      active ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-ink',
                    )}
                  >
                    {t(link.key)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1">
          <LanguageSwitcher />
          <Link
            href="/cart"
            className="relative inline-flex size-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100"
            aria-label={count > 0 ? t('cart.labelWithCount', { count }) : t('cart.label')}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            {count > 0 && (
              <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-bold leading-5 text-white">
                {count}
              </span>
            )}
          </Link>
          <Link href="/auth" className={buttonClass('primary', 'sm', 'whitespace-nowrap max-sm:hidden')}>
            {t('auth.signIn')}
          </Link>
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 lg:hidden"
              aria-label={t('nav.openMenu')}
            >
              <Menu aria-hidden="true" className="size-6" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
              <Dialog.Content className="fixed inset-y-0 right-0 z-[10004] flex w-[min(20rem,85vw)] flex-col gap-4 bg-white p-5 shadow-xl">
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
                      const active = isActiveLink(link.href, location);
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
                <Link href="/auth" onClick={() => setMenuOpen(false)} className={buttonClass('primary', 'md', 'mt-auto')}>
                  {t('auth.signIn')}
                </Link>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </header>
  );
}
