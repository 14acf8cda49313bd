import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EsimGoCallbackService } from './esimgo-callback.service.ts';

/** Callback bodies are a few hundred bytes; refuse anything far larger before reading it. */
const CALLBACK_BODY_LIMIT_BYTES = 65_536;

const callbackHeadersSchema = z.looseObject({
  'x-signature-sha256': z
    .string()
    .optional()
    .describe('HMAC-SHA256 of the raw body with the eSIM Go API key, hex or base64'),
});

const callbackResponseSchema = z.object({
  received: z.literal(true),
  /** `applied` (its effect is committed), `ignored` (nothing to do), `duplicate` (seen before: no second effect). */
  outcome: z.enum(['applied', 'ignored', 'duplicate']),
});

/**
 * `POST /api/webhooks/esimgo`: eSIM Go usage callbacks, called by eSIM Go only (decision record
 * 0018). The body is read raw (a buffer parser for every content type, registered in this
 * plugin's own scope) because the signature covers the exact bytes. Answers 200
 * `{ received, outcome }` quickly (eSIM Go ignores the body and documents no retries); 401
 * `invalid_signature` for a missing or wrong `X-Signature-SHA256`; 400 for a body that is not a
 * callback. Never 5xx for what the sender sent.
 */
export const esimGoCallbackRoutes: FastifyPluginAsyncZod<{ callbacks: EsimGoCallbackService }> = async (
  app,
  { callbacks },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/webhooks/esimgo',
    {
      bodyLimit: CALLBACK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['webhooks'],
        summary: 'eSIM Go usage callback (V3, HMAC-signed)',
        description:
          'Set this URL as the callback URL in the eSIM Go portal (Account Settings, API Details, version V3). Utilisation and FirstUse update the bundle usage, times and state of the eSIM; esim.deleted archives it. Each distinct body takes effect once.',
        headers: callbackHeadersSchema,
        response: {
          200: callbackResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { outcome } = await callbacks.handle(raw, request.headers['x-signature-sha256']);
      return { received: true as const, outcome };
    },
  );
};
