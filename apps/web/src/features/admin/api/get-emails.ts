import type { EmailStatus, OutboxPage } from '@esim/contract/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The Outbox list's filters (empty strings mean none). */
export interface OutboxFilters {
  q: string;
  template: string;
  status: EmailStatus | '';
}

/** The owner key of everything the Outbox shows: lists and messages. */
export const OUTBOX_KEY = ['/api/admin/emails'] as const;

/**
 * Reads one page of the Outbox (`GET /api/admin/emails`), newest first, after `cursor`.
 * @throws HttpError 400 (a filter the server refuses), 401, 403; or a network error (TypeError).
 */
export function getEmails(filters: OutboxFilters, cursor: string | null, signal?: AbortSignal): Promise<OutboxPage> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.template) params.set('template', filters.template);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<OutboxPage>(`/api/admin/emails${query ? `?${query}` : ''}`, { signal });
}

/** The Outbox list with "load more" pages; read again on each visit. */
export function useEmails(filters: OutboxFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...OUTBOX_KEY, 'list', filters],
      queryFn: ({ pageParam, signal }) => getEmails(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  );
}
