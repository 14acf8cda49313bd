import type { Product, ProductResponse } from '@esim/contract/catalog';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, apiFetch } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS } from '../../../lib/query-client.ts';

/**
 * Fetches one plan from `GET /api/products/{id}`.
 *
 * @throws Error 'Failed to fetch product: <status>: <reason>' with the
 *   {@link HttpError} (404 for an unknown plan) or network error as `cause`.
 */
export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  try {
    return (await apiFetch<ProductResponse>(`/api/products/${id}`, { signal })).product;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason =
      error instanceof HttpError
        ? `${error.status}: ${error.serverMessage ?? error.body}`
        : String((error as Error).message ?? error);
    throw new Error(`Failed to fetch product: ${reason}`, { cause: error });
  }
}

/** Whether a {@link getProduct} error means the plan does not exist (404, or 400 for a bad id). */
export function isProductNotFound(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof HttpError && (cause.status === 404 || cause.status === 400);
}

/** Query options of one plan: key `['/api/products/{id}']`, cached 10 minutes, no refetch on mount or focus. */
export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: [`/api/products/${id}`] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: CATALOGUE_STALE_MS,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/** The plan from any product list already in the cache, so the details page renders at once. */
function fromCachedLists(queryClient: QueryClient, id: number): Product | undefined {
  for (const [, products] of queryClient.getQueriesData<Product[]>({ queryKey: ['/api/products'] })) {
    const hit = Array.isArray(products) ? products.find((p) => p.productId === id) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** One plan for the details page; shows the cached list entry while the full plan loads. */
export function useProduct(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({ ...productQueryOptions(id), enabled, placeholderData: () => fromCachedLists(queryClient, id) });
}
