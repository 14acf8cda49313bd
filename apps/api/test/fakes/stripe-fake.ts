import { createHash, createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { registerStripeJs } from './stripe-js/index.ts';

/**
 * A local, stateful fake of the parts of the Stripe API the store uses (decision record
 * 0019), so that the official `stripe` package (pointed at it with
 * `host`/`port`/`protocol`) and the browser (through the Stripe.js stand-in of
 * `./stripe-js/`, mounted at `/v3/` and `/elements/*`) can be tested without the internet.
 * Listens on 127.0.0.1 only.
 *
 * API (`/v1`, form-encoded bodies with bracket notation, `Authorization: Bearer <secret key>`,
 * 401 `authentication_error` otherwise; every answer has a `Request-Id`):
 * - `POST /v1/payment_intents` (create; with `confirm=true` and `confirmation_token` or
 *   `payment_method` runs the test-card state machine), `GET /v1/payment_intents/:id` (also with
 *   the publishable key and `?client_secret=`, as Stripe.js does), `POST .../:id/confirm`,
 *   `POST .../:id/cancel`. `expand[]=latest_charge` expands the Charge.
 * - `POST /v1/refunds` (`payment_intent` or `charge`, optional `amount`: partial, full, over-refund
 *   400 `amount_too_large`, already refunded 400 `charge_already_refunded`), `GET /v1/refunds/:id`.
 * - `POST /v1/test_helpers/confirmation_tokens` (`payment_method=pm_card_*`, optional
 *   `payment_method_data[wallet]`) and, for the browser, `POST /v1/confirmation_tokens` with the
 *   publishable key (Bearer or the `key` field): `payment_method_data[card][number]`,
 *   `[exp_month]`, `[exp_year]`, `[cvc]` (or `card[…]`), optional `payment_method_data[wallet][type]`
 *   (`apple_pay` | `google_pay`; without card fields the wallet pays with the Visa test card), or
 *   `payment_method=pm_card_*` -> a ConfirmationToken
 *   `ctoken_…` (402 `card_error` `incorrect_number` / `invalid_expiry_year` / `invalid_cvc` for
 *   unusable card fields). CORS is open on `/v1/*` (the stand-in calls it from the store's page).
 * - Idempotency (docs.stripe.com/idempotency): `Idempotency-Key` per secret key, method and path;
 *   a repeat with the same parameters replays the saved status and body with
 *   `Idempotent-Replayed: true`, other parameters get 400 `idempotency_error`, a repeat while the
 *   first still runs gets 409. Injected failures (`/__fake/fail-next`) are not saved, as Stripe
 *   saves nothing for requests that never began executing.
 *
 * Test cards (the PaymentMethod of the token, or the card number typed into the iframe):
 * `pm_card_visa` / 4242 4242 4242 4242 and `pm_card_mastercard` / 5555 5555 5555 4444 succeed;
 * `pm_card_chargeDeclined` / 4000 0000 0000 0002 -> 402 `card_declined` (`generic_decline`);
 * `pm_card_chargeDeclinedInsufficientFunds` / 4000 0000 0000 9995 -> `card_declined`
 * (`insufficient_funds`); `pm_card_chargeDeclinedExpiredCard` / …0069 -> `expired_card`;
 * `pm_card_chargeDeclinedIncorrectCvc` / …0127 -> `incorrect_cvc`;
 * `pm_card_authenticationRequired` / 4000 0027 6000 3184 -> `requires_action` with
 * `next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect',
 * stripe_js: '<fake>/3ds/<pi>' } }`, then `succeeded` once the 3-D Secure page is completed, or
 * `requires_payment_method` with `last_payment_error.code = 'payment_intent_authentication_failure'`
 * when it fails; `pm_fake_processing` (fake-only) -> `processing` until
 * `POST /__fake/payment_intents/:id/settle {outcome: 'succeeded'|'failed'}`.
 *
 * 3-D Secure challenge: `GET /3ds/:pi` is a page with the buttons "Complete authentication" and
 * "Fail authentication" (forms posting to `/3ds/:pi/complete` and `/3ds/:pi/fail`); the result
 * page includes the stand-in's `/elements/3ds-result.js?outcome=succeeded|failed`, which tells the
 * page's `stripe.handleNextAction` the outcome. Tests may POST those two paths directly (JSON
 * answer `{ paymentIntent, status, outcome }` with `Accept: application/json`).
 *
 * Webhooks: every state change makes an Event (`payment_intent.succeeded`,
 * `payment_intent.payment_failed`, `payment_intent.requires_action`, `payment_intent.processing`,
 * `payment_intent.canceled`, `charge.refunded`, `refund.created`), POSTed to `webhookUrl` with
 * `Stripe-Signature: t=<unix s>,v1=<HMAC-SHA256(webhookSecret, "t.body") hex>` (Stripe's signature scheme),
 * retried twice on failure.
 *
 * Controls (no auth): `POST /__fake/fail-next {status, count?, path?, delayMs?}` (the next
 * `count` API calls, optionally only those whose path starts with `path`, answer `status`
 * (429 `rate_limit_error`, 5xx `api_error`) or, with `status: 'timeout'`, are held `delayMs`
 * (default 5000) before being processed normally, as a slow network does);
 * `POST /__fake/webhooks/resend {eventId, staleBySeconds?, badSignature?}` (delivers an event
 * again, optionally signed with an old timestamp or a wrong secret; answers the store's status);
 * `POST /__fake/webhooks/endpoint {url}` (where events go); `POST /__fake/webhooks/pause
 * {paused}`; `GET /__fake/payment_intents`, `GET /__fake/events`, `GET /__fake/requests`.
 */
export interface StripeFakeOptions {
  port?: number;
  secretKey: string;
  publishableKey: string;
  /** Where signed events are POSTed (the store's `/api/webhooks/stripe`). */
  webhookUrl?: string;
  webhookSecret: string;
}

/** A running fake. */
export interface StripeFake {
  /** Origin, e.g. `http://127.0.0.1:5191` (STRIPE_API_URL). */
  url: string;
  /** The Stripe.js stand-in, `${url}/v3/` (STRIPE_JS_URL). */
  jsUrl: string;
  /** Changes where events are POSTed (undefined: nowhere). */
  setWebhookUrl(url: string | undefined): void;
  /** The PaymentIntents, as `GET /v1/payment_intents/:id` shows them. */
  paymentIntents(): FakePaymentIntent[];
  /** Events made so far, oldest first, with their deliveries. */
  events(): FakeEvent[];
  /** Completes (`true`) or fails the 3-D Secure challenge of a PaymentIntent, as the challenge page's buttons do. */
  authenticate(paymentIntentId: string, approve: boolean): void;
  /** Waits until every event made so far has been delivered or given up. */
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

/** A test card's behaviour. */
type CardScenario =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'authentication_required'
  | 'processing';

interface CardFacts {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  scenario: CardScenario;
}

const PM_CARDS: Record<string, CardFacts> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, scenario: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2034, scenario: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034, scenario: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    exp_month: 12,
    exp_year: 2034,
    scenario: 'insufficient_funds',
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    exp_month: 12,
    exp_year: 2034,
    scenario: 'expired_card',
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    exp_month: 12,
    exp_year: 2034,
    scenario: 'incorrect_cvc',
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    exp_month: 12,
    exp_year: 2034,
    scenario: 'authentication_required',
  },
  pm_fake_processing: { brand: 'visa', last4: '0000', exp_month: 12, exp_year: 2034, scenario: 'processing' },
};

