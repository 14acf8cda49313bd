import type { PortalTopup } from '@esim/contract/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';

/** The owner key of one top-up order. */
export function topupQueryKey(access: PortalAccess, orderNumber: string) {
  return [`/api/portal/topups/${encodeURIComponent(orderNumber)}`, access] as const;
}

/**
 * Reads a top-up order of this token (`GET /api/portal/topups/{orderNumber}`, `PortalTopup`):
 * what was bought, the amount, the payment status and whether the bundle is on the eSIM yet.
 *
 * @throws HttpError 404 (unknown or another token's), 401, 429; or a network error (TypeError).
 */
export function getTopup(access: PortalAccess, orderNumber: string, signal?: AbortSignal): Promise<PortalTopup> {
  return apiFetch<PortalTopup>(`/api/portal/topups/${encodeURIComponent(orderNumber)}`, {
    headers: accessHeaders(access),
    signal,
  });
}

/** The top-up query, read fresh on each visit. */
export function topupQueryOptions(access: PortalAccess, orderNumber: string) {
  return queryOptions({
    queryKey: topupQueryKey(access, orderNumber),
    queryFn: ({ signal }) => getTopup(access, orderNumber, signal),
    staleTime: 0,
  });
}

/** A top-up order (see {@link getTopup}); disabled while `enabled` is false. */
export function useTopup(access: PortalAccess, orderNumber: string, enabled = true) {
  return useQuery({ ...topupQueryOptions(access, orderNumber), enabled });
}
