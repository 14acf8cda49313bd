import type { MessageResponse, ResetPasswordBody } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Chooses a new password with the token of the e-mailed link (`POST /api/reset-password`; the
 * token is single use and valid 30 minutes). Every session of the account ends, this browser's
 * too when it was signed in to that account.
 *
 * @throws HttpError 400 `invalid_token` (field `token`: unknown, used or expired), 400
 *   `validation_error` with `field` (`password: passwordCommon`), 429 `rate_limited` with
 *   `Retry-After`; or a network error (TypeError).
 */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/reset-password', { method: 'POST', json: body });
}

/**
 * The password reset. On success the account's sessions are over (the server ended them all), so
 * the user becomes `null` at once, what lives under its key is dropped, and the user is read
 * again (this browser may be signed in to another account, which keeps its session).
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ queryKey: USER_QUERY_KEY, predicate: (query) => query.queryKey.length > 1 });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, exact: true });
    },
  });
}
