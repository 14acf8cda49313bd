import type { ChatRequest, ChatResponse } from '@esim/contract/chat';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Asks the assistant (`POST /api/anythingllm/chat`): `{ message, mode:
 * 'chat', sessionId, reset: false, language }` with the message already trimmed and the page's
 * language as the fallback for the reply's language. Resolves to `{ id, textResponse, sources }`.
 *
 * @throws HttpError 400 `validation_error` (blank or over 2,000 characters), 429 `rate_limited`
 *   with `retryAfterS`; or a network error (TypeError).
 */
export function sendChatMessage(body: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
  return apiFetch<ChatResponse>('/api/anythingllm/chat', {
    method: 'POST',
    json: body,
    ...(signal ? { signal } : {}),
  });
}
