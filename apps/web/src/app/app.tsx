import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner.tsx';
import { CartProvider } from '../features/cart/components/cart-provider.tsx';
import { ChatWidget } from '../features/chat/components/chat-widget.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { usePageSettled } from '../lib/when-idle.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { FooterSlot } from './layout/footer-slot.tsx';
import { Header } from './layout/header.tsx';
import { AppRouter } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { Toaster } from './toaster.tsx';

/**
 * Renders `children` only once the page has settled (`usePageSettled`, `lib/when-idle.ts`):
 * nothing in the server's render and during hydration, then the children. Parts only the browser
 * needs (the toast region's loader, the chat launcher) mount after hydration, so the HTML never
 * needs a script to reveal them and their mounting never forces React to finish hydrating the
 * page in one long task. Their code is the shell's; what they load (the toast library, the chat
 * panel) loads on demand.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return usePageSettled() ? children : null;
}

/**
 * `<html data-hydrated>`, set once the page is hydrated and has settled (its cart loading): it
 * answers clicks and keys from then on, and the browser tests wait for it. Rendered inside
 * {@link AfterHydration}, so setting it re-renders nothing.
 */
function HydratedMarker() {
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return null;
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
 * the sticky header, the lazy route table, the footer, the floating chat assistant's launcher
 * and the toast region (each loading its library or panel on demand). `queryClient`: the cache to use (the
 * server's render and the hydrating browser pass one filled with the page's catalogue data);
 * a fresh one when omitted. Renders on the server too (`entry-server.tsx`), so nothing in its
 * render reads browser globals.
 */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
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
              <FooterSlot />
            </div>
            <AfterHydration>
              <HydratedMarker />
              <ChatWidget />
              <Toaster />
            </AfterHydration>
          </ErrorBoundary>
        </Suspense>
      </CartProvider>
    </QueryClientProvider>
  );
}
