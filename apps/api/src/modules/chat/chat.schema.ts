import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The chat assistant's tables: knowledge-base articles and their revision, conversations and their
 * messages. Written only by the chat module.
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * Knowledge-base articles (decision record 0017): the chat
 * assistant retrieves from the published ones and cites their titles. `slug` names the topic
 * shared by an article's translations (`refunds`), unique per language. `remote_*` track the copy
 * pushed to an AnythingLLM workspace (`CHAT_ENGINE=anythingllm`): its document location, the
 * content hash it was pushed with, and the last push error (AnythingLLM answers 200 even when
 * embedding fails).
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** en | tr | es | fr | de. */
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Username of the admin who last changed it; `seed` for the shipped articles. */
    updatedBy: text('updated_by').notNull().default('seed'),
    remoteLocation: text('remote_location'),
    remoteHash: text('remote_hash'),
    remoteSyncedAt: timestamp('remote_synced_at', { withTimezone: true }),
    remoteError: text('remote_error'),
  },
  (t) => [
    uniqueIndex('kb_articles_slug_language_idx').on(t.slug, t.language),
    index('kb_articles_updated_idx').on(t.updatedAt),
  ],
);

/**
 * The knowledge base's revision (one row, `id` 1): every change of an article adds 1 in the same
 * transaction, so each instance of the store sees a change at its next question and rebuilds its
 * index, so that a change reaches the assistant at once, on every instance, without a restart.
 */
export const kbRevision = pgTable('kb_revision', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chat conversations, one per chat session id, kept 30 days after their last message
 * for the admin to review (`reviewed_at`).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull().unique(),
    /** The language of the last reply. */
    language: text('language').notNull(),
    /** `local` | `anythingllm`. */
    engine: text('engine').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [index('chat_conversations_last_idx').on(t.lastMessageAt)],
);

/** Chat source as stored with an agent message. */
export type ChatSourceJson = { title: string; url?: string };

/** The messages of a chat conversation: the visitor's (`user`) and the assistant's (`agent`). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** `user` | `agent`. */
    sender: text('sender').notNull(),
    message: text('message').notNull(),
    sources: jsonb('sources').$type<ChatSourceJson[]>().notNull().default([]),
    language: text('language').notNull(),
    /** How the reply was made, e.g. `catalogue`, `device`, `knowledge`, `fallback`, `error` (agent messages). */
    kind: text('kind'),
    /** Time to answer, ms (agent messages). */
    latencyMs: integer('latency_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);
