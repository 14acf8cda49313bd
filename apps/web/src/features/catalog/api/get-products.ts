import type { BundleType, Product, ProductsResponse } from '@esim/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, apiFetch } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS } from '../../../lib/query-client.ts';
import { isProductList } from './last-known-catalogue.ts';
import { type CatalogueQueryResult, useLastKnown } from './use-last-known.ts';

/** Server-side filters of `GET /api/products`. */
export interface ProductsParams {
  /** Destination: ISO code, region name, `Global` or a slug. Omitted: every product. */
  country?: string | undefined;
  /** Bundle type; the products page filters it client-side, so it is usually omitted. */
  type?: BundleType | undefined;
  /** Free text matched against plan names and destination names in every language. */
  q?: string | undefined;
}

/** Drops empty values so that equal filters give equal query keys and URLs. */
function normalise(params: ProductsParams): ProductsParams {
  const q = params.q?.trim();
  return {
    ...(params.country ? { country: params.country } : {}),
    ...(params.type ? { type: params.type } : {}),
    ...(q ? { q } : {}),
  };
}

/**
 * Fetches plans from `GET /api/products`.
 *
 * @throws Error 'Failed to fetch products: <status>: <reason>' with the
 *   {@link HttpError} or network error as `cause`.
 */
export async function getProducts(params: ProductsParams, signal?: AbortSignal): Promise<Product[]> {
  const search = new URLSearchParams(normalise(params) as Record<string, string>).toString();
  try {
    const body = await apiFetch<ProductsResponse>(`/api/products${search ? `?${search}` : ''}`, { signal });
    return body.products;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason =
      error instanceof HttpError
        ? `${error.status}: ${error.serverMessage ?? error.body}`
        : String((error as Error).message ?? error);
    throw new Error(`Failed to fetch products: ${reason}`, { cause: error });
  }
}

/**
 * Query options of a product list: key `['/api/products', {country, type, q}]`, cached for
 * {@link CATALOGUE_STALE_MS} (10 minutes), no refetch on mount or window focus.
 */
export function productsQueryOptions(params: ProductsParams) {
  const normalised = normalise(params);
  return queryOptions({
    queryKey: ['/api/products', normalised] as const,
    queryFn: ({ signal }) => getProducts(normalised, signal),
    staleTime: CATALOGUE_STALE_MS,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Plans for the products view. `enabled` is false unless the products view is active or a
 * country is selected. While a new search runs, the previous list stays visible.
 * A destination's whole list (no search, no type) is kept as the last known catalogue and stands
 * in when it cannot be loaded (`isFallback`); searches are not kept.
 */
export function useProducts(
  params: ProductsParams,
  { enabled = true }: { enabled?: boolean } = {},
): CatalogueQueryResult<Product[]> {
  const options = productsQueryOptions(params);
  const query = useQuery({ ...options, enabled, placeholderData: keepPreviousData });
  const [, normalised] = options.queryKey;
  const wholeList = !normalised.q && !normalised.type;
  return useLastKnown(query, options.queryKey, isProductList, { remember: wholeList });
}
