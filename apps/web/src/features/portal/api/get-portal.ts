import type { PortalView } from '@esim/contract/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { accessHeaders } from './access-headers.ts';

/** The owner key of everything `GET /api/portal` shows; the token is part of it. */
export function portalQueryKey(token: string) {
  return ['/api/portal', { token }] as const;
}

/**
 * Reads the portal of an access token (`GET /api/portal`): eSIMs with usage and bundles, and
 * the order history (`PortalView`, data in bytes, money in cents, ISO dates).
 *
 * @throws HttpError 401 (`token_required`, `invalid_token`, `token_expired`, `token_revoked`),
 *   429 `rate_limited`; or a network error (TypeError).
 */
export function getPortal(token: string, signal?: AbortSignal): Promise<PortalView> {
  return apiFetch<PortalView>('/api/portal', { headers: accessHeaders(token), signal });
}

/**
 * The portal query: read again on each visit to a portal page (usage changes at the provider and
 * by the recurring sync), never polled, never retried (specification section 9).
 */
export function portalQueryOptions(token: string) {
  return queryOptions({
    queryKey: portalQueryKey(token),
    queryFn: ({ signal }) => getPortal(token, signal),
    staleTime: 0,
  });
}

/** The portal of `token` (see {@link getPortal}). */
export function usePortal(token: string) {
  return useQuery(portalQueryOptions(token));
}
