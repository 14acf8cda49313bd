import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner.tsx';
import { CartProvider } from '../features/cart/components/cart-provider.tsx';
import { i18nReady } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Footer } from './layout/footer.tsx';
import { Header } from './layout/header.tsx';
import { AppRouter } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

void i18nReady;

const Toaster = lazy(() => import('./toaster.tsx'));
// [chat] The floating chat assistant (issue 11), out of the initial JavaScript; a chunk that fails
// to load leaves the page without the assistant rather than with the error screen.
const ChatMount = lazy(() => import('../features/chat/chat-mount.tsx').catch(() => ({ default: () => null })));

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
 * the browser is idle) and the lazily loaded toast region.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
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
            <Suspense fallback={null}>
              <ChatMount />
            </Suspense>
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </ErrorBoundary>
        </Suspense>
      </CartProvider>
    </QueryClientProvider>
  );
}
