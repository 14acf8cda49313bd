import type { AdminSupportMessageDetail, AdminSupportMessagesPage, SupportMessageStatus } from '@esim/contract/support';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The support messages list's filters (empty strings mean none). */
export interface SupportMessageFilters {
  status: SupportMessageStatus | '';
  q: string;
}

/** The owner key of everything the support messages screen shows: lists and messages. */
export const SUPPORT_MESSAGES_KEY = ['/api/admin/support-messages'] as const;

/**
 * Reads one page of support messages (`GET /api/admin/support-messages`), newest first, after `cursor`.
 * @throws HttpError 400 (a filter the server refuses), 401, 403; or a network error (TypeError).
 */
export function getSupportMessages(
  filters: SupportMessageFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminSupportMessagesPage> {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<AdminSupportMessagesPage>(`/api/admin/support-messages${query ? `?${query}` : ''}`, { signal });
}

/** The support messages list with "load more" pages; read again on each visit. */
export function useSupportMessages(filters: SupportMessageFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...SUPPORT_MESSAGES_KEY, 'list', filters],
      queryFn: ({ pageParam, signal }) => getSupportMessages(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  );
}

/**
 * Reads one support message in full (`GET /api/admin/support-messages/{id}`).
 * @throws HttpError 404 (no such message), 400, 401, 403; or a network error.
 */
export function getSupportMessage(id: number, signal?: AbortSignal): Promise<AdminSupportMessageDetail> {
  return apiFetch<AdminSupportMessageDetail>(`/api/admin/support-messages/${id}`, { signal });
}

/** One support message, when `id` is set. */
export function useSupportMessage(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...SUPPORT_MESSAGES_KEY, 'message', id],
      queryFn: ({ signal }) => getSupportMessage(id!, signal),
      enabled: id !== null,
      staleTime: 0,
    }),
  );
}

/**
 * Marks a support message answered or open again (`PATCH /api/admin/support-messages/{id}`).
 * @returns the message as it now is.
 * @throws HttpError 404, 400, 401, 403 (also `csrf_rejected`); or a network error.
 */
export function setSupportMessageStatus(id: number, status: SupportMessageStatus): Promise<AdminSupportMessageDetail> {
  return apiFetch<AdminSupportMessageDetail>(`/api/admin/support-messages/${id}`, {
    method: 'PATCH',
    json: { status },
  });
}

/** Marking a message; the message is updated in place and the lists read again. */
export function useSetSupportMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SupportMessageStatus }) => setSupportMessageStatus(id, status),
    onSuccess: (message) => queryClient.setQueryData([...SUPPORT_MESSAGES_KEY, 'message', message.id], message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SUPPORT_MESSAGES_KEY, 'list'] }),
  });
}
