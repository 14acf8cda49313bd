import { isCountrySlugCandidate, isExcludedPath } from '@esim/contract/country-route';
import { isLanguage } from '@esim/contract/languages';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';

/** Lazily loads a named export of a route module (every screen is lazy, section 2). */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}

const ProductsRoute = page(() => import('./routes/products.tsx'), 'ProductsRoute');
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

/** `/{lang}/{country}` matcher with the slug rules and exclusions of section 2. */
function isCountryPath(params: { lang?: string; country?: string }, path: string): boolean {
  return isLanguage(params.lang) && isCountrySlugCandidate(params.country) && !isExcludedPath(path);
}

/**
 * The route table of specification section 2 plus `/profile` and `/faq` (DESIGN.md section 5) and
 * `/setup-admin` (issue 9).
 */
export function AppRouter() {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<Spinner label={t('loading')} className="min-h-[60vh]" />}>
      <Switch>
        <Route path="/" component={ProductsRoute} />
        <Route path="/products" component={ProductsRoute} />
        <Route path="/products/:id" component={ProductDetailsRoute} />
        <Route path="/cart" component={CartRoute} />
        <Route path="/checkout" component={CheckoutRoute} />
        <Route path="/checkout/success" component={CheckoutSuccessRoute} />
        <Route path="/order-confirmation/:orderNumber" component={OrderConfirmationRoute} />
        <Route path="/how-it-works" component={HowItWorksRoute} />
        <Route path="/support" component={SupportRoute} />
        <Route path="/about-us" component={AboutRoute} />
        <Route path="/contact" component={ContactRoute} />
        <Route path="/faq" component={FaqRoute} />
        <Route path="/terms-conditions">{() => <PolicyRoute />}</Route>
        <Route path="/privacy">{() => <PolicyRoute />}</Route>
        <Route path="/refund">{() => <PolicyRoute />}</Route>
        <Route path="/cookies">{() => <PolicyRoute />}</Route>
        <Route path="/auth" component={AuthRoute} />
        <Route path="/profile" component={ProfileRoute} />
        <Route path="/portal" component={PortalRoute} />
        <Route path="/portal/topup" component={PortalTopupRoute} />
        <Route path="/portal/topup-confirmation" component={PortalTopupConfirmationRoute} />
        <Route path="/admin" component={AdminRoute} />
        <Route path="/admin/*" component={AdminRoute} />
        <Route path="/setup-admin" component={SetupAdminRoute} />
        <Route path="/design-preview" component={PreviewRoute} />
        <Route path="/:lang/:country">
          {(params) => (isCountryPath(params, window.location.pathname) ? <CountryRoute /> : <NotFoundRoute />)}
        </Route>
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
