import type { AdminConversationDetail, AdminConversationsPage } from '@esim/contract/support';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The conversations list's filters (empty strings mean none). */
export interface ConversationFilters {
  q: string;
  reviewed: 'true' | 'false' | '';
}

/** The owner key of everything the conversations screen shows: lists and conversations. */
export const CONVERSATIONS_KEY = ['/api/admin/chat-conversations'] as const;

/**
 * Reads one page of chat conversations (`GET /api/admin/chat-conversations`), newest last
 * message first, after `cursor`.
 * @throws HttpError 400 (a filter the server refuses), 401, 403; or a network error (TypeError).
 */
export function getConversations(
  filters: ConversationFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminConversationsPage> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.reviewed) params.set('reviewed', filters.reviewed);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<AdminConversationsPage>(`/api/admin/chat-conversations${query ? `?${query}` : ''}`, { signal });
}

/** The conversations list with "load more" pages; read again on each visit. */
export function useConversations(filters: ConversationFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...CONVERSATIONS_KEY, 'list', filters],
      queryFn: ({ pageParam, signal }) => getConversations(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  );
}

/**
 * Reads one conversation with every message (`GET /api/admin/chat-conversations/{id}`).
 * @throws HttpError 404 (no such conversation, or purged after 30 days), 400, 401, 403; or a network error.
 */
export function getConversation(id: number, signal?: AbortSignal): Promise<AdminConversationDetail> {
  return apiFetch<AdminConversationDetail>(`/api/admin/chat-conversations/${id}`, { signal });
}

/** One conversation, when `id` is set. */
export function useConversation(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...CONVERSATIONS_KEY, 'conversation', id],
      queryFn: ({ signal }) => getConversation(id!, signal),
      enabled: id !== null,
      staleTime: 0,
    }),
  );
}

/**
 * Marks a conversation reviewed or not (`PATCH /api/admin/chat-conversations/{id}`).
 * @returns the conversation as it now is.
 * @throws HttpError 404, 400, 401, 403 (also `csrf_rejected`); or a network error.
 */
export function setConversationReviewed(id: number, reviewed: boolean): Promise<AdminConversationDetail> {
  return apiFetch<AdminConversationDetail>(`/api/admin/chat-conversations/${id}`, {
    method: 'PATCH',
    json: { reviewed },
  });
}

/** Marking a conversation; it is updated in place and the lists read again. */
export function useSetConversationReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewed }: { id: number; reviewed: boolean }) => setConversationReviewed(id, reviewed),
    onSuccess: (conversation) =>
      queryClient.setQueryData([...CONVERSATIONS_KEY, 'conversation', conversation.id], conversation),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] }),
  });
}