const NUMBER_SCENARIOS: Record<string, CardScenario> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000002760003184': 'authentication_required',
  '4000002500003155': 'authentication_required',
};

/** Decline errors in Stripe's words (docs.stripe.com/declines/codes, testing). */
const DECLINES: Record<string, { code: string; decline_code?: string; message: string }> = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

const AUTH_FAILURE = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

interface ConfirmationToken {
  id: string;
  object: 'confirmation_token';
  created: number;
  expires_at: number;
  livemode: false;
  payment_method_preview: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number; wallet: { type: string } | null };
  };
  used: boolean;
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  created: number;
  payment_intent: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded';
  payment_method_details: { type: 'card'; card: ConfirmationToken['payment_method_preview']['card'] };
}

/** A PaymentIntent as the fake shows it (Stripe API 2026-10-28 subset). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  latest_charge: string | null;
  last_payment_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
  payment_method: string | null;
  cancellation_reason: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

/** An event and what happened to its deliveries. */
export interface FakeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
  deliveries: { status: number | 'error'; at: number }[];
}

type Params = Record<string, unknown>;

/**
 * Parses `application/x-www-form-urlencoded` with Stripe's bracket notation: `a[b][c]=1`,
 * `a[0]=x`, `a[]=y` (arrays), into nested objects and arrays of strings.
 */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.match(/^[^[\]]+|\[[^[\]]*\]/g);
    if (!parts) continue;
    const keys = parts.map((p) => (p.startsWith('[') ? p.slice(1, -1) : p));
    let node: Params | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsArray = !last && (keys[i + 1] === '' || /^\d+$/.test(keys[i + 1]!));
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsArray ? [] : {}) as Params | unknown[];
      } else {
        if (last) node[key] = value;
        else node = (node[key] ??= nextIsArray ? [] : {}) as Params | unknown[];
      }
    });
  }
  return root;
}

