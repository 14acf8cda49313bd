import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors.ts';
import type { WebhookEventsRepository } from '../../lib/webhook-events.repository.ts';
import type { CardIntentFacts, CardReconciliation } from './orders.service.ts';

/** Stripe's default tolerance of a signature's timestamp, seconds (stripe-node `Webhooks.DEFAULT_TOLERANCE`). */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/** An event is a few KiB; Stripe's payloads stay far below this. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

/** The part of an Event the store reads; the rest may change between Stripe API versions. */
const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({ id: z.string().max(255).optional(), object: z.string().optional() }) }),
});

/**
 * What the store reads of a PaymentIntent in an event besides its id: the order number the
 * adapter put in `metadata.order`, `amount` (cents) and `currency`. Anything else, or these in
 * another shape, is ignored (never a 400: the event is signed by Stripe).
 */
const intentFactsSchema = z.object({
  metadata: z
    .object({ order: z.string().max(64).optional() })
    .loose()
    .nullish()
    .catch(undefined),
  amount: z.number().int().nonnegative().optional().catch(undefined),
  currency: z.string().max(16).optional().catch(undefined),
});

/** {@link CardIntentFacts} of an event's PaymentIntent (`data.object`). */
function intentFacts(object: unknown): CardIntentFacts {
  const parsed = intentFactsSchema.safeParse(object);
  if (!parsed.success) return {};
  return { orderNumber: parsed.data.metadata?.order, amountCents: parsed.data.amount, currency: parsed.data.currency };
}

/** The types that settle a card payment: the order is reconciled with the PaymentIntent's current state. */
const SETTLING = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
/** Recorded in the log only: the refunds module records the refunds it makes itself. */
const LOGGED = new Set([
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
]);

export interface StripeWebhookOptions {
  /** The endpoint's signing secret (`STRIPE_WEBHOOK_SECRET`, `whsec_…`). */
  secret: string;
  /** Signature timestamp tolerance, seconds (default {@link STRIPE_WEBHOOK_TOLERANCE_S}). */
  toleranceS?: number;
  /** Stripe's rows of `webhook_events` (provider `stripe`). */
  events: WebhookEventsRepository;
  /**
   * `OrdersService.reconcileCardPayment`: settles the card order of a PaymentIntent, found by its
   * reference or else by the order number in its metadata (`intent`).
   */
  reconcile(paymentIntentId: string, intent: CardIntentFacts): Promise<CardReconciliation>;
}

/**
 * `POST /api/webhooks/stripe`, called by Stripe only (decision record 0019; Stripe docs: webhooks,
 * signatures). Register it as its own plugin: it parses every body as raw bytes (the signature
 * is over the exact bytes), in its own scope only.
 *
 * - `Stripe-Signature` is verified with `stripe.webhooks.constructEvent` (any `v1` during a secret
 *   rotation; timestamps older than 300 s refused, against replays): 400 `invalid_signature`
 *   (field `Stripe-Signature`); 400 `validation_error` for a signed body that is not an Event.
 * - Each event takes effect once (its id in `webhook_events`; a repeat answers
 *   `{ received: true, duplicate: true }`), and the effects are idempotent, so an interrupted one
 *   is applied again on redelivery.
 * - `payment_intent.*` settles the card order from the PaymentIntent as Stripe shows it now
 *   (`OrdersService.reconcileCardPayment`), found by its reference or else by `metadata.order`. An
 *   event the store cannot settle is answered 200 but left unprocessed and logged as an error, so
 *   an operator finds it. Other events: 200, ignored.
 * - 503 `upstream_error` when Stripe cannot be read back: Stripe delivers again, with backoff, for
 *   up to three days.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (app, options) => {
  const tolerance = options.toleranceS ?? STRIPE_WEBHOOK_TOLERANCE_S;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/webhooks/stripe',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['webhooks'],
        summary: 'Stripe events (signed with the endpoint secret); each processed once',
        headers: z.looseObject({
          'stripe-signature': z.string().optional().describe('t=<unix seconds>,v1=<HMAC-SHA256 hex>'),
        }),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean().optional() }),
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const refused = new ValidationError(
        'Stripe-Signature: missing, malformed, wrong or too old',
        'Stripe-Signature',
        'invalid_signature',
      );
      if (!header || header.length > 4096) throw refused;
      let event: unknown;
      try {
        event = Stripe.webhooks.constructEvent(raw, header, options.secret, tolerance);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw refused;
        // Signed, but not JSON.
        throw new ValidationError('body: not a Stripe event', 'body');
      }
      const parsed = eventSchema.safeParse(event);
      if (!parsed.success) throw new ValidationError('body: not a Stripe event', 'body');
      const { id, type, data } = parsed.data;
      const state = await options.events.claim(id, type);
      if (state === 'processed') return { received: true as const, duplicate: true };
      const object = data.object;
      if (SETTLING.has(type) && object.object === 'payment_intent' && object.id) {
        const intent = intentFacts(object);
        const outcome = await options.reconcile(object.id, intent);
        if (outcome === 'unmatched') {
          // Not applied: the event stays unprocessed (see above) for an operator to look at.
          request.log.error(
            { stripeEvent: id, type, paymentIntent: object.id, order: intent.orderNumber },
            'stripe webhook: PaymentIntent does not match its order',
          );
          return { received: true as const };
        }
        request.log.info(
          { stripeEvent: id, type, paymentIntent: object.id, outcome },
          'stripe webhook: card payment reconciled',
        );
      } else if (LOGGED.has(type)) {
        request.log.info({ stripeEvent: id, type, object: object.id }, 'stripe webhook: recorded');
      }
      await options.events.markProcessed(id);
      return { received: true as const };
    },
  );
};
