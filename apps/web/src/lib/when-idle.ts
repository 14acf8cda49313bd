import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `task` when the browser is next idle (`requestIdleCallback`, at most `timeoutMs` later;
 * after `fallbackMs` where the API is missing, as in Safari). Returns a function that cancels it.
 * Work that no visitor waits for (saving the last known catalogue, mounting the chat launcher,
 * fetching the cart after hydration) goes here, so it never competes with the first paint,
 * hydration or input (less total blocking time).
 */
export function whenIdle(task: () => void, { timeoutMs = 2000, fallbackMs = 200 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(handle);
}

/**
 * Whether the page has settled: false on the server and while a server-rendered page hydrates,
 * true from the first idle moment after hydration began ({@link markHydrating}), and from the
 * start on a page the browser renders alone.
 */
let settled = true;
const listeners = new Set<() => void>();

/** Whether the page has settled (see {@link usePageSettled}; for code outside React and tests). */
export function isPageSettled(): boolean {
  return settled;
}

/** Calls `listener` when the page settles; returns the unsubscribe function. */
export function subscribePageSettled(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called by the browser's entry (`boot.tsx`) just before it hydrates a server-rendered page: the
 * page counts as settled once the browser is first idle afterwards. React hydrates in slices and
 * keeps the main thread busy until every part of the page is hydrated, so the idle moment comes
 * after hydration.
 */
export function markHydrating(): void {
  settled = false;
  whenIdle(settleNow, { timeoutMs: 3000 });
}

/**
 * Counts the page as settled now (idempotent): what the first idle moment does, and what a
 * visitor's first change of the cart does when it comes earlier, so that the change starts from
 * the loaded cart.
 */
export function settleNow(): void {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener();
}

/**
 * Whether the page has settled (see {@link markHydrating}): false on the server, during hydration
 * and in a page's first render, then true. A query that only the browser can answer (the
 * visitor's cart) waits for it with `enabled`; parts only the browser needs mount on it.
 *
 * The change is rendered in a transition: React renders what settling reveals (the chat
 * launcher, the toast region, the enabled cart query) in slices that yield to input, then commits.
 * An external store's change (`useSyncExternalStore`) is always rendered at once, in one task
 * (measured: about 110 ms on Lighthouse's phone for this render alone), and would make React
 * hydrate whatever part of the page was still waiting in that same task. False in the first
 * render even where the page has already settled, so that a part hydrated late (record 0028's
 * selective hydration) matches the server's HTML.
 */
export function usePageSettled(): boolean {
  const [pageSettled, setPageSettled] = useState(false);
  useEffect(() => {
    const settle = () => startTransition(() => setPageSettled(true));
    if (isPageSettled()) {
      settle();
      return;
    }
    return subscribePageSettled(settle);
  }, []);
  return pageSettled;
}
