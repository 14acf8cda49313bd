import { apiErrorSchema } from '@esim/contract/catalog';
import { chatRequestSchema, chatResponseSchema } from '@esim/contract/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptLanguageOf } from './chat-language.ts';
import type { ChatThrottle } from './chat-throttle.ts';
import type { ChatService } from './chat.service.ts';

/**
 * A message is at most 2,000 characters after trimming; even written as JSON `\uXXXX` escapes
 * with some white space around it, a body stays far below this. Larger ones are refused (413)
 * before they are parsed.
 */
const BODY_LIMIT_BYTES = 32_768;

/** Loose, because Fastify replaces `request.headers` with the validated value. */
const chatHeadersSchema = z.looseObject({
  'accept-language': z
    .string()
    .optional()
    .describe(
      "The browser's languages: the first of en, tr, es, fr, de it names is the fallback after the page's `language`",
    ),
});

/**
 * The chat assistant's endpoint (docs/product-rules.md#chat-assistant-and-knowledge-base), for the floating
 * widget on every page. Public (anonymous visitors chat by session id); every answer is
 * `Cache-Control: no-store`.
 *
 * `POST /api/anythingllm/chat` `{ message, mode: 'chat', sessionId, reset: false, language? }`
 * (contract `chatRequestSchema`) -> 200 `{ id, textResponse, sources: [{ title, url? }], language }`
 * (contract `chatResponseSchema`), whichever engine answers (`CHAT_ENGINE`: `local` or
 * `anythingllm`):
 * - 400 `validation_error` naming the field: `message` missing, blank after trimming, over 2,000
 *   characters or holding control characters (NUL...); `sessionId` not 8 to 100 of
 *   `A-Z a-z 0-9 _ - . :`; `mode` other than `chat`; `reset` other than false; `language` not one
 *   of en, tr, es, fr, de. 413 past {@link BODY_LIMIT_BYTES}; 415 when not JSON.
 * - 429 `rate_limited` with `Retry-After` (seconds) past `CHAT_RATE_LIMIT_PER_SESSION` messages a
 *   minute for the session or `CHAT_RATE_LIMIT_PER_ADDRESS` for the client address (`throttle`).
 * - The reply's language is the message's own, else the body's `language` (the page's), else the
 *   first supported one of `Accept-Language`, else English. An engine failure is still a 200: the
 *   localised error reply ("Üzgünüm, bir hata oluştu. Lütfen tekrar deneyin." in Turkish; logged).
 * The exchange is stored as the session's conversation, kept 30 days after its last message.
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; throttle: ChatThrottle }> = async (
  app,
  { chat, throttle },
) => {
  // Scoped to this plugin's route, error answers included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/anythingllm/chat',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['chat'],
        summary:
          "Ask the store's chat assistant; the reply comes in the visitor's language with the titles of its sources",
        description:
          'AnythingLLM-compatible workspace chat (`mode` always `chat`, `reset` always false). Rate limited per `sessionId` and per client address (429 with `Retry-After`). An engine failure answers 200 with the localised error reply.',
        headers: chatHeadersSchema,
        body: chatRequestSchema,
        response: { 200: chatResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { message, sessionId, language } = request.body;
      await throttle(request, reply, sessionId);
      return chat.ask({
        message,
        sessionId,
        pageLanguage: language,
        acceptLanguage: acceptLanguageOf(request.headers['accept-language']),
      });
    },
  );
};
