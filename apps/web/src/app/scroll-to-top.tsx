import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** Scroll resets after a route change, ms: at once, after 100 ms and after 500 ms. */
export const SCROLL_RESET_DELAYS_MS = [0, 100, 500] as const;

/**
 * Scrolls to the top on every route change, again after 100 ms and 500 ms (lazy content may
 * shift). Not on the page's first load: the browser places it (the top, or where a reload left
 * it), and a server-rendered page can be scrolled before it hydrates, so a reset then would pull
 * the visitor back to the top.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  const first = useRef(location);
  useEffect(() => {
    if (window.location.hash || location === first.current) return;
    first.current = '';
    const timers = SCROLL_RESET_DELAYS_MS.map((ms) => window.setTimeout(() => window.scrollTo(0, 0), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [location]);
  return null;
}
