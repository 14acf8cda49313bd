import { AppError, ConflictError, PaymentFailedError, UpstreamError, ValidationError } from '../../lib/errors.ts';
import type { OrderRow } from './orders.repository.ts';
import { PaymentProviderError } from '../../providers/payment/payment-provider.ts';
import type { PaypalWebhookHeaders } from '../../providers/payment/paypal/paypal-provider.ts';
import type { WebhookEventState } from '../../lib/webhook-events.repository.ts';

/** The log lines the webhook writes (Fastify's logger fits). */
export interface WebhookLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** What {@link PaypalWebhookService} needs; each a narrow slice so that tests can fake it. */
export interface PaypalWebhookDeps {
  /** Verifies a delivery by PayPal's postback (`PaypalPaymentProvider.verifyWebhookSignature`). */
  verifier: {
    verifyWebhookSignature(input: {
      headers: PaypalWebhookHeaders;
      webhookId: string;
      rawBody: Buffer;
    }): Promise<boolean>;
  };
  /** The store's PayPal webhook id (`PAYPAL_WEBHOOK_ID`). */
  webhookId: string;
  events: {
    claim(eventId: string, type: string): Promise<WebhookEventState>;
    markProcessed(eventId: string): Promise<void>;
  };
  /** `OrdersRepository.findByPaymentReference`. */
  orders: { findByPaymentReference(reference: string): Promise<OrderRow | undefined> };
  /** `OrdersService.captureApprovedPaypal`: captures (or reads back) the PayPal payment and settles the order. */
  capture: (order: OrderRow) => Promise<OrderRow>;
  log: WebhookLogger;
}

/** How a delivery was handled (the 200 body's `outcome`). */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** Header names of a PayPal delivery, lower-case as Node gives them, with PayPal's length limits (Webhooks v1 `verify_webhook_signature`). */
const HEADERS = {
  authAlgo: { name: 'paypal-auth-algo', max: 100 },
  certUrl: { name: 'paypal-cert-url', max: 500 },
  transmissionId: { name: 'paypal-transmission-id', max: 50 },
  transmissionSig: { name: 'paypal-transmission-sig', max: 500 },
  transmissionTime: { name: 'paypal-transmission-time', max: 100 },
} as const;

/** Event ids (`WH-…`) and types (`CHECKOUT.ORDER.APPROVED`) as PayPal writes them. */
const EVENT_ID = /^[A-Za-z0-9._-]{1,128}$/;
const EVENT_TYPE = /^[A-Z0-9._-]{1,100}$/;
/** PayPal order ids. */
const ORDER_ID = /^[0-9A-Z]{17}$/;

