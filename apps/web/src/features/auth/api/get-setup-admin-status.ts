import type { SetupAdminStatus } from '@esim/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The key of the first-admin status (`GET /api/setup-admin/status`). */
export const SETUP_ADMIN_STATUS_QUERY_KEY = ['/api/setup-admin/status'] as const;

/**
 * Whether the first admin can still be created (`GET /api/setup-admin/status`): `needed` is
 * true while no admin account exists.
 *
 * @throws HttpError (5xx, 429); or a network error (TypeError).
 */
export function getSetupAdminStatus(signal?: AbortSignal): Promise<SetupAdminStatus> {
  return apiFetch<SetupAdminStatus>('/api/setup-admin/status', { signal });
}

/** The first-admin status, read on each visit of the set-up page; never retried (the store's query default). */
export function setupAdminStatusQueryOptions() {
  return queryOptions({
    queryKey: SETUP_ADMIN_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => getSetupAdminStatus(signal),
    staleTime: 0,
  });
}

/** The first-admin status (see {@link getSetupAdminStatus}). */
export function useSetupAdminStatus() {
  return useQuery(setupAdminStatusQueryOptions());
}
