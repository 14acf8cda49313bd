import { matchRoute } from '@esim/contract/routes';

/** Header navigation: Home, Products, How it works, About us, Contact, Support. */
export const NAV_LINKS = [
  { href: '/', key: 'nav.home' },
  { href: '/products', key: 'nav.products' },
  { href: '/how-it-works', key: 'nav.howItWorks' },
  { href: '/about-us', key: 'nav.about' },
  { href: '/contact', key: 'nav.contact' },
  { href: '/support', key: 'nav.support' },
] as const;

/**
 * Whether a nav link is the current page, which the header highlights. Each link marks its own route only (one trailing slash ignored); Products also
 * marks a plan page (`/products/{id}`) and, when `destinationPage` says the path is a real
 * destination page, `/{lang}/{country}`. A path no route serves (the not-found screen, e.g.
 * `/en/nowhere-land`, `/xx/yy`, `/support/x`) marks none.
 *
 * @param href one of {@link NAV_LINKS}' hrefs.
 * @param path the current pathname, without query or fragment.
 * @param destinationPage whether `path` is a `/{lang}/{country}` page whose slug names a
 *   destination (see `useIsDestinationPage`); false while that is not known.
 */
export function isActiveLink(href: string, path: string, destinationPage = false): boolean {
  const match = matchRoute(path);
  if (href === '/products') {
    return (
      (match.kind === 'static' && match.path === '/products') ||
      match.kind === 'product' ||
      (match.kind === 'country' && destinationPage)
    );
  }
  return match.kind === 'static' && match.path === href;
}
