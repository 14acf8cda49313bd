import { orderStatusesResponseSchema } from '@esim/contract/admin-orders';
import { sessionIdSchema } from '@esim/contract/cart';
import { apiErrorSchema } from '@esim/contract/catalog';
import { checkoutBodySchema, checkoutResponseSchema, idempotencyKeySchema } from '@esim/contract/checkout';
import { orderViewSchema } from '@esim/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteThrottle } from '../../lib/payment-throttle.ts';
import { requireHeader } from '../../lib/request-headers.ts';
import { requireUser } from '../auth/auth.module.ts';
import type { AuthContext } from '../auth/auth.module.ts';
import { orderStatusesResponse } from './order-status.ts';
import type { OrderAccess, OrdersService } from './orders.service.ts';

/** The visitor session header (the storefront keeps the id in local storage). */
const SESSION_HEADER = 'X-Session-Id';
/** The idempotency header (IETF draft "The Idempotency-Key HTTP Header Field"). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A checkout body is well under 2 KiB; refuse anything far larger before parsing it. */
const CHECKOUT_BODY_LIMIT_BYTES = 16_384;

/** Loose, because Fastify replaces `request.headers` with the validated value. */
const checkoutHeadersSchema = z.looseObject({
  'x-session-id': sessionIdSchema,
  'idempotency-key': idempotencyKeySchema,
});

/** Either proves access to an order, as does the owner's session cookie; none is required to ask (anyone else gets 404). */
const orderAccessHeadersSchema = z.looseObject({
  'x-session-id': z.string().optional().describe('The visitor session that placed the order'),
  'x-access-token': z.string().optional().describe("The order's portal access token"),
});

/**
 * Any string: a malformed order number is answered 404 like an unknown one (the service checks
 * `orderNumberParamsSchema` before any query), so that the response says nothing about the
 * format's validity. The routes set `paramsFormatChecked`, so NUL gets that 404 too rather than
 * the text guard's 400.
 */
const orderParamsSchema = z.object({ id: z.string().describe('Order number, e.g. ORD-7K3F9Q2X4M') });

/**
 * The caller's proofs of access: the session and token headers, and the signed-in account of the
 * session cookie (`request.auth`, `auth-guard.ts`). A malformed session id proves nothing (and is
 * not an error).
 */
function accessOf(headers: z.infer<typeof orderAccessHeadersSchema>, auth: AuthContext | null): OrderAccess {
  const session = sessionIdSchema.safeParse(headers['x-session-id']);
  const token = headers['x-access-token'];
  return {
    sessionId: session.success ? session.data : undefined,
    accessToken: token || undefined,
    userId: auth?.user.id,
  };
}

/**
 * Order routes (docs/product-rules.md#checkout-and-payment; one cart, one checkout: decision
 * records 0012 and 0024). Bodies and answers are the contract's (`checkout.ts`, `order.ts`); every
 * answer is `Cache-Control: no-store`; money in integer US cents.
 *
 * - `POST /api/checkout` (public; headers `X-Session-Id` and `Idempotency-Key`, 400 naming the
 *   header, checked before the body is read): 201 with the order number, the access token and the
 *   payment's state. 402 when the card is declined (order cancelled, cart kept) or its token
 *   already paid (`token_already_used`); 409 `cart_empty`, `products_unavailable`,
 *   `cart_changed`, and `checkout_in_progress` / `cart_checked_out` naming the other order in
 *   `error.orderNumber`; 422 `idempotency_key_reused`; 409 `idempotency_in_progress`; 429
 *   `rate_limited` with `Retry-After` (seconds) past the payment throttles; 502/503
 *   `upstream_error` (retry with the same key; a replay carries `Idempotent-Replayed: true`).
 * - `POST /api/orders/{orderNumber}/payment/confirm` (after 3-D Secure in the browser) and
 *   `/paypal/capture` (session id or access token): settle the payment from the provider's state,
 *   200 `OrderView` also on repeats. 402 with the provider's reason; 409
 *   `payment_requires_action`, `payment_not_approved`, `payment_not_started`, `not_card`,
 *   `not_paypal`; 502/503 `upstream_error`.
 * - `GET /api/orders` (signed in): the account's orders and top-ups; for an admin every order
 *   with the filters of `adminOrdersQuerySchema` (audited). `GET /api/order-statuses` (signed
 *   in): the status table. 401 `unauthorized` signed out.
 * - `GET /api/orders/{orderNumber}` (the session that placed it, the access token, or the owner's
 *   account): anyone else, and malformed or unknown numbers, get the same 404 'Order Not Found',
 *   so order numbers cannot be enumerated.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; throttle: RouteThrottle }> = async (
  app,
  { orders, throttle },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/checkout',
    {
      bodyLimit: CHECKOUT_BODY_LIMIT_BYTES,
      // Before the body is parsed: a request without its headers is refused whatever it carries.
      onRequest: async (request, reply) => {
        requireHeader(request, SESSION_HEADER, sessionIdSchema);
        requireHeader(request, IDEMPOTENCY_HEADER, idempotencyKeySchema);
        await throttle.onRequest(request, reply);
      },
      onSend: (request, reply, payload) => throttle.onSend(request, reply, payload),
      schema: {
        tags: ['orders'],
        summary:
          "Place an order from the visitor's cart and pay for it (card or PayPal); idempotent by Idempotency-Key",
        headers: checkoutHeadersSchema,
        body: checkoutBodySchema,
        response: {
          201: checkoutResponseSchema,
          400: apiErrorSchema,
          402: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Signed in (the session cookie): the order belongs to the account.
      const result = await orders.checkout(
        request.headers['x-session-id'],
        request.headers['idempotency-key'],
        request.body,
        request.auth?.user.id,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status as 201).send(result.body as z.infer<typeof checkoutResponseSchema>);
    },
  );

  app.post(
    '/api/orders/:id/paypal/capture',
    {
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['orders'],
        summary: "Capture an order's approved PayPal payment (idempotent)",
        params: orderParamsSchema,
        headers: orderAccessHeadersSchema,
        response: {
          200: orderViewSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => orders.capturePaypal(request.params.id, accessOf(request.headers, request.auth)),
  );

  app.post(
    '/api/orders/:id/payment/confirm',
    {
      config: { paramsFormatChecked: true },
      // The checkout's payment throttle: attempts per session and address, declines (402) counted.
      onRequest: async (request, reply) => throttle.onRequest(request, reply),
      onSend: (request, reply, payload) => throttle.onSend(request, reply, payload),
      schema: {
        tags: ['orders'],
        summary: "Settle an order's card payment after 3-D Secure in the browser (idempotent)",
        params: orderParamsSchema,
        headers: orderAccessHeadersSchema,
        response: {
          200: orderViewSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => orders.confirmCardPayment(request.params.id, accessOf(request.headers, request.auth)),
  );

  app.get(
    '/api/order-statuses',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'The order statuses with their labels in five languages and the statuses each may move to',
        response: { 200: orderStatusesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      // The same for everyone and fixed until the next deployment: cacheable by the browser only.
      reply.header('cache-control', 'private, max-age=300');
      return orderStatusesResponse();
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['orders'],
        summary: 'An order with its items and eSIMs, for its session, its access token or the account that owns it',
        params: orderParamsSchema,
        headers: orderAccessHeadersSchema,
        response: { 200: orderViewSchema, 404: apiErrorSchema },
      },
    },
    async (request) => orders.getOrder(request.params.id, accessOf(request.headers, request.auth)),
  );
};
