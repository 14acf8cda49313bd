import { parseLocalizedCountryPath } from './country-route.ts';
import { isLanguage } from './languages.ts';

/**
 * The storefront's route table (`docs/product-rules.md#storefront-pages`, and `/setup-admin`, the page of the first-admin link).
 * Shared so that the
 * server can answer unknown paths with status 404 and fill in the right metadata before the app
 * loads.
 */
export const STATIC_PATHS = [
  '/',
  '/products',
  '/cart',
  '/checkout',
  '/checkout/success',
  '/how-it-works',
  '/support',
  '/about-us',
  '/contact',
  '/terms-conditions',
  '/privacy',
  '/refund',
  '/cookies',
  '/faq',
  '/auth',
  '/profile',
  '/portal',
  '/portal/topup',
  '/portal/topup-confirmation',
  '/design-preview',
  '/email-preview',
  '/admin',
  '/admin/catalogue-sync',
  '/admin/bulk-import',
  '/admin/knowledge-base',
  '/setup-admin',
] as const;

export type StaticPath = (typeof STATIC_PATHS)[number];

/** What a path addresses. */
export type RouteMatch =
  | { kind: 'static'; path: StaticPath }
  | { kind: 'product'; id: number }
  | { kind: 'order'; orderNumber: string }
  | { kind: 'country'; lang: string; slug: string }
  | { kind: 'unknown' };

/** Classifies a pathname (without query) against the route table. */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((STATIC_PATHS as readonly string[]).includes(path)) return { kind: 'static', path: path as StaticPath };
  const product = /^\/products\/(\d{1,9})$/.exec(path);
  if (product?.[1]) return { kind: 'product', id: Number(product[1]) };
  const order = /^\/order-confirmation\/([A-Za-z0-9-]{1,64})$/.exec(path);
  if (order?.[1]) return { kind: 'order', orderNumber: order[1] };
  const country = parseLocalizedCountryPath(path, isLanguage);
  if (country) return { kind: 'country', ...country };
  return { kind: 'unknown' };
}
