import type { AdminProductSearchResponse } from '@esim/contract/admin-pricing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { productSearchKey } from './pricing-keys.ts';

/** Most products a search lists. */
export const SEARCH_LIMIT = 20;

/**
 * Products whose name, display name or bundle name contains `q`, or whose destination code is
 * `q` (`GET /api/admin/products?q=`), at most {@link SEARCH_LIMIT}.
 *
 * @throws HttpError 400 (`q` too long); or a network error (TypeError).
 */
export function searchProducts(q: string, signal?: AbortSignal): Promise<AdminProductSearchResponse> {
  return apiFetch<AdminProductSearchResponse>(
    `/api/admin/products?${new URLSearchParams({ q, limit: String(SEARCH_LIMIT) })}`,
    { signal },
  );
}

/** The search for `q` (trimmed; none while empty), keeping the previous list while the next loads. */
export function useProductSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: productSearchKey(text),
    queryFn: ({ signal }) => searchProducts(text, signal),
    enabled: text.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
