import {
  type AdminChatMessage,
  type AdminConversation,
  type AdminConversationDetail,
  type AdminConversationsPage,
  SUPPORT_PREVIEW_LENGTH,
} from '@esim/contract/support';
import { NotFoundError } from '../../../lib/errors.ts';
import type { ChatMessageRow, ConversationRow, ConversationsRepository } from './conversations.repository.ts';
import { previewOf } from '../../../lib/preview-text.ts';

/** Filters of {@link ConversationsService.list}, as the route's query gives them. */
export interface ConversationListQuery {
  q?: string | undefined;
  reviewed?: boolean | undefined;
  /** `<micros>.<id>`, a previous page's `nextCursor`. */
  cursor?: string | undefined;
  limit: number;
}

function toConversation(row: ConversationRow): AdminConversation {
  return {
    id: row.id,
    sessionId: row.sessionId,
    language: row.language,
    engine: row.engine,
    messageCount: row.messageCount,
    firstQuestion: row.firstQuestion === null ? null : previewOf(row.firstQuestion, SUPPORT_PREVIEW_LENGTH),
    startedAt: row.startedAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
  };
}

function toMessage(row: ChatMessageRow): AdminChatMessage {
  return {
    id: row.id,
    sender: row.sender === 'agent' ? 'agent' : 'user',
    message: row.message,
    sources: Array.isArray(row.sources)
      ? row.sources
          .filter((s) => typeof s?.title === 'string')
          .map((s) => (typeof s.url === 'string' ? { title: s.title, url: s.url } : { title: s.title }))
      : [],
    language: row.language,
    kind: row.kind,
    latencyMs: row.latencyMs,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The chat assistant's conversations in the admin area: the list, one conversation with every message, and the review mark.
 * Conversations are written by the chat module and kept 30 days
 * (docs/product-rules.md#data-retention). Knows neither HTTP nor SQL.
 */
export class ConversationsService {
  constructor(private readonly repo: ConversationsRepository) {}

  /** A page of conversations, newest last message first, with the keyset cursor of the next page. */
  async list(query: ConversationListQuery): Promise<AdminConversationsPage> {
    const after = query.cursor ? parseCursor(query.cursor) : undefined;
    const rows = await this.repo.list({
      q: query.q,
      reviewed: query.reviewed,
      after,
      limit: query.limit + 1,
      // A little more than the preview, which `previewOf` cuts after folding white space.
      previewLength: SUPPORT_PREVIEW_LENGTH * 2,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      conversations: page.map(toConversation),
      nextCursor: rows.length > query.limit && last ? `${last.lastMicros}.${last.id}` : null,
    };
  }

  /**
   * One conversation with every message, oldest first.
   * @throws NotFoundError (404, field `id`) for an unknown id (or one purged after 30 days).
   */
  async get(id: number): Promise<AdminConversationDetail> {
    const row = await this.repo.find(id, SUPPORT_PREVIEW_LENGTH * 2);
    if (!row) throw new NotFoundError(`No chat conversation ${id}`, 'id');
    const messages = await this.repo.messages(id);
    return { ...toConversation(row), messages: messages.map(toMessage) };
  }

  /**
   * Marks a conversation reviewed (now, by `actor`) or not; one already reviewed keeps its
   * first review.
   * @returns the review mark before, and the conversation after.
   * @throws NotFoundError (404, field `id`) for an unknown id.
   */
  async setReviewed(
    id: number,
    reviewed: boolean,
    actor: string,
  ): Promise<{ before: { reviewedAt: string | null; reviewedBy: string | null }; after: AdminConversationDetail }> {
    const before = await this.repo.setReviewed(id, reviewed, actor);
    if (!before) throw new NotFoundError(`No chat conversation ${id}`, 'id');
    return {
      before: { reviewedAt: before.reviewedAt?.toISOString() ?? null, reviewedBy: before.reviewedBy },
      after: await this.get(id),
    };
  }
}

/** `<micros>.<id>` (the contract checked its shape). */
function parseCursor(cursor: string): { micros: string; id: number } {
  const [micros = '0', id = '0'] = cursor.split('.');
  return { micros, id: Number(id) };
}
