/**
 * The storefront's start (loaded by `main.tsx` once the server's HTML is on screen): hydrates a
 * server-rendered page with the texts and query cache it was rendered with, or renders the app
 * alone (dev server, client-only screens).
 */
import { SSR_ROOT_ID } from '@esim/contract/ssr';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { keepServerFooter } from './app/layout/footer-slot.tsx';
import { routeFor } from './app/router.tsx';
import { CART_QUERY_KEY } from './features/cart/api/get-cart.ts';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { storedSessionId, syncSessionCookie } from './lib/session.ts';
import { markHydrating, whenIdle } from './lib/when-idle.ts';
import { readSsrState } from './ssr-state.ts';

const root = document.getElementById(SSR_ROOT_ID);
if (!root) throw new Error(`Missing #${SSR_ROOT_ID} element`);

const ssr = readSsrState();
const session = storedSessionId() ?? null;
// The server reads the cookie to render the cart into `/cart` and `/checkout`: keep it in step,
// once the page is idle (reading the cookie waits on the browser process; no render needs it).
if (session) whenIdle(() => syncSessionCookie(session));
// A page rendered with the cart of another session than this browser holds (its cookie was
// missing or stale) is rendered afresh rather than hydrated: its HTML shows the wrong cart.
const sameCart = ssr?.cartSession === undefined || ssr.cartSession === session;
// The server's footer stays as it is (no code to download for it), rendered afresh or not.
if (ssr) keepServerFooter(ssr.lang);
/**
 * Hydrates or renders into `root`. In a function rather than at the module's top level: the home
 * screen shares this module's chunk (decision record 0027), and a chunk still awaiting at its top
 * level could not be imported by the screen it awaits.
 */
async function start(root: HTMLElement): Promise<void> {
  if (ssr && root.firstElementChild && sameCart) {
    // A server-rendered page (decision record 0022): the texts it was rendered with and the screen's
    // chunk (modulepreloaded by the page) are ready before hydration, so the first render matches
    // the HTML and nothing suspends or flashes.
    const queryClient = createQueryClient();
    hydrate(queryClient, ssr.queries);
    await Promise.all([
      initI18n({ lang: ssr.lang, texts: ssr.texts }),
      routeFor(window.location.pathname, window.location.search)
        .page.preload()
        .catch(() => undefined),
    ]);
    // In a transition, hydration yields to the browser between parts of the page instead of
    // holding the main thread for the whole tree (input stays responsive on a slow phone).
    markHydrating();
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  } else if (ssr) {
    // Rendered afresh (another session's cart): the server's catalogue data and texts still serve.
    const queryClient = createQueryClient();
    hydrate(queryClient, ssr.queries);
    queryClient.removeQueries({ queryKey: CART_QUERY_KEY });
    await initI18n({ lang: ssr.lang, texts: ssr.texts });
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  } else {
    // The browser chooses the language (the detector loads first) and the first texts arrive before
    // the first render, so nothing renders in a language the visitor did not choose.
    await initI18n();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}

void start(root);
