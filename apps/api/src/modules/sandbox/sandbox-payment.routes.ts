import { apiErrorSchema } from '@esim/contract/catalog';
import { cardDetailsSchema } from '@esim/contract/checkout';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import type { RouteThrottle } from '../../lib/payment-throttle.ts';
import type { SandboxPaymentProvider } from '../../providers/payment/sandbox.ts';
import { renderPaypalApprovalPage, renderPaypalNotFoundPage } from './sandbox-paypal-page.ts';

/** `POST /api/payments/sandbox/tokens` answer (201). */
const cardTokenSchema = z.object({
  /** Opaque, signed, expires after an hour; holds no card number or CVC. */
  token: z.string(),
  brand: z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown']),
  last4: z.string(),
});

/** `POST /api/payments/sandbox/wallet-tokens` body: the wallet the simulated sheet stands for. */
const walletTokenBodySchema = z.object({ wallet: z.enum(['apple_pay', 'google_pay']) });

/**
 * The card a simulated Google Pay / Apple Pay wallet pays with, so wallet payments can be tried
 * without Stripe: the sandbox's approved Visa test card (`SANDBOX_TEST_CARDS` in `sandbox.ts`),
 * valid for three more years.
 */
function walletCard(wallet: 'apple_pay' | 'google_pay', now: Date) {
  return {
    cardholderName: wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay',
    cardNumber: '4242424242424242',
    expiryMonth: 12,
    expiryYear: now.getUTCFullYear() + 3,
    cvv: '123',
  };
}

const paypalParamsSchema = z.object({ id: z.string() });

/** A sandbox PayPal order id: 17 characters `0-9A-Z` (`createPaypalOrder` in `sandbox.ts`, as PayPal's). */
const PAYPAL_ID = /^[0-9A-Z]{17}$/;

/**
 * Options of the PayPal pages: any string as id, because a malformed one is answered 404 like an
 * unknown one (the HTML page for browsers); the handlers check {@link PAYPAL_ID} before any query,
 * so the text guard leaves the parameter to them (`paramsFormatChecked`).
 */
const paypalPageOptions = { config: { paramsFormatChecked: true }, schema: { hide: true, params: paypalParamsSchema } };

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** 404 for an unknown PayPal order: the HTML page for browsers, the JSON error body otherwise. */
function notFound(request: FastifyRequest, reply: FastifyReply, id: string): FastifyReply {
  if ((request.headers.accept ?? '').includes('text/html')) {
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPaypalNotFoundPage());
  }
  throw new NotFoundError(`PayPal order ${id} not found`, 'id');
}

/**
 * The sandbox payment provider's own endpoints (decision record 0007): they stand for Stripe's and
 * PayPal's servers, so the store's checkout never receives a card number. Public; excluded from
 * the OpenAPI document (they are the provider's API, not the store's); `Cache-Control: no-store`.
 *
 * - `POST /api/payments/sandbox/tokens`, `POST /api/payments/sandbox/wallet-tokens`: a single-use
 *   card token (bodies: the contract's `cardDetailsSchema`, or the wallet). 400 names the first
 *   bad field with Stripe's code (`invalid_number`, `invalid_expiry_month`, `expired_card`,
 *   `invalid_cvc`...); 413 over 2 KiB; 429 `rate_limited` with `Retry-After` (seconds) past the
 *   payment throttles (`lib/payment-throttle.ts`). Card data is never logged: the route's log
 *   level is `warn` and the logger redacts `cardNumber` and `cvv`.
 * - `GET /sandbox/paypal/{id}`, `POST /sandbox/paypal/{id}/approve|cancel`: the PayPal approval
 *   page (HTML) and its decision, 303 to the order's return or cancel URL; the first decision
 *   wins; 404 for an unknown id.
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxPaymentProvider;
  throttle: RouteThrottle;
}> = async (app, { sandbox, throttle }) => {
  // HTML forms post urlencoded bodies; the decision is in the URL, so the body is read and ignored.
  // Registered in this plugin's scope only (encapsulation).
  if (!app.hasContentTypeParser(FORM_CONTENT_TYPE)) {
    app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
  }

  app.post(
    '/api/payments/sandbox/tokens',
    {
      // Card numbers and CVCs must never reach the logs: no request logging on this route.
      logLevel: 'warn',
      bodyLimit: 2048,
      // Validation happens in `tokenizeCard` (Stripe-style codes and human messages); the schema
      // is here for the OpenAPI document.
      attachValidation: true,
      // Before the body is read: a throttled client's card fields are not even parsed.
      onRequest: (request, reply) => throttle.onRequest(request, reply),
      schema: {
        tags: ['payments (sandbox)'],
        summary: "Tokenise card fields at the sandbox payment provider (stands for Stripe's own endpoint)",
        body: cardDetailsSchema,
        response: { 201: cardTokenSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = sandbox.tokenizeCard(request.body);
      return reply.status(201).header('cache-control', 'no-store').send(token);
    },
  );

  app.post(
    '/api/payments/sandbox/wallet-tokens',
    {
      bodyLimit: 1024,
      onRequest: (request, reply) => throttle.onRequest(request, reply),
      schema: {
        tags: ['payments (sandbox)'],
        summary: 'Token of a simulated wallet payment (Google Pay, Apple Pay) at the sandbox payment provider',
        body: walletTokenBodySchema,
        response: { 201: cardTokenSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = sandbox.tokenizeCard(walletCard(request.body.wallet, new Date()));
      return reply.status(201).header('cache-control', 'no-store').send(token);
    },
  );

  app.get('/sandbox/paypal/:id', paypalPageOptions, async (request, reply) => {
    const { id } = request.params;
    const view = PAYPAL_ID.test(id) ? await sandbox.paypalApproval(id) : undefined;
    if (!view) return notFound(request, reply, id);
    if (view.redirectOrigins.length > 0) {
      // The forms' 303 leads to another origin: CSP `form-action` also governs redirects.
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("form-action 'self'", `form-action 'self' ${view.redirectOrigins.join(' ')}`),
        );
      }
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPaypalApprovalPage(view, sandbox.merchantName));
  });

  for (const decision of ['approve', 'cancel'] as const) {
    app.post(`/sandbox/paypal/:id/${decision}`, { ...paypalPageOptions, bodyLimit: 1024 }, async (request, reply) => {
      const { id } = request.params;
      const outcome = PAYPAL_ID.test(id) ? await sandbox.decidePaypal(id, decision) : undefined;
      if (!outcome) return notFound(request, reply, id);
      return reply.header('cache-control', 'no-store').redirect(outcome.redirectTo, 303);
    });
  }
};
