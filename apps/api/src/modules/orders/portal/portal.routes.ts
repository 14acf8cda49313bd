import fastifyRateLimit from '@fastify/rate-limit';
import { sessionIdSchema } from '@esim/contract/cart';
import { apiErrorSchema } from '@esim/contract/catalog';
import { idempotencyKeySchema } from '@esim/contract/checkout';
import {
  attachOrderBodySchema,
  attachOrderResponseSchema,
  iccidParamsSchema,
  portalSyncResponseSchema,
  portalTopupSchema,
  portalViewSchema,
  topupBodySchema,
  topupOptionsResponseSchema,
  topupResponseSchema,
} from '@esim/contract/portal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError } from '../../../lib/errors.ts';
import type { RouteThrottle } from '../../../lib/payment-throttle.ts';
import { requireHeader } from '../../../lib/request-headers.ts';
import { requireUser, signedIn } from '../../auth/auth.module.ts';
import type { PortalAccess, PortalService } from './portal.service.ts';
import type { SharedRateLimitOptions } from '../../../lib/throttle-store.ts';

/** Top-up bodies are well under 1 KiB. */
const TOPUP_BODY_LIMIT_BYTES = 8_192;
/** Attach bodies are one token. */
const ATTACH_BODY_LIMIT_BYTES = 2_048;

/** Loose, because Fastify replaces `request.headers` with the validated value. */
const tokenHeadersSchema = z.looseObject({
  'x-access-token': z.string().optional().describe('The portal access token from the purchase e-mail'),
});
const topupHeadersSchema = z.looseObject({
  'x-access-token': z.string().optional().describe('The portal access token from the purchase e-mail'),
  'x-session-id': sessionIdSchema,
  'idempotency-key': idempotencyKeySchema,
});
/**
 * Any string: unknown and malformed numbers alike answer 404 (after the token check; the service
 * checks the format before any query). The routes set `paramsFormatChecked`, so NUL gets that
 * 404 too rather than the text guard's 400.
 */
const topupParamsSchema = z.object({ orderNumber: z.string().describe('Top-up order number, e.g. ORD-7K3F9Q2X4M') });

const authErrors = { 401: apiErrorSchema, 429: apiErrorSchema } as const;

/**
 * What a portal request brings: its `X-Access-Token` (which decides when present) and the
 * signed-in account of its session cookie, if any.
 */
function accessOf(request: FastifyRequest, token: string | undefined): PortalAccess {
  const user = request.auth?.user;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.username : '';
  return { token, account: user ? { userId: user.id, name } : null };
}

/**
 * Customer portal routes (docs/product-rules.md#customer-portal-and-access-tokens, #top-ups;
 * decision record 0009). Bodies and answers are the contract's (`portal.ts`); every answer is
 * `Cache-Control: no-store`; money in integer US cents.
 *
 * - Access token (`X-Access-Token` header only, never the URL, which logs and history keep) or,
 *   without one, the signed-in account's session cookie: `GET /api/portal`,
 *   `POST /api/portal/esims/{iccid}/sync`, `GET|POST /api/portal/esims/{iccid}/topups` (the POST
 *   also with `X-Session-Id` and `Idempotency-Key`), `GET /api/portal/topups/{orderNumber}` and
 *   its `/paypal/capture` and `/payment/confirm` (after 3-D Secure).
 * - Signed in: `POST /api/user/orders/attach` (a guest order and its top-ups to the account).
 *
 * Errors of their own: 401 `token_required`, `invalid_token`, `token_revoked`, `token_expired`;
 * 404 for an ICCID or top-up outside the token's order or the account; 409 `esim_refunded`,
 * `topup_unavailable` (the eSIM is not active), `order_belongs_to_another_account`; 400
 * `invalid_token` on attach (unknown, expired and revoked alike); a top-up's payment errors as
 * checkout's (402, 409, 422, 502/503); 429 `rate_limited` with `Retry-After` (seconds) past
 * `rateLimitPerMinute` portal requests per IP (token guessing), the payment throttles or the
 * attach throttle; 403 `csrf_rejected` for a cookie POST from another origin.
 */
