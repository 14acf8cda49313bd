import type { UpdateUserBody, User } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Changes profile fields (`PATCH /api/user`: e-mail, first and last name, language); answers
 * the user.
 *
 * @throws HttpError 400 `validation_error` with `field`, 409 `email_taken` with `field`, 401
 *   (signed out meanwhile); or a network error (TypeError).
 */
export function updateUser(body: UpdateUserBody): Promise<User> {
  return apiFetch<User>('/api/user', { method: 'PATCH', json: body });
}

/** The profile update: the answer becomes the user query's data. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}
