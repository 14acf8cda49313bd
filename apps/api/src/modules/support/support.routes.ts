import { apiErrorSchema } from '@esim/contract/catalog';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { supportMessageRequestSchema, supportMessageResponseSchema } from '@esim/contract/support';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SupportThrottle } from './support-throttle.ts';
import type { SupportService } from './support.service.ts';

/**
 * Largest body of `POST /api/support/messages`, bytes: the longest form (5,000 characters of
 * message, up to 6 bytes each as JSON escapes) with room to spare.
 */
export const SUPPORT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The page language of a message: the body's `language`, else the first supported language of
 * `Accept-Language` (by the order the client lists them, regions ignored: `tr-TR` is `tr`), else
 * English.
 */
export function messageLanguage(request: FastifyRequest, bodyLanguage: Language | undefined): Language {
  if (bodyLanguage) return bodyLanguage;
  for (const part of (request.headers['accept-language'] ?? '').split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The support page's contact form (docs/product-rules.md#support-messages): `POST /api/support/messages` `{ name, email, subject, message, website?, language? }`
 * (contract `supportMessageRequestSchema`) -> 202 `{ status: 'received', reference }`.
 *
 * - 400 `validation_error` naming the field (`name`, `email`, `subject`, `message`...) and why
 *   (`required`, `tooLong`, `tooShort`, `email`, `invalidCharacters`);
 * - 429 `rate_limited` with `Retry-After` (seconds) past `SUPPORT_RATE_LIMIT_PER_HOUR` messages
 *   per hour from the client address, or to the sender's address (`support-throttle.ts`);
 * - a filled honeypot `website` answers 202 the same way, stores and sends nothing, and is
 *   logged at info (without the message or address);
 * - the message is stored with its e-mail job (desk copy with Reply-To the sender, localised
 *   acknowledgement) in one transaction.
 *
 * Every answer is `Cache-Control: no-store`. Public: no session or sign-in needed; a cookie
 * request passes the store's CSRF rule like any other.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService; throttle: SupportThrottle }> = async (
  app,
  { support, throttle },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/support/messages',
    {
      bodyLimit: SUPPORT_BODY_LIMIT_BYTES,
      preHandler: (request, reply) => throttle.preHandler(request, reply),
      schema: {
        tags: ['support'],
        summary: 'Send a message through the support page contact form',
        body: supportMessageRequestSchema,
        response: {
          202: supportMessageResponseSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const language = messageLanguage(request, request.body.language);
      const result = await support.submit(request.body, language);
      if (!result.stored)
        request.log.info({ honeypot: true, language }, 'support: honeypot field filled, message dropped');
      return reply.status(202).send({ status: 'received', reference: result.reference });
    },
  );
};
