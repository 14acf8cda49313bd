import { z } from 'zod';
import { cursorSchema, limitSchema, searchSchema } from './admin.ts';
import { emailSchema } from './auth.ts';
import { chatSourceSchema } from './chat.ts';
import { LANGUAGE_CODES } from './languages.ts';
import { multiLineText, singleLineText } from './text.ts';

/**
 * The support page's contact form (`docs/product-rules.md#support-messages`):
 * `POST /api/support/messages`. Length limits match the form's fields.
 */

export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/**
 * The contact form: name, e-mail, subject, message; `website` is the hidden honeypot field a
 * person leaves empty (a filled one is accepted and silently dropped); `language` is the page's.
 */
export const supportMessageRequestSchema = z.object({
  name: singleLineText().min(1, 'required').max(SUPPORT_NAME_MAX_LENGTH, 'tooLong'),
  email: emailSchema,
  subject: singleLineText().min(1, 'required').max(SUPPORT_SUBJECT_MAX_LENGTH, 'tooLong'),
  message: multiLineText().min(SUPPORT_MESSAGE_MIN_LENGTH, 'tooShort').max(SUPPORT_MESSAGE_MAX_LENGTH, 'tooLong'),
  website: z.string().max(500).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type SupportMessageRequest = z.input<typeof supportMessageRequestSchema>;

/** `POST /api/support/messages` reply: 202 with the message's reference. */
export const supportMessageResponseSchema = z.object({ status: z.literal('received'), reference: z.string() });
export type SupportMessageResponse = z.infer<typeof supportMessageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: support messages, listed and marked answered

/**
 * A message's reference: `SUP-` and 8 characters of the RFC 4648 base32 alphabet (A-Z, 2-7),
 * 40 random bits, e.g. `SUP-7K3M4Q2X`.
 */
export const SUPPORT_REFERENCE_PATTERN = /^SUP-[A-Z2-7]{8}$/;

/** `support_messages.status`: `open` until an admin marks it `answered`. */
export const SUPPORT_MESSAGE_STATUSES = ['open', 'answered'] as const;
export const supportMessageStatusSchema = z.enum(SUPPORT_MESSAGE_STATUSES);
export type SupportMessageStatus = z.infer<typeof supportMessageStatusSchema>;

/**
 * `GET /api/admin/support-messages` query: `status` (none: both), `q` a part of the name, e-mail
 * address or subject, or a reference (`SUP-…`, whole or in part), case-insensitive; keyset
 * `cursor` (the previous page's `nextCursor`) and `limit` (1-100, default 25). Newest first.
 */
export const adminSupportMessagesQuerySchema = z.object({
  status: supportMessageStatusSchema.optional(),
  q: searchSchema,
  cursor: cursorSchema.optional(),
  limit: limitSchema(25),
});
export type AdminSupportMessagesQuery = z.input<typeof adminSupportMessagesQuerySchema>;

/** Characters of a message shown in the list ({@link adminSupportMessageSchema} `preview`). */
export const SUPPORT_PREVIEW_LENGTH = 160;

/** A support message in the admin list. Times are ISO 8601. */
export const adminSupportMessageSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** The message's first {@link SUPPORT_PREVIEW_LENGTH} characters, on one line. */
  preview: z.string(),
  /** The page language the sender wrote from (`en`, `tr`, `es`, `fr`, `de`): the acknowledgement's. */
  language: z.string(),
  status: supportMessageStatusSchema,
  /** When and by whom (admin username) it was marked answered; null while open. */
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSupportMessage = z.infer<typeof adminSupportMessageSchema>;

/** `GET /api/admin/support-messages/{id}` and the answer of its `PATCH`: the message in full. */
export const adminSupportMessageDetailSchema = adminSupportMessageSchema.extend({ message: z.string() });
export type AdminSupportMessageDetail = z.infer<typeof adminSupportMessageDetailSchema>;

/** `GET /api/admin/support-messages`: a page, and how many messages are open and answered in all (for the tabs). */
export const adminSupportMessagesPageSchema = z.object({
  messages: z.array(adminSupportMessageSchema),
  nextCursor: z.string().nullable(),
  counts: z.object({ open: z.number().int(), answered: z.number().int() }),
});
export type AdminSupportMessagesPage = z.infer<typeof adminSupportMessagesPageSchema>;

/** `PATCH /api/admin/support-messages/{id}` body: mark it answered, or open again. */
export const supportMessageStatusBodySchema = z.object({ status: supportMessageStatusSchema });
export type SupportMessageStatusBody = z.infer<typeof supportMessageStatusBodySchema>;

// ---------------------------------------------------------------------------------------------
// Admin: chat conversations (kept 30 days; the assistant's answers reviewed by an admin)

/**
 * The keyset cursor of the conversation list, newest `last_message_at` first: the last row's
 * time in microseconds since 1970 and its id, `<micros>.<id>`, as `nextCursor` gives it.
 */
export const conversationCursorSchema = z
  .string()
  .regex(/^\d{1,17}\.[1-9]\d{0,9}$/, 'must be the nextCursor of a previous page');

/**
 * `GET /api/admin/chat-conversations` query: `q` a part of any message's text or of the session
 * id (case-insensitive), `reviewed` `true` or `false` (none: both), `cursor`, `limit` (1-100,
 * default 25). Newest last message first.
 */
export const adminConversationsQuerySchema = z.object({
  q: searchSchema,
  reviewed: z.enum(['true', 'false']).optional(),
  cursor: conversationCursorSchema.optional(),
  limit: limitSchema(25),
});
export type AdminConversationsQuery = z.input<typeof adminConversationsQuerySchema>;

/** A conversation in the admin list. */
export const adminConversationSchema = z.object({
  id: z.number().int(),
  sessionId: z.string(),
  /** The language of the last reply. */
  language: z.string(),
  /** `local` or `anythingllm`. */
  engine: z.string(),
  /** Messages of both sides. */
  messageCount: z.number().int(),
  /** The visitor's first message, cut to {@link SUPPORT_PREVIEW_LENGTH} characters; null when there is none. */
  firstQuestion: z.string().nullable(),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/** `GET /api/admin/chat-conversations`. */
export const adminConversationsPageSchema = z.object({
  conversations: z.array(adminConversationSchema),
  nextCursor: z.string().nullable(),
});
export type AdminConversationsPage = z.infer<typeof adminConversationsPageSchema>;

/** A message of a conversation: the visitor's (`user`) or the assistant's (`agent`). */
export const adminChatMessageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(['user', 'agent']),
  message: z.string(),
  sources: z.array(chatSourceSchema),
  language: z.string(),
  /** How the reply was made (`knowledge`, `catalogue`, `device`, `fallback`, `error`...); null for the visitor's. */
  kind: z.string().nullable(),
  /** Time to answer, ms (the assistant's). */
  latencyMs: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;

/** `GET /api/admin/chat-conversations/{id}` and the answer of its `PATCH`: the conversation with every message, oldest first. */
export const adminConversationDetailSchema = adminConversationSchema.extend({
  messages: z.array(adminChatMessageSchema),
});
export type AdminConversationDetail = z.infer<typeof adminConversationDetailSchema>;

/** `PATCH /api/admin/chat-conversations/{id}` body: mark it reviewed, or not. */
export const conversationReviewBodySchema = z.object({ reviewed: z.boolean() });
export type ConversationReviewBody = z.infer<typeof conversationReviewBodySchema>;