const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? 'error'));
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
const missing = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Starts the fake on 127.0.0.1 (`options.port`, default 0: any free port). */
export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
  let origin = '';
  let webhookUrl = options.webhookUrl;
  let webhooksPaused = false;

  const tokens = new Map<string, ConfirmationToken & { scenario: CardScenario }>();
  const intents = new Map<
    string,
    FakePaymentIntent & { _card?: ConfirmationToken['payment_method_preview']['card']; _scenario?: CardScenario }
  >();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const events: FakeEvent[] = [];
  const pendingDeliveries = new Set<Promise<void>>();
  const idempotency = new Map<string, { fingerprint: string; status?: number; body?: unknown; inFlight: boolean }>();
  const failures: { status: number | 'timeout'; count: number; path?: string; delayMs: number }[] = [];
  const requests: { method: string; path: string; idempotencyKey: string | undefined; replayed: boolean }[] = [];

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseStripeForm(body as string));
  });

  const sendError = (reply: FastifyReply, error: StripeApiError) =>
    reply
      .status(error.status)
      .header('stripe-should-retry', error.status >= 500 || error.status === 409 ? 'true' : 'false')
      .send({ error: { ...error.body, request_log_url: null } });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', newId('req'));
    if (request.url.startsWith('/v1/')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-allow-headers', 'authorization, content-type, idempotency-key, stripe-version');
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    }
  });
  app.options('/v1/*', async (_request, reply) => reply.status(204).send());

  /** The key a request authenticates with: `secret`, `publishable` or none (401). */
  function authOf(request: FastifyRequest): 'secret' | 'publishable' | undefined {
    const header = request.headers.authorization ?? '';
    let key: string | undefined;
    if (header.startsWith('Bearer ')) key = header.slice(7).trim();
    else if (header.startsWith('Basic ')) key = Buffer.from(header.slice(6), 'base64').toString().split(':')[0];
    else if (request.method === 'POST') key = str((request.body as Params | undefined)?.key);
    if (key === options.secretKey) return 'secret';
    if (key === options.publishableKey) return 'publishable';
    return undefined;
  }

  const unauthenticated = () =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      message: 'Invalid API Key provided. You did not provide a valid API key (Authorization: Bearer sk_...).',
    });

  /** Pops a scripted failure for `path`, if one is queued. */
  function nextFailure(path: string) {
    const failure = failures.find((f) => !f.path || path.startsWith(f.path));
    if (!failure) return undefined;
    failure.count -= 1;
    if (failure.count <= 0) failures.splice(failures.indexOf(failure), 1);
    return failure;
  }

  /**
   * Runs one API call: auth, scripted failures, the idempotency layer (POST only), the handler.
   * `publishableOk` lets the publishable key in (the browser's calls).
   */
  function api(
    handler: (request: FastifyRequest, params: Params) => { status?: number; body: unknown },
    opts: { publishableOk?: boolean } = {},
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = authOf(request);
      if (!auth || (auth === 'publishable' && !opts.publishableOk)) return sendError(reply, unauthenticated());
      const path = request.url.split('?')[0]!;
      const failure = nextFailure(path);
      if (failure) {
        if (failure.status === 'timeout') {
          await new Promise((r) => setTimeout(r, failure.delayMs));
        } else {
          const status = failure.status;
          const body =
            status === 429
              ? {
                  type: 'invalid_request_error',
                  code: 'rate_limit',
                  message: 'Too many requests hit the API too quickly.',
                }
              : { type: 'api_error', message: 'An unknown error occurred (fake).' };
          return sendError(reply, new StripeApiError(status, body));
        }
      }
      const params =
        (request.method === 'GET'
          ? parseStripeForm(request.url.split('?')[1] ?? '')
          : (request.body as Params | undefined)) ?? {};
      const key = request.method === 'POST' ? str(request.headers['idempotency-key']) : undefined;
      requests.push({ method: request.method, path, idempotencyKey: key, replayed: false });
      const run = () => {
        try {
          const { status = 200, body } = handler(request, params);
          return { status, body };
        } catch (error) {
          if (error instanceof StripeApiError)
            return { status: error.status, body: { error: { ...error.body, request_log_url: null } } };
          throw error;
        }
      };
      if (!key) {
        const { status, body } = run();
        return reply.status(status).send(body);
      }
      const slot = `${auth}:${request.method}:${path}:${key}`;
      const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex');
      const saved = idempotency.get(`key:${auth}:${key}`);
      if (saved) {
        if (saved.fingerprint !== `${slot}|${fingerprint}`) {
          return sendError(
            reply,
            new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            }),
          );
        }
        if (saved.inFlight) {
          return sendError(
            reply,
            new StripeApiError(409, {
              type: 'idempotency_error',
              message:
                'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
                key,
            }),
          );
        }
        requests[requests.length - 1]!.replayed = true;
        return reply
          .status(saved.status!)
          .header('idempotent-replayed', 'true')
          .header('idempotency-key', key)
          .send(saved.body);
      }
      const entry: { fingerprint: string; status?: number; body?: unknown; inFlight: boolean } = {
        fingerprint: `${slot}|${fingerprint}`,
        inFlight: true,
      };
      idempotency.set(`key:${auth}:${key}`, entry);
      const { status, body } = run();
      entry.status = status;
      entry.body = body;
      entry.inFlight = false;
      return reply.status(status).header('idempotency-key', key).send(body);
    };
  }

  // ---- webhooks

  function sign(payload: string, timestamp: number, secret = options.webhookSecret): string {
    return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  }

  async function deliver(
    event: FakeEvent,
    opts: { staleBySeconds?: number; badSignature?: boolean; attempts?: number } = {},
  ): Promise<number | 'error'> {
    const url = webhookUrl;
    if (!url) return 'error';
    const payload = JSON.stringify({
      id: event.id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: event.created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: event.type,
      data: event.data,
    });
    const attempts = opts.attempts ?? 3;
    let last: number | 'error' = 'error';
    for (let attempt = 0; attempt < attempts; attempt++) {
      const t = nowS() - (opts.staleBySeconds ?? 0);
      const signature = sign(payload, t, opts.badSignature ? 'whsec_wrong_secret' : options.webhookSecret);
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': `t=${t},v1=${signature}`,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        last = res.status;
      } catch {
        last = 'error';
      }
      event.deliveries.push({ status: last, at: Date.now() });
      if (typeof last === 'number' && last < 300) break;
      if (opts.badSignature || opts.staleBySeconds) break;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
    return last;
  }

  function emit(type: string, object: unknown): void {
    const event: FakeEvent = {
      id: newId('evt'),
      type,
      created: nowS(),
      data: { object: structuredClone(object) },
      deliveries: [],
    };
    events.push(event);
    if (!webhookUrl || webhooksPaused) return;
    const delivery = deliver(event).then(() => undefined);
    pendingDeliveries.add(delivery);
    void delivery.finally(() => pendingDeliveries.delete(delivery));
  }

  // ---- PaymentIntents

  /** The PI as the API shows it, with `latest_charge` expanded when asked. */
  function view(pi: FakePaymentIntent, params: Params, restricted = false): Record<string, unknown> {
    const { ...shown } = pi as FakePaymentIntent & { _card?: unknown; _scenario?: unknown };
    delete shown._card;
    delete shown._scenario;
    const expand = Object.values((params.expand as Params | string[] | undefined) ?? {}) as string[];
    const out: Record<string, unknown> = { ...shown };
    if (expand.includes('latest_charge') && pi.latest_charge)
      out.latest_charge = charges.get(pi.latest_charge) ?? pi.latest_charge;
    if (restricted) {
      delete out.metadata;
      delete out.description;
    }
    return out;
  }

  function tokenCard(params: Params): {
    card: ConfirmationToken['payment_method_preview']['card'];
    scenario: CardScenario;
    pm: string;
  } {
    const tokenId = str(params.confirmation_token);
    if (tokenId) {
      const token = tokens.get(tokenId);
      if (!token) throw missing('confirmation_token', tokenId, 'confirmation_token');
      if (token.used)
        throw invalid(
          'This ConfirmationToken has already been used.',
          'confirmation_token',
          'confirmation_token_already_used',
        );
      if (token.expires_at < nowS())
        throw invalid('This ConfirmationToken has expired.', 'confirmation_token', 'resource_missing');
      token.used = true;
      return { card: token.payment_method_preview.card, scenario: token.scenario, pm: newId('pm') };
    }
    const pmId = str(params.payment_method);
    if (pmId) {
      const facts = PM_CARDS[pmId];
      if (!facts) throw missing('payment_method', pmId, 'payment_method');
      const { scenario, ...card } = facts;
      return { card: { ...card, wallet: null }, scenario, pm: pmId };
    }
    throw invalid(
      'You must provide a confirmation_token or payment_method to confirm this PaymentIntent.',
      'confirmation_token',
    );
  }

  function createCharge(pi: FakePaymentIntent & { _card?: Charge['payment_method_details']['card'] }): Charge {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_refunded: 0,
      currency: pi.currency,
      created: nowS(),
      payment_intent: pi.id,
      paid: true,
      refunded: false,
      status: 'succeeded',
      payment_method_details: { type: 'card', card: pi._card! },
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function succeed(pi: FakePaymentIntent & { _card?: Charge['payment_method_details']['card'] }): void {
    const charge = createCharge(pi);
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: charge.id,
      next_action: null,
      last_payment_error: null,
    });
    emit('payment_intent.succeeded', view(pi, { expand: ['latest_charge'] }));
  }

  function fail(pi: FakePaymentIntent, error: Record<string, unknown>): void {
    Object.assign(pi, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { ...error, payment_method: { id: pi.payment_method, type: 'card' } },
    });
    emit('payment_intent.payment_failed', view(pi, {}));
  }

  /** Confirms `pi` with the card of `params`; throws the 402 of a decline. */
  function confirm(
    pi: FakePaymentIntent & { _card?: Charge['payment_method_details']['card']; _scenario?: CardScenario },
    params: Params,
  ): void {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const { card, scenario, pm } = tokenCard(params);
    Object.assign(pi, { payment_method: pm, _card: card, _scenario: scenario });
    switch (scenario) {
      case 'succeeds':
        succeed(pi);
        return;
      case 'authentication_required':
        Object.assign(pi, {
          status: 'requires_action',
          next_action: {
            type: 'use_stripe_sdk',
            use_stripe_sdk: {
              type: 'three_d_secure_redirect',
              stripe_js: `${origin}/3ds/${pi.id}`,
              source: `src_${pi.id.slice(3)}`,
            },
          },
        });
        emit('payment_intent.requires_action', view(pi, {}));
        return;
      case 'processing':
        Object.assign(pi, { status: 'processing', next_action: null });
        emit('payment_intent.processing', view(pi, {}));
        return;
      default: {
        const decline = DECLINES[scenario]!;
        const charge = newId('ch');
        const error = { type: 'card_error', ...decline, charge };
        fail(pi, error);
        throw new StripeApiError(402, {
          ...error,
          doc_url: `https://stripe.com/docs/error-codes/${decline.code}`,
          payment_intent: view(pi, {}),
        });
      }
    }
  }

  app.post(
    '/v1/payment_intents',
    api((_request, params) => {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50)
        throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
      const currency = str(params.currency);
      if (!currency || currency !== currency.toLowerCase() || currency.length !== 3)
        throw invalid('Invalid currency', 'currency');
      const apm = params.automatic_payment_methods as Params | undefined;
      const id = newId('pi');
      const pi: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
        description: str(params.description) ?? null,
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        created: nowS(),
        livemode: false,
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        payment_method: null,
        cancellation_reason: null,
        automatic_payment_methods: apm
          ? {
              enabled: apm.enabled === 'true',
              ...(str(apm.allow_redirects) ? { allow_redirects: str(apm.allow_redirects)! } : {}),
            }
          : null,
      };
      if (params.confirm === 'true' && apm?.allow_redirects !== 'never' && !str(params.return_url)) {
        throw invalid(
          'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which require a return_url. Set automatic_payment_methods[allow_redirects]=never or provide a return_url.',
          'return_url',
        );
      }
      intents.set(id, pi);
      if (params.confirmation_token || params.payment_method) {
        if (params.confirm === 'true') confirm(pi, params);
        else pi.status = 'requires_confirmation';
      }
      return { body: view(pi, params) };
    }),
  );

  const intentOf = (id: string) => {
    const pi = intents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  };

  app.get(
    '/v1/payment_intents/:id',
    api(
      (request, params) => {
        const pi = intentOf((request.params as { id: string }).id);
        if (authOf(request) === 'publishable') {
          if (str(params.client_secret) !== pi.client_secret) throw missing('payment_intent', pi.id, 'intent');
          return { body: view(pi, params, true) };
        }
        return { body: view(pi, params) };
      },
      { publishableOk: true },
    ),
  );

  app.post(
    '/v1/payment_intents/:id/confirm',
    api((request, params) => {
      const pi = intentOf((request.params as { id: string }).id);
      confirm(pi, params);
      return { body: view(pi, params) };
    }),
  );

  app.post(
    '/v1/payment_intents/:id/cancel',
    api((request, params) => {
      const pi = intentOf((request.params as { id: string }).id);
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      Object.assign(pi, {
        status: 'canceled',
        next_action: null,
        cancellation_reason: str(params.cancellation_reason) ?? 'requested_by_customer',
      });
      emit('payment_intent.canceled', view(pi, {}));
      return { body: view(pi, params) };
    }),
  );

  // ---- Refunds

  app.post(
    '/v1/refunds',
    api((_request, params) => {
      const piId = str(params.payment_intent);
      const chargeId = str(params.charge);
      let charge: Charge | undefined;
      if (piId) {
        const pi = intentOf(piId);
        charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
        if (pi.status !== 'succeeded' || !charge) {
          throw invalid(
            `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
            'payment_intent',
            'charge_not_refundable',
          );
        }
      } else if (chargeId) {
        charge = charges.get(chargeId);
        if (!charge) throw missing('charge', chargeId, 'charge');
      } else {
        throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
      }
      const remaining = charge.amount - charge.amount_refunded;
      if (remaining === 0)
        throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
      const amount = params.amount === undefined ? remaining : Number(params.amount);
      if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', 'amount');
      if (amount > remaining) {
        const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
        throw invalid(
          `Refund amount (${usd(amount)}) is greater than unrefunded amount on charge (${usd(remaining)})`,
          'amount',
          'amount_too_large',
        );
      }
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: charge.currency,
        created: nowS(),
        metadata: (params.metadata as Record<string, string> | undefined) ?? {},
        payment_intent: charge.payment_intent,
        reason: str(params.reason) ?? null,
        status: 'succeeded',
      };
      refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      emit('refund.created', refund);
      emit('charge.refunded', charge);
      return { body: refund };
    }),
  );

  app.get(
    '/v1/refunds/:id',
    api((request) => {
      const id = (request.params as { id: string }).id;
      const refund = refunds.get(id);
      if (!refund) throw missing('refund', id, 'id');
      return { body: refund };
    }),
  );

  // ---- ConfirmationTokens

  function mintToken(
    card: ConfirmationToken['payment_method_preview']['card'],
    scenario: CardScenario,
  ): ConfirmationToken {
    const token = {
      id: newId('ctoken'),
      object: 'confirmation_token' as const,
      created: nowS(),
      expires_at: nowS() + 12 * 3600,
      livemode: false as const,
      payment_method_preview: { type: 'card' as const, card },
      used: false,
      scenario,
    };
    tokens.set(token.id, token);
    const { scenario: _hidden, ...shown } = token;
    return shown;
  }

  const walletOf = (params: Params): { type: string } | null => {
    const data = params.payment_method_data as Params | undefined;
    const wallet = str(params.wallet) ?? str(data?.wallet) ?? str((data?.wallet as Params | undefined)?.type);
    if (wallet === undefined) return null;
    if (wallet !== 'apple_pay' && wallet !== 'google_pay') throw invalid('Invalid wallet type', 'wallet');
    return { type: wallet };
  };

  app.post(
    '/v1/test_helpers/confirmation_tokens',
    api((_request, params) => {
      const pm = str(params.payment_method);
      const facts = pm ? PM_CARDS[pm] : undefined;
      if (!pm || !facts) throw missing('payment_method', pm ?? '', 'payment_method');
      const { scenario, ...card } = facts;
      return { body: mintToken({ ...card, wallet: walletOf(params) }, scenario) };
    }),
  );

  app.post(
    '/v1/confirmation_tokens',
    api(
      (_request, params) => {
        const pm = str(params.payment_method);
        if (pm) {
          const facts = PM_CARDS[pm];
          if (!facts) throw missing('payment_method', pm, 'payment_method');
          const { scenario, ...card } = facts;
          return { body: mintToken({ ...card, wallet: walletOf(params) }, scenario) };
        }
        const data = params.payment_method_data as Params | undefined;
        const wallet = walletOf(params);
        const card = (params.card as Params | undefined) ?? (data?.card as Params | undefined) ?? {};
        if (wallet && card.number === undefined) {
          // A wallet sheet (Express Checkout) pays with the Visa test card.
          const { scenario, ...visa } = PM_CARDS.pm_card_visa!;
          return { body: mintToken({ ...visa, wallet }, scenario) };
        }
        const digits = (str(card.number) ?? '').replace(/\D/g, '');
        const cardError = (code: string, message: string, param: string) =>
          new StripeApiError(402, { type: 'card_error', code, message, param });
        if (digits.length < 12 || digits.length > 19 || !luhn(digits))
          throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
        const month = Number(card.exp_month);
        let year = Number(card.exp_year);
        if (year < 100) year += 2000;
        if (!Number.isInteger(month) || month < 1 || month > 12)
          throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
        const now = new Date();
        if (
          !Number.isInteger(year) ||
          year < now.getUTCFullYear() ||
          (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
        ) {
          throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
        }
        const brand = brandOf(digits);
        const cvc = str(card.cvc) ?? '';
        if (!/^\d+$/.test(cvc) || cvc.length !== (brand === 'amex' ? 4 : 3))
          throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
        const scenario = NUMBER_SCENARIOS[digits] ?? 'succeeds';
        return {
          body: mintToken({ brand, last4: digits.slice(-4), exp_month: month, exp_year: year, wallet }, scenario),
        };
      },
      { publishableOk: true },
    ),
  );

  // ---- 3-D Secure challenge

  function authenticate(id: string, approve: boolean): FakePaymentIntent {
    const pi = intents.get(id);
    if (!pi) throw missing('payment_intent', id);
    if (pi.status !== 'requires_action') return pi;
    if (approve) succeed(pi);
    else fail(pi, AUTH_FAILURE);
    return pi;
  }

  const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  app.get('/3ds/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const pi = intents.get(id);
    if (!pi) return reply.status(404).type('text/plain').send('Unknown PaymentIntent');
    const amount = `${(pi.amount / 100).toFixed(2)} ${pi.currency.toUpperCase()}`;
    const safe = escapeHtml(id);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>3D Secure test page</title>` +
          `<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;max-width:420px}button{display:block;width:100%;margin:12px 0;padding:12px;font-size:16px;border-radius:6px;border:1px solid #635bff}` +
          `.ok{background:#635bff;color:#fff}.ko{background:#fff;color:#635bff}</style></head><body>` +
          `<h1>3D Secure 2 test page</h1><p>Stripe (fake) test payment of <strong>${escapeHtml(amount)}</strong>.</p>` +
          `<form method="post" action="/3ds/${safe}/complete"><button class="ok" type="submit">Complete authentication</button></form>` +
          `<form method="post" action="/3ds/${safe}/fail"><button class="ko" type="submit">Fail authentication</button></form>` +
          `</body></html>`,
      );
  });

  for (const outcome of ['complete', 'fail'] as const) {
    app.post(`/3ds/:id/${outcome}`, async (request, reply) => {
      const id = (request.params as { id: string }).id;
      let pi: FakePaymentIntent;
      try {
        pi = authenticate(id, outcome === 'complete');
      } catch (error) {
        if (error instanceof StripeApiError) return sendError(reply, error);
        throw error;
      }
      const result = pi.status === 'succeeded' ? 'succeeded' : 'failed';
      if ((request.headers.accept ?? '').includes('application/json'))
        return reply.send({ paymentIntent: pi.id, status: pi.status, outcome: result });
      // The stand-in's script tells the page's `handleNextAction` the outcome (./stripe-js/index.ts).
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure</title></head><body>` +
            `<p>${outcome === 'complete' ? 'Authentication complete.' : 'Authentication failed.'}</p>` +
            `<script src="/elements/3ds-result.js?outcome=${result}"></script>` +
            `</body></html>`,
        );
    });
  }

  // ---- fake controls

  app.post('/__fake/fail-next', async (request) => {
    const body = (request.body ?? {}) as {
      status?: number | 'timeout';
      count?: number;
      path?: string;
      delayMs?: number;
    };
    failures.push({
      status: body.status ?? 500,
      count: body.count ?? 1,
      ...(body.path ? { path: body.path } : {}),
      delayMs: body.delayMs ?? 5000,
    });
    return { queued: failures.length };
  });

  app.post('/__fake/webhooks/endpoint', async (request) => {
    webhookUrl = (request.body as { url?: string } | undefined)?.url || undefined;
    return { url: webhookUrl ?? null };
  });

  app.post('/__fake/webhooks/pause', async (request) => {
    webhooksPaused = (request.body as { paused?: boolean } | undefined)?.paused ?? true;
    return { paused: webhooksPaused };
  });

  app.post('/__fake/webhooks/resend', async (request, reply) => {
    const body = (request.body ?? {}) as { eventId?: string; staleBySeconds?: number; badSignature?: boolean };
    const event = events.find((e) => e.id === body.eventId);
    if (!event) return reply.status(404).send({ error: 'unknown event' });
    const status = await deliver(event, {
      attempts: 1,
      ...(body.staleBySeconds ? { staleBySeconds: body.staleBySeconds } : {}),
      ...(body.badSignature ? { badSignature: true } : {}),
    });
    return { eventId: event.id, status };
  });

  app.post('/__fake/payment_intents/:id/settle', async (request, reply) => {
    const pi = intents.get((request.params as { id: string }).id);
    if (!pi || pi.status !== 'processing') return reply.status(409).send({ error: 'not processing' });
    if ((request.body as { outcome?: string } | undefined)?.outcome === 'failed')
      fail(pi, { type: 'card_error', ...DECLINES.declined! });
    else succeed(pi);
    return view(pi, { expand: ['latest_charge'] });
  });

  app.get('/__fake/payment_intents', async () => ({
    data: [...intents.values()].map((pi) => view(pi, { expand: ['latest_charge'] })),
  }));
  app.get('/__fake/events', async () => ({ data: events }));
  app.get('/__fake/requests', async () => ({ data: requests }));

  // ---- Stripe.js stand-in (part D): `/v3/` and `/elements/*`
  const apiOriginRef = { value: '' };
  registerStripeJs(app, {
    publishableKey: options.publishableKey,
    get apiOrigin() {
      return apiOriginRef.value;
    },
  });

  app.setNotFoundHandler(async (request, reply) =>
    sendError(
      reply,
      new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
      }),
    ),
  );

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  origin = address.replace('localhost', '127.0.0.1');
  apiOriginRef.value = origin;

  return {
    url: origin,
    jsUrl: `${origin}/v3/`,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    paymentIntents: () =>
      [...intents.values()].map((pi) => view(pi, { expand: ['latest_charge'] }) as unknown as FakePaymentIntent),
    events: () => events,
    authenticate(id, approve) {
      authenticate(id, approve);
    },
    async flushWebhooks() {
      while (pendingDeliveries.size > 0) await Promise.allSettled([...pendingDeliveries]);
    },
    close: async () => {
      await Promise.allSettled([...pendingDeliveries]);
      await app.close();
    },
  };
}
