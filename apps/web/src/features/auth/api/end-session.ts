import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/**
 * Ends one of the user's other sessions (`DELETE /api/user/sessions/{id}`): that browser is
 * signed out at its next request.
 *
 * @throws HttpError 404 (not one of this user's sessions, or already ended), 401; or a network error.
 */
export function endSession(id: string): Promise<void> {
  return apiFetch<void>(`/api/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Ending one session; the list is read again whatever the answer. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
