import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Signs out (`POST /api/logout`): the server ends the session and clears its cookie.
 *
 * @throws HttpError (5xx, 403 when the request's origin is refused); or a network error.
 */
export function logout(): Promise<void> {
  return apiFetch<void>('/api/logout', { method: 'POST' });
}

/**
 * Sign-out: on success the user becomes `null` at once and every account query under the user's key (sessions) is dropped.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // The user query itself stays (its observers, the header, see the null); only what is
      // under its key goes.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ queryKey: USER_QUERY_KEY, predicate: (query) => query.queryKey.length > 1 });
    },
  });
}
