import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A stateful local stand-in of the PayPal REST API (decision record 0019),
 * listening on 127.0.0.1 only. It serves the documented shapes of Orders v2, Payments v2 and
 * Webhooks v1 that the store's adapter uses:
 *
 * - `POST /v1/oauth2/token`: Basic client id:secret (401 `{error:'invalid_client'}` otherwise),
 *   `grant_type=client_credentials` → `{scope, access_token, token_type:'Bearer', app_id, expires_in, nonce}`.
 *   Every other API route needs a live bearer token (401 `{error:'invalid_token'}`).
 * - `POST /v2/checkout/orders`: validates intent, purchase units, decimal string amounts and the
 *   `experience_context` URLs; 201 `PAYER_ACTION_REQUIRED` with links `self` and `payer-action` →
 *   `${url}/checkoutnow?token=<id>`; the same `PayPal-Request-Id` again → 200 with the same body.
 *   `Prefer: return=representation` gives the whole order, else the minimal `{id, status, links}`.
 * - `GET /checkoutnow?token=` (the buyer's approval page): buttons "Approve", "Cancel" and "Decline
 *   funding"; approve (and decline funding, whose capture then fails `INSTRUMENT_DECLINED`)
 *   redirect to `return_url?token=&PayerID=`, cancel to `cancel_url?token=`.
 * - `GET /v2/checkout/orders/{id}`; `POST /v2/checkout/orders/{id}/capture`: 201 `COMPLETED` with
 *   `purchase_units[0].payments.captures[0]`, 422 `ORDER_NOT_APPROVED` / `ORDER_ALREADY_CAPTURED` /
 *   `INSTRUMENT_DECLINED`, 404 `RESOURCE_NOT_FOUND`; a repeated `PayPal-Request-Id` → 200 replay.
 * - `GET /v2/payments/captures/{id}`; `POST /v2/payments/captures/{id}/refund`: full (`{}`) or
 *   partial, 422 `REFUND_AMOUNT_EXCEEDED` / `CAPTURE_FULLY_REFUNDED`, replay by request id.
 * - `POST /v1/notifications/verify-webhook-signature`: `SUCCESS` only for a delivery this fake
 *   sent (transmission id, its signature, time, `webhook_id`, and the event's body hash), else `FAILURE`.
 * - Webhooks to `webhookUrl`: `CHECKOUT.ORDER.APPROVED` on approval, `PAYMENT.CAPTURE.COMPLETED` /
 *   `PENDING` / `DENIED` on capture, `PAYMENT.CAPTURE.REFUNDED` on refund, each with the five
 *   `PAYPAL-*` headers (the signature: base64 HMAC-SHA256 over PayPal's
 *   `transmissionId|time|webhookId|crc32(body)` message with a fake secret; not RSA).
 *
 * Test controls (no auth): `POST /__fake/fail-next {status, count?, issue?, path?, delayMs?}`
 * (the next API calls answer `status` with PayPal's error body, or wait `delayMs` first),
 * `POST /__fake/orders/{id}/decide {action: approve|cancel|decline-funding}` (the buyer's choice
 * without a browser), `POST /__fake/next-capture {status: PENDING|DECLINED}`,
 * `POST /__fake/webhooks/resend {eventId}` (a new transmission of the same event),
 * `POST /__fake/expire-tokens`, `GET /__fake/orders`, `GET /__fake/webhooks`, `GET /__fake/stats`.
 */

export interface PaypalFakeOptions {
  /** Listening port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  clientId: string;
  clientSecret: string;
  /** Where signed events are POSTed (the store's `/api/webhooks/paypal`); none: events are recorded only. */
  webhookUrl?: string;
  webhookId: string;
  /** `expires_in` of issued tokens, seconds (default 32400, PayPal's usual). */
  tokenTtlS?: number;
}

/** A webhook event the fake made, and what its deliveries got back. */
export interface PaypalFakeEvent {
  event: Record<string, unknown>;
  /** The exact JSON delivered. */
  body: string;
  deliveries: { transmissionId: string; status: number | 'error' }[];
}

export interface PaypalFake {
  /** Origin, e.g. `http://127.0.0.1:5192` (PAYPAL_BASE_URL). */
  url: string;
  /** Orders by id (live state). */
  readonly orders: ReadonlyMap<string, FakeOrder>;
  /** Webhook events in the order they were made. */
  readonly events: readonly PaypalFakeEvent[];
  /** Calls per route key, e.g. `POST /v1/oauth2/token`, `POST /v2/checkout/orders/:id/capture`. */
  readonly calls: Readonly<Record<string, number>>;
  /** The buyer's choice on the approval page, without a browser; resolves once its webhook (if any) is delivered. */
  decide(orderId: string, action: 'approve' | 'cancel' | 'decline-funding'): Promise<void>;
  /** Scripts failures of the next API calls (see `POST /__fake/fail-next`). */
  failNext(failure: FailNext): void;
  /** Revokes every issued token (the adapter's next call gets 401 and must refresh). */
  expireTokens(): void;
  /** Delivers the event again under a new transmission id; resolves with the store's HTTP status. */
  resend(eventId: string): Promise<number | 'error'>;
  /** Waits until every webhook delivery started so far has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A scripted failure: the next `count` (default 1) API calls matching `path` (substring; default any). */
export interface FailNext {
  status?: number;
  count?: number;
  /** `details[0].issue` of the error body (e.g. `ORDER_COMPLETION_IN_PROGRESS`). */
  issue?: string;
  path?: string;
  /** Wait this long before answering (time-out tests); with no `status`, then answer normally. */
  delayMs?: number;
}

interface FakeCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  final_capture: boolean;
  invoice_id?: string;
  custom_id?: string;
  create_time: string;
  update_time: string;
  refundedCents: number;
  orderId: string;
}

interface FakeRefund {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  create_time: string;
  update_time: string;
  captureId: string;
}

export interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  purchaseUnits: Record<string, unknown>[];
  amountCents: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
  /** Decided "Decline funding": the capture fails `INSTRUMENT_DECLINED`. */
  instrumentDeclined: boolean;
  payerId: string | undefined;
  capture: FakeCapture | undefined;
  createTime: string;
  updateTime: string;
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal-style id: 17 characters `0-9A-Z`. */
function paypalId(): string {
  const bytes = randomBytes(17);
  return Array.from(bytes, (b) => ID_ALPHABET[b % 36]).join('');
}

function cents(value: string): number {
  return Math.round(Number(value) * 100);
}

function money(currency: string, amountCents: number) {
  return { currency_code: currency, value: (amountCents / 100).toFixed(2) };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** PayPal's error body (`name`, `message`, `details[]`, `debug_id`, `links`). */
function paypalError(status: number, issue?: string, description?: string, field?: string): HttpError {
  const names: Record<number, [string, string]> = {
    400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
    401: [
      'AUTHENTICATION_FAILURE',
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    ],
    403: ['NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.'],
    404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
    422: [
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    ],
    429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
    500: ['INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'],
    503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
  };
  const [name, message] = names[status] ?? [`HTTP_${status}`, 'Error'];
  return new HttpError(status, {
    name,
    message,
    debug_id: randomBytes(7).toString('hex'),
    ...(issue
      ? { details: [{ ...(field ? { field, location: 'body' } : {}), issue, description: description ?? issue }] }
      : {}),
    links: [
      {
        href: 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/',
        rel: 'information_link',
        method: 'GET',
      },
    ],
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Paypal-Debug-Id': randomBytes(7).toString('hex'),
    ...headers,
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_048_576) {
        reject(paypalError(400, 'BODY_TOO_LARGE'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): Record<string, unknown> {
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw paypalError(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Starts the fake on 127.0.0.1 (see the module comment). */
export async function startPaypalFake(options: PaypalFakeOptions): Promise<PaypalFake> {
  const tokenTtlS = options.tokenTtlS ?? 32_400;
  const tokens = new Map<string, number>();
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, FakeCapture>();
  const refunds = new Map<string, FakeRefund>();
  /** Stored answers by `<route>:<PayPal-Request-Id>` (replayed with 200). */
  const replays = new Map<string, { status: number; body: unknown }>();
  const events: PaypalFakeEvent[] = [];
  /** Deliveries this fake made: transmission id → what verification must match. */
  const transmissions = new Map<string, { sig: string; time: string; bodyHash: string; certUrl: string }>();
  const calls: Record<string, number> = {};
  const failures: (FailNext & { left: number })[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let nextCaptureStatus: string | undefined;
  const signingSecret = randomBytes(32);
  let url = '';

  const count = (key: string) => {
    calls[key] = (calls[key] ?? 0) + 1;
  };

  const orderJson = (order: FakeOrder, full = true) => {
    const links = [
      { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED' || (order.status === 'APPROVED' && order.instrumentDeclined)
        ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
      ...(order.status === 'APPROVED'
        ? [{ href: `${url}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }]
        : []),
    ];
    if (!full) return { id: order.id, status: order.status, links };
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      payment_source: {
        paypal: order.payerId
          ? {
              email_address: 'buyer@example.com',
              account_id: order.payerId,
              name: { given_name: 'Test', surname: 'Buyer' },
            }
          : {},
      },
      purchase_units: order.purchaseUnits.map((unit, index) =>
        index === 0 && order.capture ? { ...unit, payments: { captures: [captureJson(order.capture)] } } : unit,
      ),
      ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: 'buyer@example.com' } } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links,
    };
  };

  const captureJson = (capture: FakeCapture) => ({
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    final_capture: capture.final_capture,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: {
      gross_amount: capture.amount,
      paypal_fee: money(capture.amount.currency_code, Math.round(cents(capture.amount.value) * 0.0349) + 49),
      net_amount: money(
        capture.amount.currency_code,
        cents(capture.amount.value) - Math.round(cents(capture.amount.value) * 0.0349) - 49,
      ),
    },
    ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
    ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
    ...(capture.status === 'DECLINED' ? { status_details: { reason: 'DECLINED' } } : {}),
    supplementary_data: { related_ids: { order_id: capture.orderId } },
    create_time: capture.create_time,
    update_time: capture.update_time,
    links: [
      { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${url}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
    ],
  });

  const refundJson = (refund: FakeRefund) => ({
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    create_time: refund.create_time,
    update_time: refund.update_time,
    supplementary_data: {
      related_ids: { order_id: captures.get(refund.captureId)?.orderId, capture_id: refund.captureId },
    },
    links: [
      { href: `${url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  });

  // ---- webhooks

  const deliver = (record: PaypalFakeEvent): Promise<number | 'error'> => {
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const message = `${transmissionId}|${time}|${options.webhookId}|${crc32(Buffer.from(record.body))}`;
    const sig = createHmac('sha256', signingSecret).update(message).digest('base64');
    const certUrl = `${url}/__fake/certs/CERT-360caa42-fca2a594-1d93a270`;
    transmissions.set(transmissionId, {
      sig,
      time,
      bodyHash: sha256(JSON.stringify(JSON.parse(record.body))),
      certUrl,
    });
    const delivery: PaypalFakeEvent['deliveries'][number] = { transmissionId, status: 'error' };
    record.deliveries.push(delivery);
    if (!options.webhookUrl) return Promise.resolve('error');
    const promise = fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-TIME': time,
        'PAYPAL-TRANSMISSION-SIG': sig,
        'PAYPAL-CERT-URL': certUrl,
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      },
      body: record.body,
      signal: AbortSignal.timeout(15_000),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        delivery.status = res.status;
        return res.status;
      })
      .catch(() => 'error' as const);
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  const emit = (
    eventType: string,
    resourceType: string,
    resource: unknown,
    summary: string,
  ): Promise<number | 'error'> => {
    const event = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [{ href: `${url}/v1/notifications/webhooks-events/WH`, rel: 'self', method: 'GET' }],
    };
    const record: PaypalFakeEvent = { event, body: JSON.stringify(event), deliveries: [] };
    events.push(record);
    return deliver(record);
  };

  // ---- buyer's decision

  const decide = (order: FakeOrder, action: string): { redirect: string; webhook?: Promise<unknown> } => {
    if (order.status !== 'PAYER_ACTION_REQUIRED' && !(order.status === 'APPROVED' && order.instrumentDeclined)) {
      throw paypalError(422, 'ORDER_ALREADY_DECIDED', `Order is ${order.status}.`);
    }
    if (action === 'cancel') {
      const target = new URL(order.cancelUrl);
      target.searchParams.set('token', order.id);
      return { redirect: target.toString() };
    }
    if (action !== 'approve' && action !== 'decline-funding')
      throw paypalError(400, 'INVALID_PARAMETER_VALUE', `Unknown action ${action}`);
    order.status = 'APPROVED';
    order.instrumentDeclined = action === 'decline-funding';
    order.payerId ??= paypalId().slice(0, 13);
    order.updateTime = new Date().toISOString();
    const target = new URL(order.returnUrl);
    target.searchParams.set('token', order.id);
    target.searchParams.set('PayerID', order.payerId);
    const webhook = emit(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      orderJson(order),
      `An order has been approved by buyer`,
    );
    return { redirect: target.toString(), webhook };
  };

  const approvalPage = (order: FakeOrder | undefined): string => {
    const body = !order
      ? '<h1>Order not found</h1>'
      : `<h1>Pay with PayPal (fake)</h1>
<p>Order <strong>${escapeHtml(order.id)}</strong>: ${escapeHtml(order.currency)} ${escapeHtml((order.amountCents / 100).toFixed(2))}</p>
<p>${escapeHtml(String(order.purchaseUnits[0]?.description ?? ''))}</p>
<form method="post" action="/checkoutnow/decide">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="decline-funding">Decline funding</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal Checkout (fake)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}</style></head>
<body><main>${body}</main></body></html>`;
  };

  // ---- API

  const requireToken = (req: IncomingMessage) => {
    const auth = req.headers.authorization ?? '';
    const match = /^Bearer (\S+)$/.exec(auth);
    const expiry = match ? tokens.get(match[1]!) : undefined;
    if (expiry === undefined || expiry < Date.now()) {
      throw new HttpError(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
  };

  const withReplay = (req: IncomingMessage, key: string, run: () => { status: number; body: unknown }) => {
    const requestId = req.headers['paypal-request-id'];
    const id = typeof requestId === 'string' && requestId.length > 0 ? `${key}:${requestId}` : undefined;
    if (typeof requestId === 'string' && requestId.length > 108)
      throw paypalError(
        400,
        'INVALID_PARAMETER_SYNTAX',
        'PayPal-Request-Id is longer than 108 characters.',
        'PayPal-Request-Id',
      );
    const stored = id ? replays.get(id) : undefined;
    if (stored) return { status: stored.status >= 200 && stored.status < 300 ? 200 : stored.status, body: stored.body };
    // Only successes are stored: PayPal "returns the latest status of the previous request", so a
    // refusal (an error thrown by `run`) is decided again on a repeat.
    const answer = run();
    if (id) replays.set(id, answer);
    return answer;
  };

  const createOrder = (req: IncomingMessage, body: Record<string, unknown>) => {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      throw paypalError(400, 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE', '/intent');
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1)
      throw paypalError(400, 'INVALID_ARRAY_LENGTH', 'purchase_units must hold one unit here', '/purchase_units');
    const unit = units[0] as Record<string, unknown>;
    const amount = unit?.amount as { currency_code?: unknown; value?: unknown } | undefined;
    if (!amount || typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      throw paypalError(
        400,
        'MISSING_REQUIRED_PARAMETER',
        'amount.currency_code is required',
        '/purchase_units/@reference_id/amount/currency_code',
      );
    }
    if (typeof amount.value !== 'string' || !/^\d{1,10}(\.\d{2})?$/.test(amount.value)) {
      throw paypalError(
        422,
        'DECIMAL_PRECISION',
        'amount.value must be a decimal string with two places',
        '/purchase_units/@reference_id/amount/value',
      );
    }
    if (cents(amount.value) < 1)
      throw paypalError(
        422,
        'CANNOT_BE_ZERO_OR_NEGATIVE',
        'amount must be positive',
        '/purchase_units/@reference_id/amount/value',
      );
    const context = (
      (body.payment_source as Record<string, unknown> | undefined)?.paypal as Record<string, unknown> | undefined
    )?.experience_context as Record<string, unknown> | undefined;
    if (!context)
      throw paypalError(
        422,
        'PAYER_ACTION_REQUIRED',
        'This fake serves the experience_context flow only',
        '/payment_source/paypal/experience_context',
      );
    if (!isHttpUrl(context.return_url))
      throw paypalError(
        422,
        'RETURN_URL_REQUIRED',
        'return_url must be an absolute URL',
        '/payment_source/paypal/experience_context/return_url',
      );
    if (!isHttpUrl(context.cancel_url))
      throw paypalError(
        422,
        'CANCEL_URL_REQUIRED',
        'cancel_url must be an absolute URL',
        '/payment_source/paypal/experience_context/cancel_url',
      );
    const now = new Date().toISOString();
    const order: FakeOrder = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      intent: body.intent,
      purchaseUnits: [
        {
          reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
          amount: { currency_code: amount.currency_code, value: amount.value },
          payee: { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT01' },
          ...(typeof unit.description === 'string' ? { description: unit.description } : {}),
          ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
          ...(typeof unit.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
        },
      ],
      amountCents: cents(amount.value),
      currency: amount.currency_code,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      instrumentDeclined: false,
      payerId: undefined,
      capture: undefined,
      createTime: now,
      updateTime: now,
    };
    orders.set(order.id, order);
    const full = req.headers.prefer === 'return=representation';
    return { status: 201, body: orderJson(order, full) };
  };

  const captureOrder = (
    req: IncomingMessage,
    order: FakeOrder,
  ): { status: number; body: unknown; webhook?: () => void } => {
    if (order.status === 'COMPLETED')
      throw paypalError(
        422,
        'ORDER_ALREADY_CAPTURED',
        'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
      );
    if (order.status !== 'APPROVED') {
      throw paypalError(
        422,
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment. Please redirect the payer to the rel:approve url.',
      );
    }
    if (order.instrumentDeclined) {
      throw paypalError(
        422,
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const now = new Date().toISOString();
    const status = nextCaptureStatus ?? 'COMPLETED';
    nextCaptureStatus = undefined;
    const unit = order.purchaseUnits[0]!;
    const capture: FakeCapture = {
      id: paypalId(),
      status,
      amount: money(order.currency, order.amountCents),
      final_capture: true,
      ...(typeof unit.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
      ...(typeof unit.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
      create_time: now,
      update_time: now,
      refundedCents: 0,
      orderId: order.id,
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    order.updateTime = now;
    captures.set(capture.id, capture);
    const type =
      status === 'COMPLETED'
        ? 'PAYMENT.CAPTURE.COMPLETED'
        : status === 'PENDING'
          ? 'PAYMENT.CAPTURE.PENDING'
          : 'PAYMENT.CAPTURE.DENIED';
    const full = req.headers.prefer === 'return=representation';
    return {
      status: 201,
      body: orderJson(order, full),
      webhook: () =>
        void emit(
          type,
          'capture',
          captureJson(capture),
          `Payment ${status.toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`,
        ),
    };
  };

  const refundCapture = (body: Record<string, unknown>, capture: FakeCapture) => {
    if (capture.status === 'REFUNDED')
      throw paypalError(422, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    if (capture.status === 'PENDING')
      throw paypalError(422, 'PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
      throw paypalError(422, 'REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
    const total = cents(capture.amount.value);
    const remaining = total - capture.refundedCents;
    let amountCents = remaining;
    if (body.amount !== undefined) {
      const amount = body.amount as { currency_code?: unknown; value?: unknown };
      if (amount?.currency_code !== capture.amount.currency_code)
        throw paypalError(
          422,
          'REFUND_CAPTURE_CURRENCY_MISMATCH',
          'Refund must be in the same currency as the capture',
        );
      if (typeof amount.value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(amount.value))
        throw paypalError(422, 'DECIMAL_PRECISION', 'amount.value is not a decimal');
      amountCents = cents(amount.value);
      if (amountCents <= 0) throw paypalError(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Refund amount must be positive');
    }
    if (amountCents > remaining) {
      throw paypalError(
        422,
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    capture.refundedCents += amountCents;
    capture.status = capture.refundedCents === total ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const now = new Date().toISOString();
    capture.update_time = now;
    const refund: FakeRefund = {
      id: paypalId(),
      status: 'COMPLETED',
      amount: money(capture.amount.currency_code, amountCents),
      create_time: now,
      update_time: now,
      captureId: capture.id,
    };
    refunds.set(refund.id, refund);
    return {
      status: 201,
      body: refundJson(refund),
      webhook: () =>
        void emit(
          'PAYMENT.CAPTURE.REFUNDED',
          'refund',
          refundJson(refund),
          `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`,
        ),
    };
  };

  const verify = (body: Record<string, unknown>) => {
    const event = body.webhook_event;
    const sent = typeof body.transmission_id === 'string' ? transmissions.get(body.transmission_id) : undefined;
    const ok =
      sent !== undefined &&
      body.webhook_id === options.webhookId &&
      body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === sent.certUrl &&
      body.transmission_time === sent.time &&
      typeof body.transmission_sig === 'string' &&
      Buffer.byteLength(body.transmission_sig) === Buffer.byteLength(sent.sig) &&
      timingSafeEqual(Buffer.from(body.transmission_sig), Buffer.from(sent.sig)) &&
      event !== null &&
      typeof event === 'object' &&
      sha256(JSON.stringify(event)) === sent.bodyHash;
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  };

  const scriptedFailure = async (path: string): Promise<void> => {
    const failure = failures.find((f) => f.left > 0 && (!f.path || path.includes(f.path)));
    if (!failure) return;
    failure.left -= 1;
    if (failure.delayMs) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    if (failure.status) throw paypalError(failure.status, failure.issue);
  };

  const api = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> => {
    const method = req.method ?? 'GET';
    const text = method === 'POST' ? await readBody(req) : '';

    // Test controls.
    if (path.startsWith('/__fake/')) {
      const body = parseJson(text);
      if (method === 'POST' && path === '/__fake/fail-next') {
        failNext(body as FailNext);
        return send(res, 200, { ok: true });
      }
      if (method === 'POST' && path === '/__fake/next-capture') {
        nextCaptureStatus = typeof body.status === 'string' ? body.status : undefined;
        return send(res, 200, { ok: true });
      }
      if (method === 'POST' && path === '/__fake/expire-tokens') {
        tokens.clear();
        return send(res, 200, { ok: true });
      }
      if (method === 'POST' && path === '/__fake/webhooks/resend') {
        const status = await resend(String(body.eventId ?? ''));
        return send(res, 200, { status });
      }
      const decideMatch = /^\/__fake\/orders\/([^/]+)\/decide$/.exec(path);
      if (method === 'POST' && decideMatch) {
        const order = orders.get(decodeURIComponent(decideMatch[1]!));
        if (!order) throw paypalError(404, 'INVALID_RESOURCE_ID');
        const { redirect, webhook } = decide(order, String(body.action ?? 'approve'));
        await webhook;
        return send(res, 200, { redirect });
      }
      if (method === 'GET' && path === '/__fake/orders')
        return send(
          res,
          200,
          [...orders.values()].map((o) => orderJson(o)),
        );
      if (method === 'GET' && path === '/__fake/webhooks')
        return send(
          res,
          200,
          events.map(({ event, deliveries }) => ({ event, deliveries })),
        );
      if (method === 'GET' && path === '/__fake/stats') return send(res, 200, { calls });
      if (method === 'GET' && path.startsWith('/__fake/certs/')) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return void res.end('-----BEGIN CERTIFICATE-----\nFAKE\n-----END CERTIFICATE-----\n');
      }
      throw paypalError(404);
    }

    // The buyer's approval page (HTML).
    if (method === 'GET' && path === '/checkoutnow') {
      const order = orders.get(query.get('token') ?? '');
      res.writeHead(order ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(approvalPage(order));
    }
    if (method === 'POST' && path === '/checkoutnow/decide') {
      const form = new URLSearchParams(text);
      const order = orders.get(form.get('token') ?? '');
      if (!order) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(approvalPage(undefined));
      }
      const { redirect } = decide(order, form.get('action') ?? '');
      res.writeHead(303, { Location: redirect });
      return void res.end();
    }

    // OAuth.
    if (method === 'POST' && path === '/v1/oauth2/token') {
      count('POST /v1/oauth2/token');
      await scriptedFailure(path);
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      const given = req.headers.authorization ?? '';
      if (
        Buffer.byteLength(given) !== Buffer.byteLength(expected) ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      ) {
        throw new HttpError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if (new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
        throw new HttpError(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + tokenTtlS * 1000);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE0123456789',
        expires_in: tokenTtlS,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      });
    }

    const routeKey = `${method} ${path.replace(/\/(orders|captures)\/[^/]+/, '/$1/:id')}`;
    count(routeKey);
    requireToken(req);
    await scriptedFailure(path);

    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const { status, body } = verify(parseJson(text));
      return send(res, status, body);
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const body = parseJson(text);
      const { status, body: answer } = withReplay(req, 'create', () => createOrder(req, body));
      return send(res, status, answer);
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order)
        throw paypalError(
          404,
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        );
      if (method === 'GET' && !orderMatch[2]) return send(res, 200, orderJson(order));
      if (method === 'POST' && orderMatch[2]) {
        parseJson(text);
        let webhook: (() => void) | undefined;
        const { status, body } = withReplay(req, `capture:${order.id}`, () => {
          const answer = captureOrder(req, order);
          webhook = answer.webhook;
          return { status: answer.status, body: answer.body };
        });
        send(res, status, body);
        webhook?.();
        return;
      }
    }
    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (captureMatch) {
      const capture = captures.get(decodeURIComponent(captureMatch[1]!));
      if (!capture) throw paypalError(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (method === 'GET' && !captureMatch[2]) return send(res, 200, captureJson(capture));
      if (method === 'POST' && captureMatch[2]) {
        const body = parseJson(text);
        let webhook: (() => void) | undefined;
        const { status, body: answer } = withReplay(req, `refund:${capture.id}`, () => {
          const result = refundCapture(body, capture);
          webhook = result.webhook;
          return { status: result.status, body: result.body };
        });
        send(res, status, answer);
        webhook?.();
        return;
      }
    }
    throw paypalError(404);
  };

  const server: Server = createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    api(req, res, parsed.pathname, parsed.searchParams).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) return send(res, error.status, error.body);
      send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) });
    });
  });

  const failNext = (failure: FailNext) => {
    failures.push({ ...failure, left: failure.count ?? 1 });
  };

  const resend = async (eventId: string): Promise<number | 'error'> => {
    const record = events.find((e) => e.event.id === eventId);
    if (!record) throw paypalError(404, 'INVALID_RESOURCE_ID', `No event ${eventId}`);
    return deliver(record);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    orders,
    events,
    calls,
    async decide(orderId, action) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`No fake PayPal order ${orderId}`);
      await decide(order, action).webhook;
    },
    failNext,
    expireTokens: () => tokens.clear(),
    resend,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
