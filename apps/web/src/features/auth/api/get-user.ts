import type { User } from '@esim/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, apiFetch } from '../../../lib/api-client.ts';

/**
 * The owner key of the signed-in user (`GET /api/user`). Login, registration, logout, profile
 * and two-factor changes write or invalidate it; everything else about the account (its
 * sessions) lives under it, so one invalidation refreshes all.
 */
export const USER_QUERY_KEY = ['/api/user'] as const;

/**
 * Reads the signed-in user (`GET /api/user`, cookie session). Returns `null` when nobody is
 * signed in (the API's 401).
 *
 * @throws HttpError for any other failure (5xx, 429); or a network error (TypeError).
 */
export async function getUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiFetch<User>('/api/user', { signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The user query: read once per page load and kept (the session changes only through this
 * app's own calls, which update it); never retried (the store's query default).
 */
export function userQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => getUser(signal),
    staleTime: Infinity,
  });
}

/**
 * The signed-in user: `data` is the user, `null` when signed out, `undefined` while loading
 * (show a spinner) or after a failed read (`isError`).
 * Part of the initial JavaScript (the header shows the avatar), so it imports no zod.
 */
export function useUser() {
  return useQuery(userQueryOptions());
}
