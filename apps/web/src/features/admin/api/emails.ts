import type { EmailStatus, OutboxMessageDetail, OutboxPage, ResendResponse } from '@esim/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCollection } from '../../../admin-kit/api/admin-collection.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The Outbox list's filters (empty strings mean none). */
export interface OutboxFilters {
  q: string;
  template: string;
  status: EmailStatus | '';
}

/**
 * The Outbox (`/api/admin/emails`): pages of every e-mail the store sent or stored, newest first,
 * searched by recipient, subject or order number and filtered by template and status (the first
 * page lists the templates in use); one message with its text version, images and where its
 * HTML copy is.
 */
export const emails = adminCollection<OutboxFilters, OutboxPage, OutboxMessageDetail>(
  '/api/admin/emails',
  (filters) => ({
    q: filters.q.trim(),
    template: filters.template,
    status: filters.status,
  }),
);

/**
 * Sends a copy of an Outbox message to its recipient (`POST /api/admin/emails/{id}/resend`).
 * @returns the copy's Outbox message.
 * @throws HttpError 404, 409 `resend_not_allowed` (a password-reset message), 502
 *   `upstream_error` (the mail server refused), 401, 403 (also `csrf_rejected`); or a network error.
 */
export function resendEmail(id: number): Promise<ResendResponse> {
  return apiFetch<ResendResponse>(`/api/admin/emails/${id}/resend`, { method: 'POST' });
}

/** Resending; the Outbox is read again afterwards, sent or refused (a refusal is in the Outbox too). */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emails.key }),
  });
}
