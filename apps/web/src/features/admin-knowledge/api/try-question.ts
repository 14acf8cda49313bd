import type { KbTryRequest, KbTryResponse } from '@esim/contract/knowledge-base';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * "Try a question" (`POST /api/admin/knowledge-base/try`): the reply the assistant would give
 * and the articles its retrieval finds, with scores. Nothing is stored.
 * @throws HttpError 400 (`question`, `language`), 503 (the engine is not available); or a network error.
 */
export function tryQuestion(body: KbTryRequest): Promise<KbTryResponse> {
  return apiFetch<KbTryResponse>('/api/admin/knowledge-base/try', { method: 'POST', json: body });
}

/** The question's answer, kept until the next one. */
export function useTryQuestion() {
  return useMutation({ mutationFn: tryQuestion });
}
