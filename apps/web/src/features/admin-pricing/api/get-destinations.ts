import type { CountriesResponse } from '@esim/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS } from '../../../lib/query-client.ts';
import { destinationsKey } from './pricing-keys.ts';

/**
 * The catalogue's destinations with their names in the five languages (`GET /api/countries`),
 * for the rule dialog's destination choice.
 *
 * @throws HttpError; or a network error (TypeError).
 */
export function getDestinations(signal?: AbortSignal): Promise<CountriesResponse> {
  return apiFetch<CountriesResponse>('/api/countries', { signal });
}

/** The destinations, cached as the storefront caches them (10 minutes). */
export function useDestinations() {
  return useQuery({
    queryKey: destinationsKey,
    queryFn: ({ signal }) => getDestinations(signal),
    staleTime: CATALOGUE_STALE_MS,
  });
}
