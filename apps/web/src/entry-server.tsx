/**
 * The storefront's server rendering (decision record 0022), built by Vite's SSR build
 * into `apps/web/dist-ssr/entry-server.js` and called by the API server for every public page
 * (`apps/api/src/plugins/ssr.ts`). The page is rendered with React 19's `prerenderToNodeStream`,
 * which waits for the lazy screen and its data, so the HTML holds the whole visible page.
 */
import type { Cart } from '@esim/contract/cart';
import type { Country, CountriesResponse, ProductResponse, ProductsResponse } from '@esim/contract/catalog';
import type { Language } from '@esim/contract/languages';
import { GLOBAL, GLOBAL_SLUG, regionBySlug } from '@esim/contract/regions';
import { type QueryClient, dehydrate } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static.edge';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { App } from './app/app.tsx';
import { preloadFooter } from './app/layout/footer-slot.tsx';
import { routeFor } from './app/router.tsx';
import { CART_QUERY_KEY } from './features/cart/api/get-cart.ts';
import { countriesQueryOptions } from './features/catalog/api/get-countries.ts';
import { destinationName, indexByCode } from './features/catalog/hooks/destination-names.ts';
import { billingCountriesKey, billingCountryOptions } from './features/checkout/hooks/billing-countries.ts';
import { productQueryOptions } from './features/catalog/api/get-product.ts';
import { productsQueryOptions } from './features/catalog/api/get-products.ts';
import { PLAN_LIST_PREVIEW_KEY, planListPreview } from './features/catalog/api/plan-list-preview.ts';
import { NAMESPACES } from './lib/i18n-namespaces.ts';
import type { InitialTexts } from './lib/i18n-texts.ts';
import { PAYMENTS_CONFIG_KEY } from './components/payment/payments-config.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { SsrState } from './ssr-state.ts';

/** Every storefront text, by language and namespace (the admin area's are never server-rendered). */
const TEXTS: InitialTexts = {};
for (const [file, texts] of Object.entries(
  import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/admin*.json'], {
    eager: true,
    import: 'default',
  }),
)) {
  const [, lang, ns] = /\.\/locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(file) ?? [];
  if (lang && ns) (TEXTS[lang] ??= {})[ns] = texts;
}

/**
 * Reads one API response (`GET /api/countries`, `/api/products?...`, `/api/products/{id}`,
 * `/api/cart` with the visitor's `x-session-id`) in the server's own process. Resolves
 * `undefined` when the API answers anything but 200.
 */
export type FetchJson = (path: string, headers?: Record<string, string>) => Promise<unknown>;

/** What the server asks for: the path and query string, the page's language, and the visitor's session for the cart. */
export interface RenderRequest {
  /** Path with query string, as requested (`/tr/turkey`, `/products?view=all`). */
  url: string;
  lang: Language;
  fetchJson: FetchJson;
  /**
   * For the pages that show the cart (`/cart`, `/checkout`): the visitor's session id from the
   * `visitor_session` cookie, or `null` for a visitor without one, whose cart is empty. Left out
   * elsewhere: the cart is then fetched by the browser.
   */
  cartSession?: string | null;
}

/** The cart of a visitor who has no session yet (what `GET /api/cart` answers for a new session). */
const EMPTY_CART: Cart = { items: [], totalCount: 0, totalCents: 0, currency: 'USD' };

/** The screens that show the visitor's cart in their first render. */
const CART_SCREENS = /\/routes\/(?:cart|checkout)\.tsx$/;

/**
 * The screens whose first render shows the payment form, which needs the store's payment methods
 * (`GET /api/payments/config`, the same for every visitor): with them in the page, the server
 * renders the whole form and the browser only hydrates it, instead of rendering a skeleton that
 * the browser replaces with the form in one long task (decision record 0028).
 */
const PAYMENT_SCREENS = /\/routes\/checkout\.tsx$/;

/**
 * The information screens, whose first render shows nothing from the destination list
 * (`GET /api/countries`, some 60 kB of JSON): their pages leave it out of the state the browser
 * parses before it hydrates (decision record 0028). Every other screen gets it, so a screen that
 * starts using the list renders from it on the server without further ado.
 */
const SCREENS_WITHOUT_DESTINATIONS = /\/routes\/(how-it-works|support|contact|faq|policy)\.tsx$/;

/**
 * Puts the visitor's cart in the query cache for a cart screen: the empty cart for a visitor
 * without a session, the session's cart otherwise. Returns the session the cart belongs to
 * (`null`: none), or `undefined` when the cart was not rendered (another screen, or the API
 * did not answer), in which case the browser fetches it.
 */
async function prefetchCart(
  queryClient: QueryClient,
  module: string,
  session: string | null | undefined,
  fetchJson: FetchJson,
): Promise<string | null | undefined> {
  if (session === undefined || !CART_SCREENS.test(module)) return undefined;
  const cart =
    session === null ? EMPTY_CART : ((await fetchJson('/api/cart', { 'x-session-id': session })) as Cart | undefined);
  if (!cart) return undefined;
  queryClient.setQueryData(CART_QUERY_KEY, cart);
  return session;
}

/** A rendered page: the markup of `#root`, the state for hydration and the screen's module (Vite manifest key). */
export interface RenderedPage {
  html: string;
  state: SsrState;
  module: string;
}

