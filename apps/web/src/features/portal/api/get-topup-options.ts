import type { TopupOptionsResponse } from '@esim/contract/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { accessHeaders } from './access-headers.ts';

/** The owner key of an eSIM's top-up options. */
export function topupOptionsQueryKey(token: string, iccid: string) {
  return [`/api/portal/esims/${encodeURIComponent(iccid)}/topups`, { token }] as const;
}

/**
 * Reads the eSIM to top up and the plans that can top it up, same destination
 * (`GET /api/portal/esims/{iccid}/topups`, `TopupOptionsResponse`).
 *
 * @throws HttpError 409 `topup_unavailable` (the eSIM is not active, specification section 4
 *   "Top-up"), 404 (not this token's eSIM), 401, 429; or a network error (TypeError).
 */
export function getTopupOptions(token: string, iccid: string, signal?: AbortSignal): Promise<TopupOptionsResponse> {
  return apiFetch<TopupOptionsResponse>(`/api/portal/esims/${encodeURIComponent(iccid)}/topups`, {
    headers: accessHeaders(token),
    signal,
  });
}

/** The top-up options query, read again on each visit (prices and the eSIM's state change). */
export function topupOptionsQueryOptions(token: string, iccid: string) {
  return queryOptions({
    queryKey: topupOptionsQueryKey(token, iccid),
    queryFn: ({ signal }) => getTopupOptions(token, iccid, signal),
    staleTime: 0,
  });
}

/** The top-up options of an eSIM (see {@link getTopupOptions}). */
export function useTopupOptions(token: string, iccid: string) {
  return useQuery(topupOptionsQueryOptions(token, iccid));
}
