import type { EnableTwoFactorResponse, TwoFactorCodeBody } from '@esim/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { USER_QUERY_KEY } from './get-user.ts';

/**
 * Turns two-factor authentication on with a code of the set-up's secret
 * (`POST /api/enable-2fa`); answers the 10 single-use recovery codes, shown once.
 *
 * @throws HttpError 400 `validation_error` (`code: code`, a wrong or used code), 401, 429
 *   `rate_limited`; or a network error (TypeError).
 */
export function enableTwoFactor(body: TwoFactorCodeBody): Promise<EnableTwoFactorResponse> {
  return apiFetch<EnableTwoFactorResponse>('/api/enable-2fa', { method: 'POST', json: body });
}

/** Enabling two-factor authentication; the user (`twoFactorEnabled`) is read again. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, exact: true }),
  });
}
