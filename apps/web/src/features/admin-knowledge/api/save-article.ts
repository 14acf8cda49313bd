import type { KbArticleResponse, KbCreateArticleBody, KbUpdateArticleBody } from '@esim/contract/knowledge-base';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { KB_KEY } from './kb-keys.ts';

/**
 * Creates an article (`POST /api/admin/knowledge-base/articles`); the assistant uses it at its next question.
 * @throws HttpError 400 `validation_error` with `field`, 409 `slug_taken` (`slug`); or a network error.
 */
export function createArticle(body: KbCreateArticleBody): Promise<KbArticleResponse> {
  return apiFetch<KbArticleResponse>('/api/admin/knowledge-base/articles', { method: 'POST', json: body });
}

/**
 * Saves an article (`PUT /api/admin/knowledge-base/articles/{id}`) if it has not changed since it
 * was loaded (`body.updatedAt`).
 * @throws HttpError 400 with `field`, 404 (deleted meanwhile), 409 `article_changed` (someone
 *   else saved it since: reload) or `slug_taken`; or a network error.
 */
export function updateArticle({ id, body }: { id: number; body: KbUpdateArticleBody }): Promise<KbArticleResponse> {
  return apiFetch<KbArticleResponse>(`/api/admin/knowledge-base/articles/${id}`, { method: 'PUT', json: body });
}

/** Creating an article refreshes the list. */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KB_KEY, 'list'] }),
  });
}

/** Saving an article refreshes the list (also after a 409, which means the list is stale too). */
export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateArticle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KB_KEY, 'list'] }),
  });
}
