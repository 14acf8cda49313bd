import { canonicalDestinationSlug, REGION_DESTINATIONS } from '@esim/contract/destination-alias';
import { matchRoute } from '@esim/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { countriesQueryOptions } from '../../features/catalog/api/get-countries.ts';

/**
 * Whether `path` is a destination page: `/{lang}/{country}` whose segment names a destination of
 * the catalogue (by slug, code, alias or name, as the country route resolves it) or, when the
 * catalogue cannot be loaded, a region or Global. False for every other path, and while the
 * destination list is loading (the country route shows a spinner then, not yet a page). Reads
 * the destination list only on such paths; it is the country route's own query, so no extra
 * request is made.
 */
export function useIsDestinationPage(path: string): boolean {
  const match = matchRoute(path);
  const candidate = match.kind === 'country';
  const countries = useQuery({ ...countriesQueryOptions(), enabled: candidate });
  if (!candidate) return false;
  if (countries.isError) return canonicalDestinationSlug(match.slug, REGION_DESTINATIONS) !== undefined;
  if (!countries.data) return false;
  return (
    canonicalDestinationSlug(match.slug, countries.data) !== undefined ||
    canonicalDestinationSlug(match.slug, REGION_DESTINATIONS) !== undefined
  );
}
