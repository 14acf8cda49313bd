import type {
  ChargeRequest,
  ChargeResult,
  PaymentFailure,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '../payment-provider.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import { PaypalApiError, PaypalClient, fromPaypalValue, paypalRequestId, toPaypalValue } from './paypal-client.ts';

/** Settings of the PayPal REST adapter (`config.paypal`). */
export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** API origin, e.g. `https://api-m.paypal.com` or a local fake. */
  baseUrl: string;
  /** Time-out of one call, ms. */
  timeoutMs: number;
  /** The store's public origin: PayPal's return and cancel URLs are absolute. */
  publicUrl: string;
  /** Brand shown on PayPal's page (`experience_context.brand_name`, at most 127 characters). Default none (PayPal shows the account's name). */
  brandName?: string;
  /** Clock for the token cache (ms); tests only. */
  now?: () => number;
}

/** The part of a PayPal order (Orders v2 `order`) the adapter reads. */
export interface PaypalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string; method?: string }[];
  purchase_units?: {
    payments?: { captures?: PaypalCapture[] };
  }[];
}

/** A PayPal capture (Payments v2 `capture`), as far as the adapter reads it. */
export interface PaypalCapture {
  id: string;
  /** `COMPLETED | DECLINED | PARTIALLY_REFUNDED | PENDING | REFUNDED | FAILED`. */
  status: string;
  amount?: { currency_code: string; value: string };
  status_details?: { reason?: string };
}

/** A PayPal refund (Payments v2 `refund`). */
interface PaypalRefund {
  id: string;
  /** `CANCELLED | FAILED | PENDING | COMPLETED`. */
  status: string;
  amount?: { currency_code: string; value: string };
}

/** The headers PayPal signs a webhook delivery with, as the store received them. */
export interface PaypalWebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** Why a capture failed, in words for the buyer (`PaymentFailure`; the 402 body of the store). */
const FAILURES = {
  declined: {
    code: 'paypal_declined',
    message: 'PayPal declined the funding source. Choose another way to pay in PayPal, or pay by card.',
  },
  refused: { code: 'payment_failed', message: 'PayPal refused this payment. Choose another way to pay.' },
  cancelled: { code: 'paypal_cancelled', message: 'The PayPal payment was cancelled.' },
} as const satisfies Record<string, PaymentFailure>;

/** Capture 422 issues that mean "the buyer has not approved (yet)". */
const NOT_APPROVED = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);
/** Capture 422 issues where PayPal asks to send the buyer back to pick another funding source. */
const DECLINED = new Set(['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING']);
/** Capture statuses of money that moved (refunds later do not undo the sale's success). */
const CAPTURED = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/** Messages for refund 422 issues the refunds screen shows (`captures.refund-422`, payments spec). */
const REFUND_REFUSALS: Readonly<Record<string, string>> = {
  CAPTURE_FULLY_REFUNDED: 'The PayPal payment has already been refunded in full.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount exceeds what remains to refund on this PayPal payment.',
  REFUND_NOT_ALLOWED: 'PayPal does not allow refunding this payment.',
  REFUND_TIME_LIMIT_EXCEEDED: 'The time limit to refund this PayPal payment has passed.',
  PENDING_CAPTURE: 'The PayPal payment is still pending; it can be refunded once it completes.',
  REFUND_FAILED_INSUFFICIENT_FUNDS: 'The PayPal account has too little balance to refund this payment.',
  TRANSACTION_DISPUTED: 'The PayPal payment is disputed and cannot be refunded now.',
};

/**
 * The PayPal REST adapter of the payment port (decision record 0019): Orders v2 and Payments v2 over `fetch`
 * ({@link PaypalClient}), webhook verification by postback.
 *
 * - {@link createPaypalOrder}: `POST /v2/checkout/orders` (intent `CAPTURE`, one purchase unit,
 *   `payment_source.paypal.experience_context` with absolute return/cancel URLs, `PAY_NOW`,
 *   `NO_SHIPPING`), `PayPal-Request-Id` = the caller's idempotency key; the buyer is sent to the
 *   `payer-action` link (else `approve`).
 * - {@link capturePaypalOrder}: `POST /v2/checkout/orders/{id}/capture` with
 *   `PayPal-Request-Id: capture-<id>`; the outcome is the CAPTURE's own status
 *   (`purchase_units[0].payments.captures[0].status`), never the order's.
 * - The charge reference is the PayPal ORDER id, before and after the capture: webhooks about the
 *   order and its capture find the store's order by it (`orders.payment_reference`), and
 *   {@link refund} reads the capture id from the order (`GET /v2/checkout/orders/{id}`). A capture
 *   id given as the reference works too.
 * - Cards are not PayPal's here: {@link chargeCard} and {@link confirmCardPayment} throw.
 */
