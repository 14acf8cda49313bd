import { Menu, ShoppingCart } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { useUser } from '../../features/auth/api/get-user.ts';
import { signInPathFor } from '../../features/auth/hooks/next-path.ts';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { cn } from '../../lib/cn.ts';
import { AccountButton } from './account-button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { NAV_LINKS, isActiveLink } from './nav-links.ts';
import { useIsDestinationPage } from './use-destination-page.ts';

/** The side menu's dialog code loads on the first tap of the menu button (initial JS budget). */
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

/**
 * The sticky 70 px header (`docs/product-rules.md#storefront-pages`): logo linking home, navigation with the
 * current page highlighted, language switcher, cart icon with a badge above 0, Sign in button
 * (signed out) or the avatar with its account menu (signed in), and a side menu on small screens.
 */
export function Header() {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const destinationPage = useIsDestinationPage(location);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The badge counts quantities and is shown only above 0; it moves optimistically.
  const count = useCart().totalCount;
  // While the user loads, neither button, so that a signed-in visitor sees no 'Sign in' flash;
  // signed out or unreadable, 'Sign in'.
  const { data: user, isPending: userPending } = useUser();
  return (
    <header className="sticky top-0 z-50 h-[var(--header-height)] border-b border-slate-200/80 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link href="/" aria-label={t('nav.homeAria')} className="shrink-0 rounded-lg">
          <Logo />
        </Link>
        <nav aria-label={t('nav.label')} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => {
              const active = isActiveLink(link.href, location, destinationPage);
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
                {count > 99 ? '99+' : count}
              </span>
            )}
          </Link>
          {user ? (
            <AccountButton user={user} />
          ) : !userPending ? (
            <Link
              href={signInPathFor(location)}
              className={buttonClass('primary', 'sm', 'whitespace-nowrap max-sm:hidden')}
            >
              {t('auth.signIn')}
            </Link>
          ) : null}
          <button
            ref={menuButton}
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label={t('nav.openMenu')}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileMenu
                signedIn={Boolean(user)}
                open={menuOpen}
                onOpenChange={setMenuOpen}
                onCloseAutoFocus={() => menuButton.current?.focus()}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
