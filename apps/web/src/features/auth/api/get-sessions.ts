import type { UserSessionsResponse } from '@esim/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/** Under the user's key: signing out drops it, a profile change refreshes it. */
export const sessionsQueryKey = [...USER_QUERY_KEY, 'sessions'] as const;

/**
 * The signed-in user's active sessions (`GET /api/user/sessions`), the current one marked
 * `current`; times ISO 8601.
 *
 * @throws HttpError 401 (signed out meanwhile); or a network error (TypeError).
 */
export function getSessions(signal?: AbortSignal): Promise<UserSessionsResponse> {
  return apiFetch<UserSessionsResponse>('/api/user/sessions', { signal });
}

/** The sessions query: read on each visit of the profile page. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0,
  });
}

/** The active sessions of the signed-in user (see {@link getSessions}). */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
