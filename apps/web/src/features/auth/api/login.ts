import type { LoginBody, User } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Signs in (`POST /api/login`): `username` is the username or the e-mail address, `code` a TOTP
 * or recovery code for an account with two-factor authentication. Answers the user and sets
 * the session cookie.
 *
 * @throws HttpError 401 `invalid_credentials` (the same for an unknown user and a wrong
 *   password), 401 `two_factor_required` (send again with `code`; no session was made), 400
 *   `validation_error` with `field`, 429 `rate_limited` with `Retry-After`; or a network error.
 */
export function login(body: LoginBody): Promise<User> {
  return apiFetch<User>('/api/login', { method: 'POST', json: body });
}

/** Sign-in: the answer becomes the user query's data, and everything under its key is read again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
