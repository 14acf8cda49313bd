import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { PaypalWebhookThrottle } from './paypal-webhook-throttle.ts';
import type { PaypalWebhookService } from './paypal-webhook.service.ts';

/** Largest webhook body read, bytes (PayPal events are a few KB). */
const WEBHOOK_BODY_LIMIT = 262_144;

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['processed', 'duplicate', 'ignored']),
});

/**
 * `POST /api/webhooks/paypal` (decision record 0019), called by PayPal only: PayPal's event deliveries, handled by
 * {@link PaypalWebhookService} (verification by postback, each event once, the order captured when
 * the buyer never came back).
 *
 * - The body is read as raw bytes (`application/json`, at most 256 KB): this plugin's scope
 *   replaces the JSON parser with a buffer one, because verification splices the exact bytes PayPal
 *   sent into its postback.
 * - 200 `{ received: true, outcome: 'processed' | 'duplicate' | 'ignored' }`.
 * - 400 `invalid_webhook` (not JSON, not an event, a `PAYPAL-*` header missing),
 *   400 `invalid_signature` (PayPal did not verify the delivery), 415 (another media type),
 *   413 (too large), 404 when this store has no PayPal REST account (`PAYPAL_CLIENT_ID` unset),
 *   503 when PayPal cannot be reached (PayPal delivers again later).
 * - 429 `rate_limited` with `Retry-After` (seconds) when the client address has sent more
 *   well-formed deliveries than `throttle` allows (`paypal-webhook-throttle.ts`, 120 per minute):
 *   counted before the verification, so unsigned posts cannot make the store call PayPal without end.
 *
 * Register with `webhook: undefined` when PayPal REST is not configured (the route then answers 404).
 */
export const paypalWebhookRoutes: FastifyPluginAsyncZod<{
  webhook: PaypalWebhookService | undefined;
  throttle?: PaypalWebhookThrottle | undefined;
}> = async (app, { webhook, throttle }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/webhooks/paypal',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['webhooks'],
        summary: "PayPal webhook deliveries (verified with PayPal's verify-webhook-signature)",
        response: { 200: webhookAnswerSchema },
      },
    },
    async (request, reply) => {
      if (!webhook) throw new NotFoundError('PayPal webhooks are not configured on this store');
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0)
        throw new ValidationError('The webhook body must be a JSON event', 'body', 'invalid_webhook');
      const outcome = await webhook.handle(
        raw,
        request.headers,
        throttle ? () => throttle.admit(request, reply) : undefined,
      );
      return { received: true as const, outcome };
    },
  );
};