/** Events that settle a pending store order from PayPal's state (capture, or read the capture back). */
const SETTLING = new Set(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED']);
/** Events recorded in the log only (the refunds module records the refunds it made itself). */
const LOGGED = new Set(['PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);

/** A PayPal webhook event, as far as the store reads it. */
interface PaypalEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

/**
 * PayPal webhooks (`POST /api/webhooks/paypal`; decision record 0019):
 *
 * 1. The body must be a JSON event with `id`, `event_type` and a `resource` object, and the five
 *    `PAYPAL-*` headers must be there (else 400 `invalid_webhook`).
 * 2. Throttled per client address before anything is asked of PayPal (the caller's `admit`,
 *    `paypal-webhook-throttle.ts`): 429 `rate_limited` with `Retry-After` past the limit.
 *    Verified by postback (`POST /v1/notifications/verify-webhook-signature` with the raw body
 *    spliced in): anything but `SUCCESS` → 400 `invalid_signature`, nothing recorded.
 * 3. Each event id once (`webhook_events`): a delivery of an event already processed → 200
 *    `duplicate`, no effect. `processed_at` is set after the effect, which is idempotent itself
 *    (the capture carries `PayPal-Request-Id: capture-<id>`, the order is settled by
 *    compare-and-set), so a crash in between, or two deliveries at once, never double an effect.
 * 4. `CHECKOUT.ORDER.APPROVED` (resource: the order): the buyer approved but may never come back
 *    to the store; the order found by `orders.payment_reference` = the PayPal order id is
 *    captured server-side and provisioned. `PAYMENT.CAPTURE.COMPLETED` / `DENIED` (resource: the
 *    capture, order id in `supplementary_data.related_ids.order_id`): a still-pending order is
 *    settled from PayPal's state (paid, or cancelled with PayPal's reason). `PENDING`,
 *    `REFUNDED`, `REVERSED` are logged. Other types, and events about orders the store does not
 *    know, are answered 200 `ignored`.
 * 5. PayPal unreachable (verification or capture) → 503, not recorded as processed: PayPal
 *    delivers again later (it retries non-2xx answers for days).
 */
export class PaypalWebhookService {
  constructor(private readonly deps: PaypalWebhookDeps) {}

  /**
   * Handles one delivery (see the class comment).
   * @param rawBody the request body bytes exactly as received.
   * @param headers the request headers (Node's lower-case names).
   * @param admit called once the body and headers are well formed, before anything is asked of
   *   PayPal: the route's throttle per client address (`paypal-webhook-throttle.ts`), which throws
   *   (429) to refuse the delivery.
   * @returns the outcome for the 200 answer.
   * @throws ValidationError 400 `invalid_webhook` (malformed body or headers), `invalid_signature`
   *   (PayPal did not confirm the delivery).
   * @throws UpstreamError 503 when PayPal cannot be reached.
   * @throws whatever `admit` throws (TooManyRequestsError 429).
   */
  async handle(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    admit?: () => Promise<void>,
  ): Promise<WebhookOutcome> {
    const event = parseEvent(rawBody);
    const signed = signatureHeaders(headers);
    await admit?.();
    let verified: boolean;
    try {
      verified = await this.deps.verifier.verifyWebhookSignature({
        headers: signed,
        webhookId: this.deps.webhookId,
        rawBody,
      });
    } catch (error) {
      throw upstream(error);
    }
    if (!verified) {
      this.deps.log.warn(
        { eventId: event.id, transmissionId: signed.transmissionId },
        'PayPal webhook refused: PayPal did not verify its signature',
      );
      throw new ValidationError(
        'The webhook signature could not be verified with PayPal',
        'paypal-transmission-sig',
        'invalid_signature',
      );
    }
    const state = await this.deps.events.claim(event.id, event.event_type);
    if (state === 'processed') return 'duplicate';
    const outcome = await this.apply(event);
    await this.deps.events.markProcessed(event.id);
    return outcome;
  }

  /** The event's effect (idempotent); see the class comment. */
  private async apply(event: PaypalEvent): Promise<WebhookOutcome> {
    const type = event.event_type;
    const paypalOrderId = orderIdOf(event);
    const fields = { eventId: event.id, type, paypalOrderId };
    if (LOGGED.has(type)) {
      this.deps.log.info(
        { ...fields, resourceId: event.resource.id, status: event.resource.status, amount: event.resource.amount },
        'PayPal webhook recorded',
      );
      return 'processed';
    }
    if (!SETTLING.has(type)) return 'ignored';
    if (!paypalOrderId) {
      this.deps.log.warn(fields, 'PayPal webhook without an order id: ignored');
      return 'ignored';
    }
    const order = await this.deps.orders.findByPaymentReference(paypalOrderId);
    if (!order || order.paymentMethod !== 'paypal') {
      this.deps.log.info(fields, 'PayPal webhook about an order this store does not know: ignored');
      return 'ignored';
    }
    if (order.status !== 'pending') {
      if (type === 'PAYMENT.CAPTURE.DENIED' && order.paymentStatus === 'succeeded') {
        this.deps.log.warn(
          { ...fields, orderNumber: order.orderNumber },
          'PayPal denied the capture of an order the store counts as paid',
        );
      }
      return 'processed';
    }
    try {
      const settled = await this.deps.capture(order);
      this.deps.log.info(
        { ...fields, orderNumber: order.orderNumber, paymentStatus: settled.paymentStatus },
        'PayPal webhook settled the order',
      );
    } catch (error) {
      if (error instanceof PaymentFailedError || error instanceof ConflictError) {
        // Settled as failed (the order is cancelled with PayPal's reason), or nothing to settle yet
        // (payment not approved / capture pending: a later event settles it): the event is done.
        this.deps.log.info(
          { ...fields, orderNumber: order.orderNumber, code: error.code },
          'PayPal webhook: order not paid',
        );
        return 'processed';
      }
      throw upstream(error);
    }
    return 'processed';
  }
}

/** The event in the body, or 400 `invalid_webhook`. */
function parseEvent(rawBody: Buffer): PaypalEvent {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ValidationError('The webhook body is not valid JSON', 'body', 'invalid_webhook');
  }
  const event = value as Partial<PaypalEvent> | null;
  if (event === null || typeof event !== 'object' || Array.isArray(event)) {
    throw new ValidationError('The webhook body is not a PayPal event', 'body', 'invalid_webhook');
  }
  if (typeof event.id !== 'string' || !EVENT_ID.test(event.id))
    throw new ValidationError('The event has no valid id', 'id', 'invalid_webhook');
  if (typeof event.event_type !== 'string' || !EVENT_TYPE.test(event.event_type)) {
    throw new ValidationError('The event has no valid event_type', 'event_type', 'invalid_webhook');
  }
  if (event.resource === null || typeof event.resource !== 'object' || Array.isArray(event.resource)) {
    throw new ValidationError('The event has no resource object', 'resource', 'invalid_webhook');
  }
  return event as PaypalEvent;
}

/** The five `PAYPAL-*` headers, or 400 naming the first missing or malformed one. */
function signatureHeaders(headers: Record<string, string | string[] | undefined>): PaypalWebhookHeaders {
  const read = (key: keyof typeof HEADERS): string => {
    const { name, max } = HEADERS[key];
    const value = headers[name];
    if (typeof value !== 'string' || value.length === 0 || value.length > max || !/^[\x21-\x7e]+$/.test(value)) {
      throw new ValidationError(`Header ${name} is missing or malformed`, name, 'invalid_webhook');
    }
    return value;
  };
  return {
    authAlgo: read('authAlgo'),
    certUrl: read('certUrl'),
    transmissionId: read('transmissionId'),
    transmissionSig: read('transmissionSig'),
    transmissionTime: read('transmissionTime'),
  };
}

/** The PayPal order an event is about: the order itself, or a capture's / refund's related order. */
function orderIdOf(event: PaypalEvent): string | undefined {
  const { resource } = event;
  const candidate = event.event_type.startsWith('CHECKOUT.ORDER.')
    ? resource.id
    : (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
  return typeof candidate === 'string' && ORDER_ID.test(candidate) ? candidate : undefined;
}

/** PayPal unreachable → 503 (PayPal delivers again); the API's own errors pass through. */
function upstream(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof PaymentProviderError) {
    return new UpstreamError(
      'PayPal cannot be reached right now; deliver the event again later',
      error.retryable ? 503 : 502,
    );
  }
  return error;
}
