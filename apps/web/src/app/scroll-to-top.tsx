import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Scroll resets after a route change: at once, after 100 ms and after 500 ms (section 2, section 9). */
export const SCROLL_RESET_DELAYS_MS = [0, 100, 500] as const;

/** Scrolls to the top on every route change, again after 100 ms and 500 ms (lazy content may shift). */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (window.location.hash) return;
    const timers = SCROLL_RESET_DELAYS_MS.map((ms) => window.setTimeout(() => window.scrollTo(0, 0), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [location]);
  return null;
}
