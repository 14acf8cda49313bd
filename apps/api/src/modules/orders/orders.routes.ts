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

/** The visitor session header (specification section 3 "Identifiers"). */
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
 * Order routes (DESIGN.md sections 3, 4 and 6). Every response is `Cache-Control: no-store`;
 * errors are `{ error: { code, message, field? } }`.
 *
 * - `POST /api/checkout`, headers `X-Session-Id` (8-128 of `A-Z a-z 0-9 - _`) and
 *   `Idempotency-Key` (8-255 printable ASCII), both required (400 `validation_error` with
 *   `field` naming the header, checked before the body is read); body `CheckoutBody`
 *   `{ customer: { fullName, email, phone? }, billingAddress?, payment: { method: 'card', token }
 *   | { method: 'paypal' }, acceptTerms: true, language }` (400 naming the field, e.g.
 *   `customer.email`). Answers 201 `{ orderNumber, accessToken, payment: { status: 'succeeded' }
 *   | { status: 'requires_approval', approvalUrl } | { status: 'requires_action', clientSecret } }`
 *   (the last: Stripe 3-D Secure, then `POST /api/orders/{orderNumber}/payment/confirm`); 402 `{ error: { code, message } }` with
 *   the provider's reason when the card is declined (order cancelled, cart kept; a card token
 *   pays once, a reused one gets 402 `token_already_used`); 409 `cart_empty` /
 *   `products_unavailable` (naming the plans); 409 `checkout_in_progress` (another checkout of
 *   this cart is unpaid: being charged, or its PayPal payment being captured) and 409
 *   `cart_checked_out` (the cart was paid as another order), both with `error.orderNumber` naming
 *   that order, and 409 `cart_changed` (the cart changed while being ordered): one cart, one
 *   checkout, whatever the keys (issue 8; an abandoned PayPal checkout is superseded); 422 `idempotency_key_reused` (same
 *   key, another body); 409 `idempotency_in_progress` (the first request with the key still runs
 *   after ~15 s); 503 / 502 `upstream_error` (payment provider unreachable / refusing; retry with
 *   the same key).
 *   A replayed response carries `Idempotent-Replayed: true`. 429 `rate_limited` with
 *   `Retry-After` (seconds) past the payment throttles (`throttle`, `lib/payment-throttle.ts`).
 * - `POST /api/orders/{orderNumber}/payment/confirm` (issue 12), with `X-Session-Id` or
 *   `X-Access-Token`, no body: after a checkout answered `payment: { status: 'requires_action',
 *   clientSecret }` and the browser ran `stripe.handleNextAction({ clientSecret })` (3-D Secure),
 *   settles the card payment from the provider's state: 200 `OrderView` once paid (`processing`,
 *   provisioning queued; also on repeats, and when the Stripe webhook settled it first); 402 with
 *   the provider's code and message when it failed (e.g. `authentication_failed`; order cancelled,
 *   cart kept; `payment_refunded` when it succeeded after the order was cancelled, and was
 *   refunded); 409 `payment_requires_action` (3-D Secure not finished), `not_card`,
 *   `payment_not_started`; 404 as below; 429 past the checkout's payment throttle; 503/502
 *   `upstream_error`.
 * - `POST /api/orders/{orderNumber}/paypal/capture`, with `X-Session-Id` or `X-Access-Token`:
 *   200 `OrderView` once captured (also on repeats); 402 with the provider's reason when the
 *   buyer cancelled (order cancelled, cart kept); 409 `payment_not_approved` before approval,
 *   `not_paypal` for other payment methods; 404 as below.
 * - `GET /api/orders` (signed in, the session cookie; issue 9): `{ orders: AccountOrder[] }`, the
 *   account's orders and their top-ups, newest first (number, kind, date, status, total in US
 *   cents, line names and quantities); 401 `unauthorized` when signed out. For an admin (issue 10;
 *   `isAdmin` and `AuthService.assertAdmin`, so 403 `two_factor_setup_required` while 2FA is
 *   required and missing): every order, `{ orders: AdminOrderSummary[], nextCursor, total,
 *   searchedBy }`, with the filters, search, sort and keyset pagination of the contract's
 *   `adminOrdersQuerySchema` (400 naming the field for a bad value); audited as target `orders`
 *   with the query.
 * - `GET /api/order-statuses` (signed in, any account: specification section 6 "cookies"; the
 *   list says nothing about any order): the statuses with their labels in the five languages and
 *   the statuses each may move to; 401 `unauthorized` when signed out.
 * - `GET /api/orders/{orderNumber}`, with `X-Session-Id` (the session that placed it),
 *   `X-Access-Token` or the session cookie of the account that owns it: 200 `OrderView` (money in
 *   US cents, eSIMs once provisioned). Anyone else, and malformed or unknown numbers: the same
 *   404 `{ error: { code: 'not_found', message: 'Order Not Found' } }`, so that order numbers
 *   cannot be enumerated (`order-access.test.ts`).
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
      // Signed in (the session cookie, issue 9): the order belongs to the account.
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
