import type { TopupOptionsResponse } from '@esim/contract/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';

/** The owner key of an eSIM's top-up options. */
export function topupOptionsQueryKey(access: PortalAccess, iccid: string) {
  return [`/api/portal/esims/${encodeURIComponent(iccid)}/topups`, access] as const;
}

/**
 * Reads the eSIM to top up and the plans that can top it up, same destination
 * (`GET /api/portal/esims/{iccid}/topups`, `TopupOptionsResponse`).
 *
 * @throws HttpError 409 `topup_unavailable` (the eSIM is not active,
 *   `docs/product-rules.md#top-ups`), 404 (not this token's eSIM), 401, 429; or a network error (TypeError).
 */
export function getTopupOptions(
  access: PortalAccess,
  iccid: string,
  signal?: AbortSignal,
): Promise<TopupOptionsResponse> {
  return apiFetch<TopupOptionsResponse>(`/api/portal/esims/${encodeURIComponent(iccid)}/topups`, {
    headers: accessHeaders(access),
    signal,
  });
}

/** The top-up options query, read again on each visit (prices and the eSIM's state change). */
export function topupOptionsQueryOptions(access: PortalAccess, iccid: string) {
  return queryOptions({
    queryKey: topupOptionsQueryKey(access, iccid),
    queryFn: ({ signal }) => getTopupOptions(access, iccid, signal),
    staleTime: 0,
  });
}

/** The top-up options of an eSIM (see {@link getTopupOptions}). */
export function useTopupOptions(access: PortalAccess, iccid: string) {
  return useQuery(topupOptionsQueryOptions(access, iccid));
}
