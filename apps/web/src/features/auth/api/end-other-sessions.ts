import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/**
 * Ends every session of the user but this one (`POST /api/user/sessions/end-others`).
 *
 * @throws HttpError 401; or a network error (TypeError).
 */
export function endOtherSessions(): Promise<void> {
  return apiFetch<void>('/api/user/sessions/end-others', { method: 'POST' });
}

/** Ending the other sessions; the list is read again whatever the answer. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
