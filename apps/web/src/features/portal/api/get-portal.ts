import type { PortalView } from '@esim/contract/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';

/** The owner key of everything `GET /api/portal` shows; the token or the account is part of it. */
export function portalQueryKey(access: PortalAccess) {
  return ['/api/portal', access] as const;
}

/**
 * Reads the portal of an access token, or of the signed-in account (`GET /api/portal` with the
 * session cookie and no token: every order of the account): eSIMs with usage and bundles, and
 * the order history (`PortalView`, data in bytes, money in cents, ISO dates).
 *
 * @throws HttpError 401 (`token_required` when signed out meanwhile, `invalid_token`,
 *   `token_expired`, `token_revoked`), 429 `rate_limited`; or a network error (TypeError).
 */
export function getPortal(access: PortalAccess, signal?: AbortSignal): Promise<PortalView> {
  return apiFetch<PortalView>('/api/portal', { headers: accessHeaders(access), signal });
}

/**
 * The portal query: read again on each visit to a portal page (usage changes at the provider and
 * by the recurring sync), never polled, never retried.
 */
export function portalQueryOptions(access: PortalAccess) {
  return queryOptions({
    queryKey: portalQueryKey(access),
    queryFn: ({ signal }) => getPortal(access, signal),
    staleTime: 0,
  });
}

/** The portal of `access`: a token's order, or the signed-in account (see {@link getPortal}). */
export function usePortal(access: PortalAccess) {
  return useQuery(portalQueryOptions(access));
}
