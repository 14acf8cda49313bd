import type { Cart } from '@esim/contract/cart';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { cartRequestError, isAbortError } from './cart-error.ts';

/** The cart's query key, also the URL of the default fetch. */
export const CART_QUERY_KEY = ['/api/cart'] as const;

/**
 * Fetches the visitor's cart (keyed by the `X-Session-Id` the client sends) from `GET /api/cart`.
 *
 * @throws Error 'Failed to fetch cart: <status>: <reason>' with the
 *   {@link HttpError} or network error as `cause`; an aborted request is rethrown as is.
 */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  try {
    return await apiFetch<Cart>('/api/cart', { signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw cartRequestError('Failed to fetch cart', error);
  }
}

/**
 * Query options of the cart: key `['/api/cart']`, always stale (staleness 0, so every new
 * subscriber refetches), no retries. `enabled`: false holds the fetch back; the store passes
 * `usePageSettled()` (`lib/when-idle.ts`), so that the cart never arrives while a
 * server-rendered page is still hydrating (less total blocking time).
 */
export function cartQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 0,
    retry: false,
    enabled,
  });
}