export const portalRoutes: FastifyPluginAsyncZod<{
  portal: PortalService;
  rateLimitPerMinute: number;
  throttle: RouteThrottle;
  /** The attach route's throttle (`attach-throttle.ts`). */
  attach: RouteThrottle;
  /**
   * Where the portal's rate limit counts (shared by every instance: `sharedRateLimit` of
   * `lib/throttle-store.ts`: Redis or the database). Default: this process's memory.
   */
  rateLimitStore?: SharedRateLimitOptions;
}> = async (app, { portal, rateLimitPerMinute, throttle, attach, rateLimitStore }) => {
  // Registered inside this plugin, so it limits the portal's routes only.
  await app.register(fastifyRateLimit, {
    ...rateLimitStore,
    max: rateLimitPerMinute,
    timeWindow: 60_000,
    // The plugin throws what this returns; the one error handler turns it into the usual body.
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/portal',
    {
      schema: {
        tags: ['portal'],
        summary: 'The eSIMs, usage, bundles and order history of an access token, or of the signed-in account',
        headers: tokenHeadersSchema,
        response: { 200: portalViewSchema, ...authErrors },
      },
    },
    async (request) => portal.view(accessOf(request, request.headers['x-access-token'])),
  );

  app.post(
    '/api/portal/esims/:iccid/sync',
    {
      schema: {
        tags: ['portal'],
        summary: "Read an eSIM's usage and bundles from the eSIM provider now",
        headers: tokenHeadersSchema,
        params: iccidParamsSchema,
        response: {
          200: portalSyncResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({
      esim: await portal.sync(accessOf(request, request.headers['x-access-token']), request.params.iccid),
    }),
  );

  app.get(
    '/api/portal/esims/:iccid/topups',
    {
      schema: {
        tags: ['portal'],
        summary: 'The plans that can top up an active eSIM',
        headers: tokenHeadersSchema,
        params: iccidParamsSchema,
        response: {
          200: topupOptionsResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) => portal.topupOptions(accessOf(request, request.headers['x-access-token']), request.params.iccid),
  );

  app.post(
    '/api/portal/esims/:iccid/topups',
    {
      bodyLimit: TOPUP_BODY_LIMIT_BYTES,
      onRequest: async (request, reply) => {
        requireHeader(request, 'X-Session-Id', sessionIdSchema);
        requireHeader(request, 'Idempotency-Key', idempotencyKeySchema);
        await throttle.onRequest(request, reply);
      },
      onSend: (request, reply, payload) => throttle.onSend(request, reply, payload),
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
      const result = await portal.purchaseTopup(
        accessOf(request, request.headers['x-access-token']),
        request.params.iccid,
        {
          sessionId: request.headers['x-session-id'],
          idempotencyKey: request.headers['idempotency-key'],
          body: request.body,
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as z.infer<typeof topupResponseSchema>);
    },
  );

  app.get(
    '/api/portal/topups/:orderNumber',
    {
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['portal'],
        summary: 'A top-up of this portal and whether it has been applied',
        headers: tokenHeadersSchema,
        params: topupParamsSchema,
        response: { 200: portalTopupSchema, 404: apiErrorSchema, ...authErrors },
      },
    },
    async (request) => portal.topup(accessOf(request, request.headers['x-access-token']), request.params.orderNumber),
  );

  app.post(
    '/api/portal/topups/:orderNumber/paypal/capture',
    {
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['portal'],
        summary: "Capture a top-up's approved PayPal payment (idempotent)",
        headers: tokenHeadersSchema,
        params: topupParamsSchema,
        response: {
          200: portalTopupSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) =>
      portal.captureTopup(accessOf(request, request.headers['x-access-token']), request.params.orderNumber),
  );

  app.post(
    '/api/portal/topups/:orderNumber/payment/confirm',
    {
      config: { paramsFormatChecked: true },
      // The top-up payment throttle: attempts per access token (or account) and address, declines counted.
      onRequest: async (request, reply) => throttle.onRequest(request, reply),
      onSend: (request, reply, payload) => throttle.onSend(request, reply, payload),
      schema: {
        tags: ['portal'],
        summary: "Settle a top-up's card payment after 3-D Secure in the browser (idempotent)",
        headers: tokenHeadersSchema,
        params: topupParamsSchema,
        response: {
          200: portalTopupSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) =>
      portal.confirmTopupPayment(accessOf(request, request.headers['x-access-token']), request.params.orderNumber),
  );

  app.post(
    '/api/user/orders/attach',
    {
      bodyLimit: ATTACH_BODY_LIMIT_BYTES,
      onRequest: [requireUser, attach.onRequest],
      onSend: (request, reply, payload) => attach.onSend(request, reply, payload),
      schema: {
        tags: ['portal', 'auth'],
        summary: "Attach a guest order (and its top-ups) to the signed-in account with that order's access token",
        body: attachOrderBodySchema,
        response: {
          200: attachOrderResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) => portal.attachOrder(signedIn(request).user.id, request.body.accessToken),
  );
};
