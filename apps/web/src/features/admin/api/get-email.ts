import type { OutboxMessageDetail } from '@esim/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { OUTBOX_KEY } from './get-emails.ts';

/**
 * Reads one Outbox message (`GET /api/admin/emails/{id}`): its text version, attachments and
 * where its HTML copy is (for the frame).
 * @throws HttpError 404 (no such message), 400 (a malformed id), 401, 403; or a network error.
 */
export function getEmail(id: number, signal?: AbortSignal): Promise<OutboxMessageDetail> {
  return apiFetch<OutboxMessageDetail>(`/api/admin/emails/${id}`, { signal });
}

/** One message of the Outbox, when `id` is set. */
export function useEmail(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...OUTBOX_KEY, 'message', id],
      queryFn: ({ signal }) => getEmail(id!, signal),
      enabled: id !== null,
      staleTime: 0,
    }),
  );
}