export class PaypalPaymentProvider implements PaymentProvider {
  readonly id = 'paypal';
  /** The HTTP client (token cache); exposed for tests. */
  readonly client: PaypalClient;

  constructor(readonly options: PaypalOptions) {
    this.client = new PaypalClient({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      timeoutMs: options.timeoutMs,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** PayPal order and capture ids: 17 characters `0-9A-Z` (never Stripe's `pi_`/`ch_`). */
  ownsReference(reference: string): boolean {
    return /^[0-9A-Z]{17}$/.test(reference);
  }

  /** @throws PaymentProviderError (not retryable): this adapter takes PayPal only. */
  chargeCard(_request: ChargeRequest & { token: string }): Promise<ChargeResult> {
    return Promise.reject(new PaymentProviderError('The PayPal adapter does not charge cards', false));
  }

  /** @throws PaymentProviderError (not retryable): this adapter takes PayPal only. */
  confirmCardPayment(_reference: string): Promise<ChargeResult> {
    return Promise.reject(new PaymentProviderError('The PayPal adapter does not charge cards', false));
  }

  /**
   * Creates the PayPal order. Amount: `amountCents` of `currency` as PayPal's
   * decimal string (`1299` → `"12.99"`). `returnUrl`/`cancelUrl` may be store-relative (`/…`, made
   * absolute with `publicUrl`) or absolute http(s). Idempotent by `idempotencyKey`
   * (`PayPal-Request-Id`; PayPal keeps it 6 hours and then answers 200 with the same order).
   * @returns `requires_approval` with the PayPal order id as `reference` and the buyer's approval URL.
   * @throws PaymentProviderError retryable (unreachable, 5xx, 429) or not (refused request, bad URL,
   *   unsupported currency).
   */
  async createPaypalOrder(request: ChargeRequest & { returnUrl: string; cancelUrl: string }): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1) {
      throw new PaymentProviderError(`amountCents must be a positive integer, got ${request.amountCents}`, false);
    }
    const value = toPaypalValue(request.amountCents, request.currency);
    const returnUrl = this.absolute(request.returnUrl, 'returnUrl');
    const cancelUrl = this.absolute(request.cancelUrl, 'cancelUrl');
    const ref = request.idempotencyKey.slice(0, 127);
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: ref,
          custom_id: ref,
          invoice_id: ref,
          description: request.description.slice(0, 127),
          amount: { currency_code: request.currency, value },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: returnUrl,
            cancel_url: cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            ...(this.options.brandName ? { brand_name: this.options.brandName.slice(0, 127) } : {}),
          },
        },
      },
    };
    const order = await this.call<PaypalOrder>({
      method: 'POST',
      path: '/v2/checkout/orders',
      body,
      requestId: paypalRequestId(request.idempotencyKey),
      representation: true,
    });
    if (!order || typeof order.id !== 'string')
      throw new PaymentProviderError('PayPal created an order without an id', true);
    const approvalUrl =
      approvalLink(order) ?? (order.status === 'APPROVED' ? withToken(returnUrl, order.id) : undefined);
    if (!approvalUrl)
      throw new PaymentProviderError(`PayPal order ${order.id} (${order.status}) has no payer-action link`, false);
    return { status: 'requires_approval', reference: order.id, approvalUrl };
  }

  /**
   * Captures an approved PayPal order, idempotently (`PayPal-Request-Id:
   * capture-<id>`; a capture already made is read back with `GET` on `ORDER_ALREADY_CAPTURED`).
   * Outcome by the capture's status: `COMPLETED` (or refunded since) → `succeeded` (reference: the
   * PayPal order id, card fields null); `DECLINED`/`FAILED` → `failed` `paypal_declined`;
   * `PENDING` (PayPal holds the money for review, e.g. an eCheck) → `requires_approval`: not
   * settled, the store keeps the order pending and the `PAYMENT.CAPTURE.COMPLETED` or `DENIED`
   * webhook settles it later. Capture 422 issues: `ORDER_NOT_APPROVED`/`PAYER_ACTION_REQUIRED` →
   * `requires_approval` (the buyer has not approved, or cancelled); `INSTRUMENT_DECLINED`/
   * `REDIRECT_PAYER_FOR_ALTERNATE_FUNDING` → `failed` `paypal_declined`; other refusals
   * (`TRANSACTION_REFUSED`, `PAYER_CANNOT_PAY`, `DUPLICATE_INVOICE_ID`, ...) → `failed`
   * `payment_failed`; a `VOIDED` order → `failed` `paypal_cancelled`.
   * @throws PaymentProviderError retryable for `ORDER_COMPLETION_IN_PROGRESS`, 5xx, 429, time-outs;
   *   not retryable for an unknown order (404) or a refused request.
   */
  async capturePaypalOrder(reference: string): Promise<ChargeResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(reference)}`;
    try {
      const order = await this.client.request<PaypalOrder>({
        method: 'POST',
        path: `${path}/capture`,
        body: {},
        requestId: paypalRequestId(`capture-${reference}`),
        representation: true,
      });
      return this.outcomeOf(order.body, reference);
    } catch (error) {
      if (!(error instanceof PaypalApiError) || error.status !== 422) throw this.providerError(error);
      const issue = error.issues[0] ?? '';
      if (issue === 'ORDER_ALREADY_CAPTURED') return this.outcomeOf(await this.getOrder(reference), reference);
      if (NOT_APPROVED.has(issue)) return this.notApproved(reference);
      if (error.retryable) throw this.providerError(error);
      return { status: 'failed', reference, failure: DECLINED.has(issue) ? FAILURES.declined : FAILURES.refused };
    }
  }

  /**
   * Refunds (part of) a captured PayPal payment: finds the capture (the reference is
   * the PayPal order id, or a capture id), then `POST /v2/payments/captures/{id}/refund` with
   * `{ amount: { currency_code: <the capture's>, value } }` and `PayPal-Request-Id` = the caller's key
   * (hashed when longer than 108 characters; PayPal keeps it 45 days and replays the refund made).
   * Refund `COMPLETED` or `PENDING` (PayPal sends it once funds allow) → `succeeded`; `FAILED`/
   * `CANCELLED` → `failed`; 422 refusals (fully refunded, amount exceeded, time limit...) →
   * `failed` with the reason.
   * @throws PaymentProviderError not retryable for a malformed request, an unknown charge, or a key
   *   replayed for another amount; retryable when PayPal cannot be reached (5xx, 429, time-out).
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1 || request.amountCents > 99_999_999) {
      throw new PaymentProviderError(
        `amountCents must be an integer from 1 to 99999999, got ${request.amountCents}`,
        false,
      );
    }
    if (request.idempotencyKey.length < 1 || request.idempotencyKey.length > 255) {
      throw new PaymentProviderError('idempotencyKey must be 1-255 characters', false);
    }
    const capture = await this.findCapture(request.chargeReference);
    if (!capture)
      return {
        status: 'failed',
        reference: '',
        failureMessage: 'The PayPal payment has not been captured; there is nothing to refund.',
      };
    const currency = capture.amount?.currency_code ?? 'USD';
    const value = toPaypalValue(request.amountCents, currency);
    let refund: PaypalRefund;
    try {
      refund = (
        await this.client.request<PaypalRefund>({
          method: 'POST',
          path: `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
          body: { amount: { currency_code: currency, value } },
          requestId: paypalRequestId(request.idempotencyKey),
          representation: true,
        })
      ).body;
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 422 && !error.retryable) {
        const issue = error.issues[0] ?? '';
        return {
          status: 'failed',
          reference: '',
          failureMessage:
            REFUND_REFUSALS[issue] ?? error.description ?? `PayPal refused the refund (${issue || error.errorName}).`,
        };
      }
      throw this.providerError(error);
    }
    if (refund.amount && fromPaypalValue(refund.amount.value) !== request.amountCents) {
      throw new PaymentProviderError(
        `Idempotency key already used for a refund of ${refund.amount.value} ${refund.amount.currency_code}`,
        false,
      );
    }
    if (refund.status === 'COMPLETED' || refund.status === 'PENDING')
      return { status: 'succeeded', reference: refund.id };
    return {
      status: 'failed',
      reference: refund.id,
      failureMessage: `PayPal did not complete the refund (${refund.status}).`,
    };
  }

  /**
   * Verifies a webhook delivery by postback (PayPal's verify-webhook-signature API): `POST
   * /v1/notifications/verify-webhook-signature` with the delivery's five `PAYPAL-*` headers, the
   * store's `webhookId` and the raw body bytes spliced in as `webhook_event` (re-serialising a
   * parsed body could change it and fail the check). The raw body must be JSON (the caller parsed it).
   * @returns true when PayPal answers `verification_status: SUCCESS`; false for `FAILURE` or when
   *   PayPal refuses the request as malformed (400/422).
   * @throws PaymentProviderError retryable when PayPal cannot be reached (the store answers 503 and
   *   PayPal delivers again later).
   */
  async verifyWebhookSignature(input: {
    headers: PaypalWebhookHeaders;
    webhookId: string;
    rawBody: Buffer;
  }): Promise<boolean> {
    const { headers, webhookId, rawBody } = input;
    const head = JSON.stringify({
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: webhookId,
    });
    const body = Buffer.concat([Buffer.from(`${head.slice(0, -1)},"webhook_event":`), rawBody, Buffer.from('}')]);
    try {
      const { body: answer } = await this.client.request<{ verification_status?: unknown }>({
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        body,
      });
      return answer?.verification_status === 'SUCCESS';
    } catch (error) {
      if (error instanceof PaypalApiError && (error.status === 400 || error.status === 422)) return false;
      throw this.providerError(error);
    }
  }

  /** `GET /v2/checkout/orders/{id}`. @throws PaymentProviderError as {@link call}. */
  private async getOrder(id: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>({ method: 'GET', path: `/v2/checkout/orders/${encodeURIComponent(id)}` });
  }

  /** `requires_approval` with the order's approval link (read back; `''` when PayPal gives none). */
  private async notApproved(reference: string): Promise<ChargeResult> {
    const order = await this.getOrder(reference).catch(() => undefined);
    if (order?.status === 'VOIDED') return { status: 'failed', reference, failure: FAILURES.cancelled };
    return { status: 'requires_approval', reference, approvalUrl: (order && approvalLink(order)) ?? '' };
  }

  /** The port's outcome of a PayPal order, by its first capture's status (see {@link capturePaypalOrder}). */
  private async outcomeOf(order: PaypalOrder, reference: string): Promise<ChargeResult> {
    const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) {
      if (order?.status === 'VOIDED') return { status: 'failed', reference, failure: FAILURES.cancelled };
      if (order?.status === 'APPROVED')
        throw new PaymentProviderError(`PayPal order ${reference} is approved but not captured yet`, true);
      return this.notApproved(reference);
    }
    if (CAPTURED.has(capture.status)) return { status: 'succeeded', reference, cardBrand: null, cardLast4: null };
    if (capture.status === 'PENDING')
      return { status: 'requires_approval', reference, approvalUrl: approvalLink(order) ?? '' };
    return { status: 'failed', reference, failure: FAILURES.declined };
  }

  /**
   * The capture a refund applies to: the first captured one of the order `reference`, or the
   * capture `reference` itself.
   * @returns undefined when the order has no capture that moved money.
   * @throws PaymentProviderError (not retryable) when PayPal knows neither an order nor a capture by that id.
   */
  private async findCapture(reference: string): Promise<PaypalCapture | undefined> {
    try {
      const order = await this.client.request<PaypalOrder>({
        method: 'GET',
        path: `/v2/checkout/orders/${encodeURIComponent(reference)}`,
      });
      const captures = order.body?.purchase_units?.flatMap((unit) => unit.payments?.captures ?? []) ?? [];
      return captures.find((c) => CAPTURED.has(c.status));
    } catch (error) {
      if (!(error instanceof PaypalApiError) || error.status !== 404) throw this.providerError(error);
    }
    try {
      return (
        await this.client.request<PaypalCapture>({
          method: 'GET',
          path: `/v2/payments/captures/${encodeURIComponent(reference)}`,
        })
      ).body;
    } catch (error) {
      if (error instanceof PaypalApiError && error.status === 404)
        throw new PaymentProviderError(`No such PayPal charge: ${reference}`, false);
      throw this.providerError(error);
    }
  }

  /** A request whose PayPal errors all become {@link PaymentProviderError}s. */
  private async call<T>(req: Parameters<PaypalClient['request']>[0]): Promise<T> {
    try {
      return (await this.client.request<T>(req)).body;
    } catch (error) {
      throw this.providerError(error);
    }
  }

  /** PayPal's error as the port's: retryable for 5xx, 429, `ORDER_COMPLETION_IN_PROGRESS`; else not. */
  private providerError(error: unknown): unknown {
    if (error instanceof PaypalApiError) return new PaymentProviderError(error.message, error.retryable);
    return error;
  }

  /** An absolute http(s) URL for PayPal: store-relative paths are resolved against `publicUrl`. */
  private absolute(url: string, name: string): string {
    let resolved: URL;
    try {
      if (!url.startsWith('/') && !/^https?:\/\//i.test(url)) throw new Error('not a path or an http(s) URL');
      if (url.startsWith('//')) throw new Error('protocol-relative URL');
      resolved = new URL(url, this.options.publicUrl);
    } catch (error) {
      throw new PaymentProviderError(`${name} must be a store path or an http(s) URL: ${String(error)}`, false);
    }
    return resolved.toString();
  }
}

/** The buyer's approval URL: the `payer-action` link, else the legacy `approve`. */
function approvalLink(order: PaypalOrder): string | undefined {
  const links = Array.isArray(order.links) ? order.links : [];
  return (links.find((l) => l.rel === 'payer-action') ?? links.find((l) => l.rel === 'approve'))?.href;
}

/** `url` with PayPal's `token` (the order id) added, as PayPal's return redirect carries it. */
function withToken(url: string, orderId: string): string {
  const target = new URL(url);
  target.searchParams.set('token', orderId);
  return target.toString();
}
