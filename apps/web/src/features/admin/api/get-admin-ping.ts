import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** `GET /api/admin/ping`: the admin area's health check. */
export interface AdminPing {
  status: 'ok';
  username: string;
}

/** The owner key of the admin area's access check. */
export const ADMIN_PING_KEY = ['/api/admin/ping'] as const;

/**
 * Asks the server whether this session may use the admin area (`GET /api/admin/ping`).
 * @throws HttpError 401 (signed out meanwhile), 403 `forbidden` (not an admin) or
 *   `two_factor_setup_required` (an admin without two-factor authentication while the store
 *   requires it); or a network error (TypeError).
 */
export function getAdminPing(signal?: AbortSignal): Promise<AdminPing> {
  return apiFetch<AdminPing>('/api/admin/ping', { signal });
}

/**
 * The admin shell's access check: asked once per visit of the admin area (kept while the admin
 * moves between sections), never retried: a refusal is the server's answer, shown at once with the
 * shell's own retry button.
 */
export function useAdminPing() {
  return useQuery(
    queryOptions({ queryKey: ADMIN_PING_KEY, queryFn: ({ signal }) => getAdminPing(signal), staleTime: 5 * 60_000 }),
  );
}
