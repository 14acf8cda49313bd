import fastifyRateLimit from '@fastify/rate-limit';
import { sessionIdSchema } from '@esim/contract/cart';
import { apiErrorSchema } from '@esim/contract/catalog';
import { idempotencyKeySchema } from '@esim/contract/checkout';
import {
  iccidParamsSchema,
  portalSyncResponseSchema,
  portalTopupSchema,
  portalViewSchema,
  topupBodySchema,
  topupOptionsResponseSchema,
  topupResponseSchema,
} from '@esim/contract/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { requireHeader } from '../../lib/request-headers.ts';
import type { PortalService } from './portal.service.ts';

/** Top-up bodies are well under 1 KiB. */
const TOPUP_BODY_LIMIT_BYTES = 8_192;

/** Loose, because Fastify replaces `request.headers` with the validated value. */
const tokenHeadersSchema = z.looseObject({
  'x-access-token': z.string().optional().describe('The portal access token from the purchase e-mail'),
});
const topupHeadersSchema = z.looseObject({
  'x-access-token': z.string().optional().describe('The portal access token from the purchase e-mail'),
  'x-session-id': sessionIdSchema,
  'idempotency-key': idempotencyKeySchema,
});
/** Any string: unknown and malformed numbers alike answer 404. */
const topupParamsSchema = z.object({ orderNumber: z.string().max(64).describe('Top-up order number, e.g. ORD-7K3F9Q2X4M') });

const authErrors = { 401: apiErrorSchema, 429: apiErrorSchema } as const;

/**
 * Customer portal routes (issue "Customer portal"; specification sections 2, 4, 8). Every route
 * takes the access token in the `X-Access-Token` header only (never the URL, which logs and
 * browser history keep) and answers `Cache-Control: no-store`. Errors are `{ error: { code,
 * message, field? } }`: 401 `token_required` | `invalid_token` | `token_revoked` |
 * `token_expired`; 404 for an ICCID or top-up of another order; 429 when one IP exceeds
 * `rateLimitPerMinute` portal requests a minute (token guessing).
 *
 * - `GET /api/portal` -> `PortalView`.
 * - `POST /api/portal/esims/{iccid}/sync` -> `{ esim }` after reading usage from the provider
 *   (502/503 `upstream_error` 'Failed to sync usage data').
 * - `GET /api/portal/esims/{iccid}/topups` -> `{ esim, products }` (409 `topup_unavailable`
 *   unless the eSIM is active).
 * - `POST /api/portal/esims/{iccid}/topups`, also `X-Session-Id` and `Idempotency-Key` (400
 *   naming the header when missing), body `TopupBody` -> 201 `TopupResponse`; 402 with the
 *   payment provider's reason; 409 `topup_unavailable`; 422 `idempotency_key_reused`.
 * - `GET /api/portal/topups/{orderNumber}` and `POST .../paypal/capture` -> `PortalTopup`.
 */
export const portalRoutes: FastifyPluginAsyncZod<{ portal: PortalService; rateLimitPerMinute: number }> = async (
  app,
  { portal, rateLimitPerMinute },
) => {
  // Registered inside this plugin, so it limits the portal's routes only.
  await app.register(fastifyRateLimit, {
    max: rateLimitPerMinute,
    timeWindow: 60_000,
    // The plugin throws what this returns; the one error handler turns it into the usual body.
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(`Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/portal',
    {
      schema: {
        tags: ['portal'],
        summary: 'The eSIMs, usage, bundles and order history of an access token',
        headers: tokenHeadersSchema,
        response: { 200: portalViewSchema, ...authErrors },
      },
    },
    async (request) => portal.view(request.headers['x-access-token']),
  );

  app.post(
    '/api/portal/esims/:iccid/sync',
    {
      schema: {
        tags: ['portal'],
        summary: "Read an eSIM's usage and bundles from the eSIM provider now",
        headers: tokenHeadersSchema,
        params: iccidParamsSchema,
        response: { 200: portalSyncResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema, ...authErrors },
      },
    },
    async (request) => ({ esim: await portal.sync(request.headers['x-access-token'], request.params.iccid) }),
  );

  app.get(
    '/api/portal/esims/:iccid/topups',
    {
      schema: {
        tags: ['portal'],
        summary: 'The plans that can top up an active eSIM',
        headers: tokenHeadersSchema,
        params: iccidParamsSchema,
        response: { 200: topupOptionsResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...authErrors },
      },
    },
    async (request) => portal.topupOptions(request.headers['x-access-token'], request.params.iccid),
  );

  app.post(
    '/api/portal/esims/:iccid/topups',
    {
      bodyLimit: TOPUP_BODY_LIMIT_BYTES,
      onRequest: async (request) => {
        requireHeader(request, 'X-Session-Id', sessionIdSchema);
        requireHeader(request, 'Idempotency-Key', idempotencyKeySchema);
      },
      schema: {
        tags: ['portal'],
        summary: 'Buy a top-up bundle for an active eSIM (card or PayPal); idempotent by Idempotency-Key',
        headers: topupHeadersSchema,
        params: iccidParamsSchema,
        body: topupBodySchema,
        response: {
          201: topupResponseSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await portal.purchaseTopup(request.headers['x-access-token'], request.params.iccid, {
        sessionId: request.headers['x-session-id'],
        idempotencyKey: request.headers['idempotency-key'],
        body: request.body,
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as z.infer<typeof topupResponseSchema>);
    },
  );

  app.get(
    '/api/portal/topups/:orderNumber',
    {
      schema: {
        tags: ['portal'],
        summary: 'A top-up of this portal and whether it has been applied',
        headers: tokenHeadersSchema,
        params: topupParamsSchema,
        response: { 200: portalTopupSchema, 404: apiErrorSchema, ...authErrors },
      },
    },
    async (request) => portal.topup(request.headers['x-access-token'], request.params.orderNumber),
  );

  app.post(
    '/api/portal/topups/:orderNumber/paypal/capture',
    {
      schema: {
        tags: ['portal'],
        summary: "Capture a top-up's approved PayPal payment (idempotent)",
        headers: tokenHeadersSchema,
        params: topupParamsSchema,
        response: { 200: portalTopupSchema, 402: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema, ...authErrors },
      },
    },
    async (request) => portal.captureTopup(request.headers['x-access-token'], request.params.orderNumber),
  );
};
