import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { multiLineText } from './text.ts';

/**
 * The chat assistant (`docs/product-rules.md#chat-assistant-and-knowledge-base`): the request the
 * floating widget sends to `POST /api/anythingllm/chat` and the reply it reads. The same shapes
 * whichever engine answers (`CHAT_ENGINE=local`, the default, or `anythingllm`).
 */

/** Longest message, characters after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/**
 * The chat session id: a timestamp and a random string,
 * e.g. `1732456789012-k3j9x2m4q8`, kept in session storage. 8 to 100 letters, digits, `_`, `-`,
 * `.` or `:`.
 */
export const chatSessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits, _, -, . or :');

/**
 * `POST /api/anythingllm/chat` body: `message` 1 to 2,000 characters after trimming
 * (text rules of `text.ts`), `mode` always `chat`, `sessionId`, `reset` always false. `language`
 * is the page's language, the fallback when the message's own language cannot be told.
 */
export const chatRequestSchema = z.object({
  message: multiLineText()
    .min(1, 'required')
    .max(CHAT_MESSAGE_MAX_LENGTH, 'tooLong')
    .describe(
      "The visitor's message: 1 to 2,000 characters after trimming, no control characters but line breaks and tabs",
    ),
  mode: z.literal('chat').default('chat').describe('Always `chat`'),
  sessionId: chatSessionIdSchema.describe(
    'The chat session id: a timestamp and a random string, e.g. 1732456789012-k3j9x2m4q8',
  ),
  reset: z.literal(false).default(false).describe('Always false'),
  language: z
    .enum(LANGUAGE_CODES)
    .optional()
    .describe("The page's language: the reply's language when the message's own cannot be told"),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** A source under an assistant reply: an article's title, or a store page (`url` is a path such as `/en/japan`). */
export const chatSourceSchema = z.object({
  title: z.string().describe("A knowledge-base article's title, or a store page's name"),
  url: z.string().optional().describe('A store path such as /en/japan, when the source is a page'),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

/** `POST /api/anythingllm/chat` reply: the reply's id, its text and its sources. */
export const chatResponseSchema = z.object({
  id: z.string().describe("The reply's id (a UUID)"),
  textResponse: z.string().describe('The reply, plain text'),
  sources: z.array(chatSourceSchema).describe('What the reply was made from, best first'),
  /** The language the reply is written in. */
  language: z.enum(LANGUAGE_CODES).optional().describe('The language the reply is written in'),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
