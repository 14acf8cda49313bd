import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner.tsx';
import { CartProvider } from '../features/cart/components/cart-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { AppRouter } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

const Toaster = lazy(() => import('./toaster.tsx'));
// [chat] The floating chat assistant (issue 11), out of the initial JavaScript; a chunk that fails
// to load leaves the page without the assistant rather than with the error screen.
const ChatMount = lazy(() => import('../features/chat/chat-mount.tsx').catch(() => ({ default: () => null })));

const subscribeNever = () => () => {};

/**
 * Renders `children` only once the page is interactive: nothing in the server's render and
 * during hydration, then the children. Parts only the browser needs (toasts, the chat assistant)
 * mount after hydration, so the server never waits for their chunks and the HTML never needs a
 * script to reveal them. A leaf of its own: the re-render that follows hydration (the store's
 * snapshot differs from the server's) touches only these children, not the page.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return hydrated ? children : null;
}

/** First focusable element: jumps over the header to the page's main content. */
function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[10001] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
    >
      {t('skipToContent')}
    </a>
  );
}

/**
 * The storefront: providers (query cache, cart, i18n via Suspense, toasts), the crash boundary,
 * the sticky header, the lazy route table, the footer, the floating chat assistant (loaded when
 * the browser is idle) and the lazily loaded toast region. `queryClient`: the cache to use (the
 * server's render and the hydrating browser pass one filled with the page's catalogue data);
 * a fresh one when omitted. Renders on the server too (`entry-server.tsx`), so nothing in its
 * render reads browser globals.
 */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  // `<html data-hydrated>`: the page answers clicks and keys from now on (the browser tests wait for it).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        <Suspense fallback={<Spinner label="Loading" className="min-h-screen" />}>
          <ErrorBoundary>
            <SkipLink />
            <ScrollToTop />
            <div className="flex min-h-screen flex-col">
              <Header />
              <main id="main" className="flex-1">
                <AppRouter />
              </main>
              <Footer />
            </div>
            <AfterHydration>
              <Suspense fallback={null}>
                <ChatMount />
              </Suspense>
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            </AfterHydration>
          </ErrorBoundary>
        </Suspense>
      </CartProvider>
    </QueryClientProvider>
  );
}
