import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { type MetaRoute, type PageMeta, pageMeta } from '@esim/contract/seo';
import { matchRoute } from '@esim/contract/routes';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';

/**
 * The admin area's screens (`/admin/orders`, `/admin/orders/{orderNumber}`, `/admin/knowledge-base`...):
 * the admin shell routes them and shows its own not-found, so the server answers 200 (noindex by
 * path, `seo.ts`). Kept out of the shared route table so that the storefront's bundle does not carry them.
 */
const ADMIN_SCREEN_PATH = /^\/admin\/[a-z][a-z-]{0,40}(?:\/[A-Za-z0-9-]{1,64})?\/?$/;

/**
 * The metadata (title, description, robots, canonical), HTTP status and hreflang alternates of a
 * path in a language (specification section 2 "Page metadata"): 404 for unknown paths,
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
    if (product) route = { kind: 'product', name: product.name.replace(/\s*\[(unlimited|prepaid)\]$/, '') };
    else {
      route = { kind: 'not-found' };
      status = 404;
    }
  } else if (match.kind === 'static') {
    if (match.path === '/how-it-works' || match.path === '/support' || match.path === '/cart') {
      route = { kind: match.path.slice(1) as 'how-it-works' | 'support' | 'cart' };
    }
  } else if (match.kind === 'unknown' && !ADMIN_SCREEN_PATH.test(pathname)) {
    route = { kind: 'not-found' };
    status = 404;
  }
  return { meta: pageMeta(pathname, lang, route), status, alternates };
}
