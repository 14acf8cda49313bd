import type { ChangePasswordBody, MessageResponse } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './get-sessions.ts';

/**
 * Changes the password (`POST /api/user/change-password`). The server keeps this session and
 * ends the user's other ones; answers `{ message }`.
 *
 * @throws HttpError 401 `invalid_credentials` (wrong current password), 400 `validation_error`
 *   with `field` (`newPassword: passwordTooShort`, `passwordCommon`, ...), 429 `rate_limited`;
 *   or a network error (TypeError).
 */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/user/change-password', { method: 'POST', json: body });
}

/** The password change; the session list is read again (the other sessions have ended). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
