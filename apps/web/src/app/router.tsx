import { isCountrySlugCandidate, isExcludedPath } from '@esim/contract/country-route';
import { isLanguage } from '@esim/contract/languages';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch, matchRoute, useLocation, useSearch } from 'wouter';
import { isAllPlansSearch } from '../features/catalog/all-plans-search.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

/** Attempts at loading a screen's chunk before its error shows (a weak roaming connection drops some). */
export const ROUTE_LOAD_ATTEMPTS = 3;
/** Pause before the second attempt; doubled before each later one (ms). */
export const ROUTE_RETRY_DELAY_MS = 500;

/**
 * Calls `load` up to {@link ROUTE_LOAD_ATTEMPTS} times, waiting {@link ROUTE_RETRY_DELAY_MS} and
 * then twice as long between attempts: a chunk lost to a flaky connection is fetched again.
 *
 * @throws the last attempt's error.
 */
export async function withRetries<T>(
  load: () => Promise<T>,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= ROUTE_LOAD_ATTEMPTS) throw error;
      await wait(ROUTE_RETRY_DELAY_MS * 2 ** (attempt - 1));
    }
  }
}

/** Resets of the screens' lazy components after a failed load ({@link forgetFailedRoutes}). */
const resetters = new Set<() => void>();

/** A lazily loaded screen that can also be loaded ahead of rendering (hydration, link hover). */
type LazyPage = ComponentType<object> & { preload: () => Promise<unknown> };

/**
 * Lazily loads a named export of a route module (every screen is lazy), retrying a
 * failed download. Once the module is loaded (`preload()`, awaited by the server's render and
 * before hydration), the screen renders without suspending: a suspended screen in the server's
 * render would need an inline script to be revealed, which the CSP forbids. A load that still
 * fails is forgotten, so the route's error boundary can try again (its retry button) instead of
 * replaying the failure.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPage {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<object> | undefined;
  const preload = (): Promise<M> => {
    loading ??= withRetries(load).then(
      (module) => {
        loaded = module[name] as ComponentType<object>;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const makeLazy = () => lazy(async () => ({ default: (await preload())[name] as ComponentType<object> }));
  let Lazy = makeLazy();
  // A failed lazy() remembers its error: a fresh one is made for the retry.
  resetters.add(() => {
    if (!loaded) Lazy = makeLazy();
  });
  function Page(props: object) {
    const Screen = loaded ?? Lazy;
    return <Screen {...props} />;
  }
  return Object.assign(Page, { preload });
}

const ProductsRoute = page(() => import('./routes/products.tsx'), 'ProductsRoute');
const AllPlansRoute = page(() => import('./routes/all-plans.tsx'), 'AllPlansRoute');
const ProductDetailsRoute = page(() => import('./routes/product-details.tsx'), 'ProductDetailsRoute');
const CountryRoute = page(() => import('./routes/country.tsx'), 'CountryRoute');
const HowItWorksRoute = page(() => import('./routes/how-it-works.tsx'), 'HowItWorksRoute');
const SupportRoute = page(() => import('./routes/support.tsx'), 'SupportRoute');
const AboutRoute = page(() => import('./routes/about.tsx'), 'AboutRoute');
const ContactRoute = page(() => import('./routes/contact.tsx'), 'ContactRoute');
const FaqRoute = page(() => import('./routes/faq.tsx'), 'FaqRoute');
const PolicyRoute = page(() => import('./routes/policy.tsx'), 'PolicyRoute');
const CartRoute = page(() => import('./routes/cart.tsx'), 'CartRoute');
const CheckoutRoute = page(() => import('./routes/checkout.tsx'), 'CheckoutRoute');
const CheckoutSuccessRoute = page(() => import('./routes/checkout-success.tsx'), 'CheckoutSuccessRoute');
const OrderConfirmationRoute = page(() => import('./routes/order-confirmation.tsx'), 'OrderConfirmationRoute');
const AuthRoute = page(() => import('./routes/auth.tsx'), 'AuthRoute');
const ProfileRoute = page(() => import('./routes/profile.tsx'), 'ProfileRoute');
const PortalRoute = page(() => import('./routes/portal.tsx'), 'PortalRoute');
const PortalTopupRoute = page(() => import('./routes/portal-topup.tsx'), 'PortalTopupRoute');
const PortalTopupConfirmationRoute = page(
  () => import('./routes/portal-topup-confirmation.tsx'),
  'PortalTopupConfirmationRoute',
);
const AdminRoute = page(() => import('./routes/admin.tsx'), 'AdminRoute');
const SetupAdminRoute = page(() => import('./routes/setup-admin.tsx'), 'SetupAdminRoute');
const PreviewRoute = page(() => import('./routes/preview.tsx'), 'PreviewRoute');
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute');

/** One entry of the route table: its path pattern, screen and source module (the build manifest's key). */
export interface RouteEntry {
  path: string;
  page: LazyPage;
  /** The screen's module as the Vite manifest names it, for `<link rel="modulepreload">`. */
  module: string;
  /** Rendered without route parameters (the four policy pages share one screen). */
  plain: boolean;
  /** Matches only when the query string passes this test (`/products?view=all`). */
  search?: (search: string) => boolean;
}

