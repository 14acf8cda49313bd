import type { SetupAdminBody, User } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Creates the first admin with the one-time link's token (`POST /api/setup-admin`) and signs
 * it in; answers the new user (`isAdmin` true).
 *
 * @throws HttpError 400 `invalid_token` (field `token`: unknown, used or expired), 409
 *   `admin_exists` (an admin exists already), 409 `username_taken` / `email_taken` with
 *   `field`, 400 `validation_error` with `field`, 429 `rate_limited`; or a network error.
 */
export function setupAdmin(body: SetupAdminBody): Promise<User> {
  return apiFetch<User>('/api/setup-admin', { method: 'POST', json: body });
}

/** The first-admin set-up: the new admin becomes the user query's data. */
export function useSetupAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupAdmin,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
