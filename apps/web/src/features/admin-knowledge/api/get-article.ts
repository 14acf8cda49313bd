import type { KbArticleResponse } from '@esim/contract/knowledge-base';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { kbArticleKey } from './kb-keys.ts';

/**
 * One article with its Markdown body (`GET /api/admin/knowledge-base/articles/{id}`).
 * @throws HttpError 404 (deleted meanwhile), 401, 403; or a network error (TypeError).
 */
export function getArticle(id: number, signal?: AbortSignal): Promise<KbArticleResponse> {
  return apiFetch<KbArticleResponse>(`/api/admin/knowledge-base/articles/${id}`, { signal });
}

/** The article being edited (none while `id` is null), read afresh each time the editor opens. */
export function useArticle(id: number | null) {
  return useQuery({
    queryKey: kbArticleKey(id ?? 0),
    queryFn: ({ signal }) => getArticle(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
