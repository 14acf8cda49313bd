import { type SQL, and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { chatConversations, chatMessages } from '../chat.schema.ts';
import { likeContaining } from '../../../db/like.ts';
import { messagesOf, type StoredChatMessage } from '../chat.repository.ts';

/**
 * The admin's reads of the chat assistant's conversations: `chat_conversations` and `chat_messages`, which the chat module writes (and
 * purges 30 days after the last message). Here only the review mark (`reviewed_at`,
 * `reviewed_by`) is written.
 */

/** A conversation of the list, with its counted messages and the visitor's first question. */
export interface ConversationRow {
  id: number;
  sessionId: string;
  language: string;
  engine: string;
  messageCount: number;
  /** The visitor's first message, cut to `previewLength` characters; null when there is none. */
  firstQuestion: string | null;
  startedAt: Date;
  lastMessageAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  /** `last_message_at` in whole microseconds since 1970, as text (the keyset cursor's first half). */
  lastMicros: string;
}

/** A stored chat message. */
export type ChatMessageRow = StoredChatMessage;

/** Filters of {@link ConversationsRepository.list}. */
export interface ConversationFilter {
  /** Part of any message's text, or of the session id (case-insensitive). */
  q?: string | undefined;
  reviewed?: boolean | undefined;
  /** Keyset: only conversations after this one in the order (newest last message first). */
  after?: { micros: string; id: number } | undefined;
  limit: number;
  /** Characters of the first question kept. */
  previewLength: number;
}

/**
 * The outer row's id inside a correlated sub-select, table-qualified: Drizzle writes a column of
 * a one-table query unqualified (`"id"`), which inside `from chat_messages m` would be `m.id`.
 */
const conversationId = sql.raw('"chat_conversations"."id"');

/**
 * `last_message_at` as whole microseconds since 1970 (`extract` answers an exact numeric since
 * PostgreSQL 14), so the cursor names the row's time exactly, unlike milliseconds.
 */
const lastMicros = sql<string>`(extract(epoch from ${chatConversations.lastMessageAt}) * 1000000)::bigint::text`;

/** The admin's reads of chat conversations; see the module comment. */
export class ConversationsRepository {
  constructor(private readonly db: Db) {}

  private columns(previewLength: number) {
    return {
      id: chatConversations.id,
      sessionId: chatConversations.sessionId,
      language: chatConversations.language,
      engine: chatConversations.engine,
      // Counted rather than read from `message_count`, so the list agrees with the detail.
      messageCount: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${conversationId})`,
      firstQuestion: sql<string | null>`(select left(m.message, ${previewLength}) from ${chatMessages} m
        where m.conversation_id = ${conversationId} and m.sender = 'user' order by m.id limit 1)`,
      startedAt: chatConversations.startedAt,
      lastMessageAt: chatConversations.lastMessageAt,
      reviewedAt: chatConversations.reviewedAt,
      reviewedBy: chatConversations.reviewedBy,
      lastMicros,
    };
  }

  /**
   * Conversations, newest last message first (ties by id, descending), filtered; keyset
   * pagination on `(last_message_at, id)` with the time compared to the microsecond.
   */
  async list(filter: ConversationFilter): Promise<ConversationRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.reviewed === undefined
        ? undefined
        : filter.reviewed
          ? isNotNull(chatConversations.reviewedAt)
          : isNull(chatConversations.reviewedAt),
      filter.after
        ? sql`(${chatConversations.lastMessageAt}, ${chatConversations.id}) <
              ('epoch'::timestamptz + ${filter.after.micros}::bigint * interval '1 microsecond', ${filter.after.id})`
        : undefined,
    ];
    const q = filter.q?.trim();
    if (q) {
      const pattern = likeContaining(q);
      conditions.push(
        sql`(${chatConversations.sessionId} ilike ${pattern} or exists (select 1 from ${chatMessages} m
              where m.conversation_id = ${conversationId} and m.message ilike ${pattern}))`,
      );
    }
    const rows = await this.db
      .select(this.columns(filter.previewLength))
      .from(chatConversations)
      .where(and(...conditions))
      .orderBy(sql`${chatConversations.lastMessageAt} desc, ${chatConversations.id} desc`)
      .limit(filter.limit);
    return rows.map(normalise);
  }

  /** One conversation, or undefined. */
  async find(id: number, previewLength: number): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .select(this.columns(previewLength))
      .from(chatConversations)
      .where(eq(chatConversations.id, id));
    return row ? normalise(row) : undefined;
  }

  /** Every message of a conversation, oldest first. */
  messages(conversationId: number): Promise<ChatMessageRow[]> {
    return messagesOf(this.db, conversationId);
  }

  /**
   * Marks a conversation reviewed (now, by `actor`) or not (both cleared). One already marked
   * reviewed keeps its first review's time and admin.
   * @returns the review mark before, or undefined for an unknown id.
   */
  async setReviewed(
    id: number,
    reviewed: boolean,
    actor: string,
  ): Promise<{ reviewedAt: Date | null; reviewedBy: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ reviewedAt: chatConversations.reviewedAt, reviewedBy: chatConversations.reviewedBy })
        .from(chatConversations)
        .where(eq(chatConversations.id, id))
        .for('update');
      if (!before) return undefined;
      if (reviewed !== (before.reviewedAt !== null)) {
        await tx
          .update(chatConversations)
          .set(reviewed ? { reviewedAt: sql`now()`, reviewedBy: actor } : { reviewedAt: null, reviewedBy: null })
          .where(eq(chatConversations.id, id));
      }
      return before;
    });
  }
}

/** Drivers answer `count(*)::int` as a number and timestamps as `Date`; sub-selects may come back as strings. */
function normalise(row: ConversationRow): ConversationRow {
  return {
    ...row,
    messageCount: Number(row.messageCount),
    lastMessageAt: new Date(row.lastMessageAt),
    startedAt: new Date(row.startedAt),
    reviewedAt: row.reviewedAt === null ? null : new Date(row.reviewedAt),
  };
}
