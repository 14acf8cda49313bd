import type { KbArticleResponse } from '@esim/contract/knowledge-base';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { KB_KEY } from './kb-keys.ts';

/**
 * Deletes an article (`DELETE /api/admin/knowledge-base/articles/{id}`), answering it as it was;
 * the assistant stops using it at its next question.
 * @throws HttpError 404 (deleted meanwhile); or a network error.
 */
export function deleteArticle(id: number): Promise<KbArticleResponse> {
  return apiFetch<KbArticleResponse>(`/api/admin/knowledge-base/articles/${id}`, { method: 'DELETE' });
}

/** Deleting an article refreshes the list. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KB_KEY, 'list'] }),
  });
}
