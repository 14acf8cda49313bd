import type { RegisterBody, User } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Creates an account and signs it in (`POST /api/register`); answers the new user.
 *
 * @throws HttpError 409 `username_taken` / `email_taken` with `field`, 400 `validation_error`
 *   with `field` and the message `<field>: <key>` (e.g. `password: passwordCommon`), 429
 *   `rate_limited`; or a network error (TypeError).
 */
export function register(body: RegisterBody): Promise<User> {
  return apiFetch<User>('/api/register', { method: 'POST', json: body });
}

/** Registration: the new user becomes the user query's data. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
