import { useQuery } from '@tanstack/react-query';
import { usePageSettled } from '../../../lib/when-idle.ts';
import { cartQueryOptions } from '../api/get-cart.ts';

/**
 * Refetches the cart when a screen that shows it opens (the cart is always stale, so a new
 * subscriber fetches it: another tab may have changed it), once the page has settled (`usePageSettled`).
 * A leaf that renders nothing: its subscription re-renders only itself, not the screen.
 */
export function CartRefetchOnVisit() {
  useQuery({ ...cartQueryOptions(usePageSettled()), notifyOnChangeProps: [] });
  return null;
}