function entry(
  path: string,
  screen: LazyPage,
  file: string,
  { plain = false, search }: { plain?: boolean; search?: (search: string) => boolean } = {},
): RouteEntry {
  return { path, page: screen, module: `src/app/routes/${file}.tsx`, plain, ...(search && { search }) };
}

/**
 * The route table (`docs/product-rules.md#storefront-pages`) and `/setup-admin` (the first-admin link), in match order; `/{lang}/{country}` and the not-found screen follow.
 */
const ROUTES: readonly RouteEntry[] = [
  // The general plan list is a screen of its own: the home page never loads its code.
  entry('/', AllPlansRoute, 'all-plans', { search: isAllPlansSearch }),
  entry('/products', AllPlansRoute, 'all-plans', { search: isAllPlansSearch }),
  entry('/', ProductsRoute, 'products'),
  entry('/products', ProductsRoute, 'products'),
  entry('/products/:id', ProductDetailsRoute, 'product-details'),
  entry('/cart', CartRoute, 'cart'),
  entry('/checkout', CheckoutRoute, 'checkout'),
  entry('/checkout/success', CheckoutSuccessRoute, 'checkout-success'),
  entry('/order-confirmation/:orderNumber', OrderConfirmationRoute, 'order-confirmation'),
  entry('/how-it-works', HowItWorksRoute, 'how-it-works'),
  entry('/support', SupportRoute, 'support'),
  entry('/about-us', AboutRoute, 'about'),
  entry('/contact', ContactRoute, 'contact'),
  entry('/faq', FaqRoute, 'faq'),
  entry('/terms-conditions', PolicyRoute, 'policy', { plain: true }),
  entry('/privacy', PolicyRoute, 'policy', { plain: true }),
  entry('/refund', PolicyRoute, 'policy', { plain: true }),
  entry('/cookies', PolicyRoute, 'policy', { plain: true }),
  entry('/auth', AuthRoute, 'auth'),
  entry('/profile', ProfileRoute, 'profile'),
  entry('/portal', PortalRoute, 'portal'),
  entry('/portal/topup', PortalTopupRoute, 'portal-topup'),
  entry('/portal/topup-confirmation', PortalTopupConfirmationRoute, 'portal-topup-confirmation'),
  entry('/admin', AdminRoute, 'admin'),
  entry('/admin/*', AdminRoute, 'admin'),
  entry('/setup-admin', SetupAdminRoute, 'setup-admin'),
  entry('/design-preview', PreviewRoute, 'preview'),
];

const COUNTRY_ROUTE = entry('/:lang/:country', CountryRoute, 'country');
const NOT_FOUND_ROUTE = entry('', NotFoundRoute, 'not-found');

/** `/{lang}/{country}` matcher with the slug rules and exclusions of `@esim/contract/country-route`. */
function isCountryPath(params: { lang?: string; country?: string }, path: string): boolean {
  return isLanguage(params.lang) && isCountrySlugCandidate(params.country) && !isExcludedPath(path);
}

/**
 * Wouter's pattern parser for the patterns of this table: `:name` segments and a trailing `/*`
 * (wouter's default parser is not exported; the table uses nothing else).
 */
function parsePattern(route: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = route
    .split('/')
    .map((part) => {
      if (part === '*') {
        keys.push('wild');
        return '(.*)';
      }
      if (part.startsWith(':')) {
        keys.push(part.slice(1));
        return '([^/]+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), keys };
}

/** The route entries that apply to a query string (`search`, with or without its `?`). */
function routesFor(search: string): readonly RouteEntry[] {
  return ROUTES.filter((candidate) => !candidate.search || candidate.search(search));
}

/**
 * The screen that renders `pathname` with the query string `search`: its route entry, the
 * country route for `/{lang}/{country}` candidates, or the not-found screen. Used to load the
 * screen's chunk before hydration (`boot.tsx`) and to name the chunks the server preloads
 * (`entry-server.tsx`).
 */
export function routeFor(pathname: string, search = ''): RouteEntry {
  for (const candidate of routesFor(search)) {
    if (matchRoute(parsePattern, candidate.path, pathname)[0]) return candidate;
  }
  const [isMatch, params] = matchRoute(parsePattern, COUNTRY_ROUTE.path, pathname);
  if (isMatch && isCountryPath(params as { lang?: string; country?: string }, pathname)) return COUNTRY_ROUTE;
  return NOT_FOUND_ROUTE;
}

/** Makes every screen that failed to load try again on its next render (the route error's retry). */
export function forgetFailedRoutes(): void {
  for (const reset of resetters) reset();
}

/**
 * The route table inside the layout: a spinner while a screen's chunk loads, and the route error
 * boundary, which keeps the header and footer when a screen fails to load or render.
 */
export function AppRouter() {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const search = useSearch();
  return (
    <RouteErrorBoundary resetKey={location} onRetry={forgetFailedRoutes}>
      <Suspense fallback={<Spinner label={t('loading')} className="min-h-[60vh]" />}>
        <Switch>
          {routesFor(search).map(({ path, page: Screen, plain, module }) =>
            plain ? (
              <Route key={`${path} ${module}`} path={path}>
                {() => <Screen />}
              </Route>
            ) : (
              <Route key={`${path} ${module}`} path={path} component={Screen} />
            ),
          )}
          <Route path={COUNTRY_ROUTE.path}>
            {(params) => (isCountryPath(params, location) ? <CountryRoute /> : <NotFoundRoute />)}
          </Route>
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
