import type { MessageResponse, TwoFactorCodeBody } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Turns two-factor authentication off (`POST /api/disable-2fa`) with a TOTP code or a recovery
 * code.
 *
 * @throws HttpError 400 `validation_error` (`code: code`), 401, 429 `rate_limited`; or a
 *   network error (TypeError).
 */
export function disableTwoFactor(body: TwoFactorCodeBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/disable-2fa', { method: 'POST', json: body });
}

/** Disabling two-factor authentication; the user (`twoFactorEnabled`) is read again. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, exact: true }),
  });
}
