import type { CountriesResponse, Country } from '@esim/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, apiFetch } from '../../../lib/api-client.ts';
import { CATALOGUE_STALE_MS } from '../../../lib/query-client.ts';
import { isCountryList } from './last-known-catalogue.ts';
import { type CatalogueQueryResult, useLastKnown } from './use-last-known.ts';

/**
 * Fetches every destination (countries, the seven regions and Global) with localised names,
 * plan count and lowest price from `GET /api/countries`.
 *
 * @throws Error 'Failed to fetch countries: <status>: <reason>' with the original error as `cause`.
 */
export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  try {
    return (await apiFetch<CountriesResponse>('/api/countries', { signal })).countries;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason =
      error instanceof HttpError
        ? `${error.status}: ${error.serverMessage ?? error.body}`
        : String((error as Error).message ?? error);
    throw new Error(`Failed to fetch countries: ${reason}`, { cause: error });
  }
}

/** Query options of the destination list: key `['/api/countries']`, cached 10 minutes. */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/countries'] as const,
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: CATALOGUE_STALE_MS,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Every destination, for the countries view, slug resolution and localised country names. When
 * the list cannot be loaded, the last known list stands in (`isFallback`).
 */
export function useCountries(): CatalogueQueryResult<Country[]> {
  const options = countriesQueryOptions();
  return useLastKnown(useQuery(options), options.queryKey, isCountryList);
}
