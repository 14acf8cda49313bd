import { destinationFigureOf } from '@esim/contract/destination-figure';
import { useQuery } from '@tanstack/react-query';
import { countriesQueryOptions } from '../api/get-countries.ts';

/**
 * The destination figure the pages state ("240+ destinations"): the contract's rule
 * (`@esim/contract/destination-figure`) over the destinations of `GET /api/countries`, the list
 * the server renders every page with (`entry-server.tsx` puts it in the query cache) and the
 * browser hydrates from, so both print the same figure. Undefined while the list is loading or
 * cannot be loaded, or has 10 destinations or fewer: the texts then say no figure (their
 * `...Generic` variants).
 */
export function useDestinationFigure(): number | undefined {
  return useQuery({ ...countriesQueryOptions(), select: destinationFigureOf }).data;
}