/** The destination code a `/{lang}/{slug}` page lists plans for (as `routes/country.tsx` resolves it). */
function destinationCode(slug: string, countries: readonly Country[]): string | undefined {
  const key = slug.toLowerCase();
  const listed = countries.find((c) => c.slug === key);
  if (listed) return listed.code;
  return regionBySlug(key)?.name ?? (key === GLOBAL_SLUG ? GLOBAL : undefined);
}

/**
 * Fills the query cache with the catalogue data the page renders from, under the same keys as
 * the browser's queries (`features/catalog/api`), so the render and the hydration agree. A failed
 * read leaves its query empty: the page renders its loading state and the browser fetches.
 */
async function prefetch(
  queryClient: QueryClient,
  pathname: string,
  module: string,
  lang: Language,
  fetchJson: FetchJson,
) {
  if (SCREENS_WITHOUT_DESTINATIONS.test(module)) return;
  const countries = ((await fetchJson('/api/countries')) as CountriesResponse | undefined)?.countries;
  if (countries) queryClient.setQueryData(countriesQueryOptions().queryKey, countries);
  const products = async (params: { country?: string }) => {
    const query = new URLSearchParams(params).toString();
    const body = (await fetchJson(`/api/products${query ? `?${query}` : ''}`)) as ProductsResponse | undefined;
    if (body) queryClient.setQueryData(productsQueryOptions(params).queryKey, body.products);
  };
  if (PAYMENT_SCREENS.test(module)) {
    const config = await fetchJson('/api/payments/config');
    if (config) queryClient.setQueryData(PAYMENTS_CONFIG_KEY, config);
    const byCode = indexByCode(countries);
    const nameOf = (code: string) => destinationName(code, lang, byCode);
    queryClient.setQueryData(billingCountriesKey(lang), billingCountryOptions(nameOf, lang));
  }
  if (module.endsWith('/country.tsx')) {
    const code = destinationCode(pathname.split('/')[2] ?? '', countries ?? []);
    if (code) await products({ country: code });
  } else if (module.endsWith('/all-plans.tsx')) {
    // Every plan is 3 MB of JSON: the page gets its first page and filter counts instead.
    const body = (await fetchJson('/api/products')) as ProductsResponse | undefined;
    if (body) queryClient.setQueryData(PLAN_LIST_PREVIEW_KEY, planListPreview(body.products));
  } else if (module.endsWith('/product-details.tsx')) {
    const id = Number(pathname.split('/')[2]);
    if (Number.isSafeInteger(id) && id > 0) {
      const body = (await fetchJson(`/api/products/${id}`)) as ProductResponse | undefined;
      if (body) queryClient.setQueryData(productQueryOptions(id).queryKey, body.product);
    }
  }
}

/**
 * Renders `element` whole with React's web-streams renderer (`react-dom/static.edge`). Not the
 * Node build (`prerenderToNodeStream`): it keeps each render in an `AsyncLocalStorage`, and once
 * one is used Node runs a hook for every promise the process creates, which made every later
 * API request slower (the catalogue reads by a third; decision record 0028). The edge build
 * looks for a global `AsyncLocalStorage`, which Node does not have, and needs none here.
 */
async function renderToString(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element, {
    // No boundary is outlined (a large one would need an inline script to be revealed, which the
    // CSP forbids): the whole page arrives in document order.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      // Errors inside Suspense boundaries are rendered by the browser instead; log, don't fail.
      console.error('Server rendering error', error);
    },
  });
  return new Response(prelude).text();
}

/**
 * Renders one page of the storefront in `lang`: loads its catalogue data through `fetchJson`,
 * renders the layout and the screen with a fresh i18next instance and query cache, and returns
 * the markup with the state the browser hydrates from (the texts of the namespaces the render
 * used, in that language only, and the catalogue queries).
 *
 * @throws when React cannot render the shell (the server then sends the page unrendered).
 */
export async function render({ url, lang, fetchJson, cartSession }: RenderRequest): Promise<RenderedPage> {
  const [pathname = '/', search = ''] = url.split('?');
  const { module, page } = routeFor(pathname, search);
  const queryClient = createQueryClient();
  const i18n = createInstance();
  const [, renderedCartSession] = await Promise.all([
    prefetch(queryClient, pathname, module, lang, fetchJson),
    prefetchCart(queryClient, module, cartSession, fetchJson),
    page.preload(),
    preloadFooter(),
    i18n.init({
      resources: TEXTS,
      lng: lang,
      fallbackLng: 'en',
      supportedLngs: Object.keys(TEXTS),
      ns: [...NAMESPACES.filter((ns) => !ns.startsWith('admin'))],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    }),
  ]);
  const html = await renderToString(
    <I18nextProvider i18n={i18n}>
      <Router ssrPath={pathname} ssrSearch={search}>
        <App queryClient={queryClient} />
      </Router>
    </I18nextProvider>,
  );
  // react-i18next records the namespaces each useTranslation() asked for on the instance.
  const reporter = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
  const used = reporter?.getUsedNamespaces() ?? ['common'];
  const texts: InitialTexts = { [lang]: {} };
  for (const ns of used) {
    const bundle = TEXTS[lang]?.[ns];
    if (bundle) texts[lang]![ns] = bundle;
  }
  const state: SsrState = { lang, texts, queries: dehydrate(queryClient) };
  if (renderedCartSession !== undefined) state.cartSession = renderedCartSession;
  return { html, state, module };
}
