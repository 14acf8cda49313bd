import { useEffect, useSyncExternalStore } from 'react';

/** The part of a URL that names a page: path and query, without the fragment. */
export interface PageAddress {
  pathname: string;
  search: string;
}

/**
 * Whether a pushed history entry is a navigation to the page already shown: same path and query
 * as before, and no fragment (a fragment is a jump inside the page, e.g.
 * `/products#popular-destinations`, and keeps its state).
 */
export function isSamePageNavigation(before: PageAddress, after: PageAddress & { hash: string }): boolean {
  return before.pathname === after.pathname && before.search === after.search && after.hash === '';
}

let count = 0;
let current: PageAddress | undefined;
let installed = false;
const listeners = new Set<() => void>();

const here = (): PageAddress => ({ pathname: window.location.pathname, search: window.location.search });

/**
 * Follows the history: wouter's `navigate` (every `<Link>` click) calls `history.pushState`, which
 * wouter patches to dispatch a `pushState` event after the URL has changed. A push whose page is
 * the one shown before counts once. Replacements (redirects, the destinations call to action's
 * fragment), back/forward and fragment changes only move the "page shown".
 */
function install(): void {
  if (installed) return;
  installed = true;
  current = here();
  window.addEventListener('pushState', () => {
    const after = { ...here(), hash: window.location.hash };
    if (current && isSamePageNavigation(current, after)) {
      count += 1;
      listeners.forEach((listener) => listener());
    }
    current = here();
  });
  for (const type of ['replaceState', 'popstate', 'hashchange']) {
    window.addEventListener(type, () => {
      current = here();
    });
  }
}

function subscribe(listener: () => void): () => void {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => count;
const getServerSnapshot = () => 0;

/**
 * How many times, since the app started, a link led to the page already shown (the header's
 * Products or logo on `/products`, a footer link to the current page): wouter does not re-render
 * for a navigation that leaves the path unchanged, so a page that must start afresh when its own
 * link is followed includes this number in its key (`/` and `/products` reset the page,
 * `docs/product-rules.md#storefront-pages`). 0 on the server and during hydration.
 */
export function useSamePageNavigationCount(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Scrolls back to the top when a link to the page shown is followed (`samePage`, from
 * {@link useSamePageNavigationCount}, grows), unless the link names a fragment.
 */
export function useScrollToTopOnRepeat(samePage: number): void {
  useEffect(() => {
    if (samePage > 0 && !window.location.hash) window.scrollTo(0, 0);
  }, [samePage]);
}
