import type { ResendResponse } from '@esim/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { OUTBOX_KEY } from './get-emails.ts';

/**
 * Sends a copy of an Outbox message to its recipient (`POST /api/admin/emails/{id}/resend`).
 * @returns the copy's Outbox message.
 * @throws HttpError 404, 409 `resend_not_allowed` (a password-reset message), 502
 *   `upstream_error` (the mail server refused), 401, 403 (also `csrf_rejected`); or a network error.
 */
export function resendEmail(id: number): Promise<ResendResponse> {
  return apiFetch<ResendResponse>(`/api/admin/emails/${id}/resend`, { method: 'POST' });
}

/** Resending; the Outbox's lists and messages are invalidated afterwards, sent or refused (a refusal is in the Outbox too). */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
