import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { type MetaRoute, type PageMeta, pageMeta } from '@esim/contract/seo';
import { type StaticPath, matchRoute } from '@esim/contract/routes';
import type { CatalogService } from '../modules/catalog/catalog.module.ts';
import { productPlanName } from '../lib/plan-names.ts';

/**
 * The metadata kind of each fixed path (each page its own title and description), as the web app's route components pass it to `usePageMeta`. Admin screens are
 * titled by the admin shell in the browser; the server sends the admin area's own title.
 */
const STATIC_ROUTES: Record<StaticPath, MetaRoute> = {
  '/': { kind: 'default' },
  '/products': { kind: 'products' },
  '/cart': { kind: 'cart' },
  '/checkout': { kind: 'checkout' },
  '/checkout/success': { kind: 'checkout-success' },
  '/how-it-works': { kind: 'how-it-works' },
  '/support': { kind: 'support' },
  '/about-us': { kind: 'about' },
  '/contact': { kind: 'contact' },
  '/terms-conditions': { kind: 'terms' },
  '/privacy': { kind: 'privacy' },
  '/refund': { kind: 'refund' },
  '/cookies': { kind: 'cookies' },
  '/faq': { kind: 'faq' },
  '/auth': { kind: 'auth' },
  '/profile': { kind: 'profile' },
  '/portal': { kind: 'portal' },
  '/portal/topup': { kind: 'topup' },
  '/portal/topup-confirmation': { kind: 'topup-confirmation' },
  '/design-preview': { kind: 'preview' },
  '/email-preview': { kind: 'preview' },
  '/admin': { kind: 'admin', section: 'Admin' },
  '/admin/catalogue-sync': { kind: 'admin', section: 'Admin' },
  '/admin/bulk-import': { kind: 'admin', section: 'Admin' },
  '/admin/knowledge-base': { kind: 'admin', section: 'Admin' },
  '/setup-admin': { kind: 'setup-admin' },
};

/**
 * The admin area's screens (`/admin/orders`, `/admin/orders/{orderNumber}`, `/admin/knowledge-base`...):
 * the admin shell routes them and shows its own not-found, so the server answers 200 (noindex by
 * path, `seo.ts`). Kept out of the shared route table so that the storefront's bundle does not carry them.
 */
const ADMIN_SCREEN_PATH = /^\/admin\/[a-z][a-z-]{0,40}(?:\/[A-Za-z0-9-]{1,64})?\/?$/;

/**
 * The metadata (title, description, robots, canonical), HTTP status and hreflang alternates of a
 * path in a language (docs/product-rules.md#languages): 404 for unknown paths,
 * destinations and plans; admin screens are 200 (the admin shell shows its own not-found).
 */
export async function resolveRouteMeta(
  catalog: CatalogService,
  pathname: string,
  lang: Language,
): Promise<{ meta: PageMeta; status: number; alternates: { lang: string; path: string }[] }> {
  const match = matchRoute(pathname);
  let route: MetaRoute = { kind: 'default' };
  let alternates: { lang: string; path: string }[] = [];
  let status = 200;
  if (match.kind === 'country') {
    const country = (await catalog.destinations()).find((c) => c.slug === match.slug);
    if (country) {
      route = { kind: 'country', name: country.names[lang] };
      alternates = LANGUAGE_CODES.map((l) => ({ lang: l, path: `/${l}/${country.slug}` }));
    } else {
      route = { kind: 'not-found' };
      status = 404;
    }
  } else if (match.kind === 'product') {
    const product = await catalog.getProduct(match.id);
    if (product) {
      // The destination's name as the country pages show it, so the title matches the page's heading.
      const destination = (await catalog.destinations()).find((c) => c.code === product.countryCode);
      route = { kind: 'product', name: productPlanName(product, lang, destination?.names[lang]) };
    } else {
      route = { kind: 'not-found' };
      status = 404;
    }
  } else if (match.kind === 'static') {
    route = STATIC_ROUTES[match.path];
  } else if (match.kind === 'order') {
    route = { kind: 'order' };
  } else if (ADMIN_SCREEN_PATH.test(pathname)) {
    route = { kind: 'admin', section: 'Admin' };
  } else {
    route = { kind: 'not-found' };
    status = 404;
  }
  return { meta: pageMeta(pathname, lang, route), status, alternates };
}
