import type { SetupTwoFactorResponse } from '@esim/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Starts two-factor set-up (`POST /api/setup-2fa`): a new TOTP secret (base32), its
 * `otpauth://` URI and a QR code of it (PNG data URL). Nothing changes until
 * `POST /api/enable-2fa` confirms a code.
 *
 * @throws HttpError 401, 409 (already enabled); or a network error (TypeError).
 */
export function setupTwoFactor(): Promise<SetupTwoFactorResponse> {
  return apiFetch<SetupTwoFactorResponse>('/api/setup-2fa', { method: 'POST' });
}

/** The set-up step of two-factor authentication; its answer is shown once and kept nowhere else. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
