/**
 * The storefront's start (loaded by `main.tsx` once the server's HTML is on screen): hydrates a
 * server-rendered page with the texts and query cache it was rendered with, or renders the app
 * alone (dev server, client-only screens).
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { routeFor } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readSsrState } from './ssr-state.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const ssr = readSsrState();
if (ssr && root.firstElementChild) {
  // A server-rendered page (decision record 0022): the texts it was rendered with and the screen's
  // chunk (modulepreloaded by the page) are ready before hydration, so the first render matches
  // the HTML and nothing suspends or flashes.
  const queryClient = createQueryClient();
  hydrate(queryClient, ssr.queries);
  await Promise.all([
    initI18n({ lang: ssr.lang, texts: ssr.texts }),
    routeFor(window.location.pathname)
      .page.preload()
      .catch(() => undefined),
  ]);
  // In a transition, hydration yields to the browser between parts of the page instead of
  // holding the main thread for the whole tree (input stays responsive on a slow phone).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
} else {
  void initI18n();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
