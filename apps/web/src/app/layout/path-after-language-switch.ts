import type { Language } from '@esim/contract/languages';
import { matchRoute } from '@esim/contract/routes';

/**
 * Where to go after switching language (`docs/product-rules.md#storefront-pages`): a
 * country page goes to the same country in the new language; home and /products go to
 * /products; every other page (the static pages, cart, checkout, auth, portal, admin) stays.
 */
export function pathAfterLanguageSwitch(path: string, lang: Language): string {
  const match = matchRoute(path);
  if (match.kind === 'country') return `/${lang}/${match.slug}`;
  if (path === '/' || path === '/products') return '/products';
  return path;
}
