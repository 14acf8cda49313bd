/** Header navigation (specification section 2): Home, Products, How it works, About us, Contact, Support. */
export const NAV_LINKS = [
  { href: '/', key: 'nav.home' },
  { href: '/products', key: 'nav.products' },
  { href: '/how-it-works', key: 'nav.howItWorks' },
  { href: '/about-us', key: 'nav.about' },
  { href: '/contact', key: 'nav.contact' },
  { href: '/support', key: 'nav.support' },
] as const;

/** Whether a nav link is the current page (Home only on `/`; Products also on plan and country pages). */
export function isActiveLink(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  if (href === '/products') return path.startsWith('/products') || /^\/[a-z]{2}\/[^/]+$/.test(path);
  return path === href || path.startsWith(`${href}/`);
}
