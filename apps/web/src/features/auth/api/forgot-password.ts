import type { ForgotPasswordBody, MessageResponse } from '@esim/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Asks for a password-reset e-mail (`POST /api/forgot-password`). The server answers the same
 * whether or not the address has an account, so a 2xx is all the page can say.
 *
 * @throws HttpError 400 `validation_error`, 429 `rate_limited` with `Retry-After`, 404 while
 *   the API has no such route; or a network error (TypeError).
 */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/forgot-password', { method: 'POST', json: body });
}

/** The reset request of the forgot-password form. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
