import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ChatSourceJson, chatConversations, chatMessages } from './chat.schema.ts';

/**
 * SQL of the chat assistant's conversations: `chat_conversations` (one per chat session
 * id) and `chat_messages`. The admin's review screens read them through the support module.
 */

/** One question and its reply, as {@link ChatRepository.recordExchange} stores them. */
export interface ChatExchange {
  /** The widget's chat session id (contract `chatSessionIdSchema`). */
  sessionId: string;
  /** `local` | `anythingllm`. */
  engine: string;
  user: { message: string; language: string; at: Date };
  agent: {
    message: string;
    sources: ChatSourceJson[];
    language: string;
    /** How the reply was made (`ChatAnswerKind`, or `error`). */
    kind: string;
    /** Time to answer, ms. */
    latencyMs: number;
    at: Date;
  };
}

/** A stored message (tests and the purge's callers). */
export interface StoredChatMessage {
  id: number;
  sender: string;
  message: string;
  sources: ChatSourceJson[];
  language: string;
  kind: string | null;
  latencyMs: number | null;
  createdAt: Date;
}

/** A stored conversation with its messages, oldest first. */
export interface StoredConversation {
  id: number;
  sessionId: string;
  language: string;
  engine: string;
  messageCount: number;
  startedAt: Date;
  lastMessageAt: Date;
  messages: StoredChatMessage[];
}

/** Every message of a conversation, oldest first. */
export function messagesOf(db: Db, conversationId: number): Promise<StoredChatMessage[]> {
  return db
    .select({
      id: chatMessages.id,
      sender: chatMessages.sender,
      message: chatMessages.message,
      sources: chatMessages.sources,
      language: chatMessages.language,
      kind: chatMessages.kind,
      latencyMs: chatMessages.latencyMs,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));
}

/** Reads and writes of `chat_conversations` and `chat_messages`. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores an exchange in one transaction: upserts the conversation of `sessionId` (created on its
   * first message; otherwise its language and engine become the reply's, `message_count` grows by
   * 2 and `last_message_at` becomes the reply's time) and adds the visitor's message and the reply.
   * @returns the conversation's id.
   */
  async recordExchange(exchange: ChatExchange): Promise<number> {
    const { sessionId, engine, user, agent } = exchange;
    return this.db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(chatConversations)
        .values({
          sessionId,
          language: agent.language,
          engine,
          messageCount: 2,
          startedAt: user.at,
          lastMessageAt: agent.at,
        })
        .onConflictDoUpdate({
          target: chatConversations.sessionId,
          set: {
            language: agent.language,
            engine,
            messageCount: sql`${chatConversations.messageCount} + 2`,
            lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, excluded.last_message_at)`,
          },
        })
        .returning({ id: chatConversations.id });
      const conversationId = conversation!.id;
      await tx.insert(chatMessages).values([
        {
          conversationId,
          sender: 'user',
          message: user.message,
          sources: [],
          language: user.language,
          createdAt: user.at,
        },
        {
          conversationId,
          sender: 'agent',
          message: agent.message,
          sources: agent.sources,
          language: agent.language,
          kind: agent.kind,
          latencyMs: agent.latencyMs,
          createdAt: agent.at,
        },
      ]);
      return conversationId;
    });
  }

  /**
   * Deletes up to `limit` conversations whose last message is older than `cutoff` (their messages
   * go with them: `on delete cascade`), oldest first, reading the `last_message_at` index.
   * @returns how many were deleted; fewer than `limit` means none is left.
   */
  async deleteIdleBefore(cutoff: Date, limit: number): Promise<number> {
    const stale = this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(lt(chatConversations.lastMessageAt, cutoff))
      .orderBy(asc(chatConversations.lastMessageAt))
      .limit(limit);
    const deleted = await this.db
      .delete(chatConversations)
      .where(inArray(chatConversations.id, stale))
      .returning({ id: chatConversations.id });
    return deleted.length;
  }

  /** The conversation of a chat session with its messages, oldest first; undefined when none. */
  async findBySession(sessionId: string): Promise<StoredConversation | undefined> {
    const [conversation] = await this.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.sessionId, sessionId));
    if (!conversation) return undefined;
    const messages = await messagesOf(this.db, conversation.id);
    return {
      id: conversation.id,
      sessionId: conversation.sessionId,
      language: conversation.language,
      engine: conversation.engine,
      messageCount: conversation.messageCount,
      startedAt: conversation.startedAt,
      lastMessageAt: conversation.lastMessageAt,
      messages,
    };
  }
}
