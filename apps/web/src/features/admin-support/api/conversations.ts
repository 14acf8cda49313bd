import type { AdminConversationDetail, AdminConversationsPage } from '@esim/contract/support';
import { adminCollection } from '../../../admin-kit/api/admin-collection.ts';

/** The conversations list's filters (empty strings mean none). */
export interface ConversationFilters {
  q: string;
  reviewed: 'true' | 'false' | '';
}

/**
 * The chat assistant's conversations of the last 30 days (`/api/admin/chat-conversations`): pages
 * newest last message first, searched in every message and the session id and filtered by review;
 * one conversation with every message (404 once purged after 30 days); `PATCH { reviewed }`.
 */
export const conversations = adminCollection<ConversationFilters, AdminConversationsPage, AdminConversationDetail>(
  '/api/admin/chat-conversations',
  (filters) => ({ q: filters.q.trim(), reviewed: filters.reviewed }),
);

/** Marking a conversation reviewed or not (`{ id, reviewed }`). */
export const useSetConversationReviewed = () => conversations.useChange<{ reviewed: boolean }>();
