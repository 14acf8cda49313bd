import { createHash } from 'node:crypto';
import { PaymentProviderError } from '../payment-provider.ts';

/**
 * A small `fetch` client of the PayPal REST API:
 * OAuth client-credentials token cached until shortly before it expires and refreshed once on a
 * 401, JSON bodies, `PayPal-Request-Id` on writes, `Prefer: return=representation`, a time-out per
 * call. The official `@paypal/paypal-server-sdk` hard-codes its base URL, so it
 * cannot be pointed at the local fake; this client takes any `baseUrl`.
 */

/** A PayPal error answer (`{ name, message, details[{issue, description}], debug_id }`), kept for the adapter to map. */
export class PaypalApiError extends Error {
  constructor(
    /** HTTP status, e.g. 422. */
    readonly status: number,
    /** PayPal's error `name`, e.g. `UNPROCESSABLE_ENTITY`, `RESOURCE_NOT_FOUND` (or OAuth's `error`). */
    readonly errorName: string,
    /** `details[].issue`, e.g. `['ORDER_NOT_APPROVED']`. */
    readonly issues: readonly string[],
    message: string,
    /** PayPal's `debug_id`, for support requests. */
    readonly debugId: string | undefined,
    /** `details[0].description` when PayPal gave one. */
    readonly description: string | undefined,
  ) {
    super(message);
    this.name = 'PaypalApiError';
  }

  /** Whether PayPal says to try again later: 5xx, 429 (`RATE_LIMIT_REACHED`), 422 `ORDER_COMPLETION_IN_PROGRESS`. */
  get retryable(): boolean {
    return this.status >= 500 || this.status === 429 || this.issues.includes('ORDER_COMPLETION_IN_PROGRESS');
  }
}

/** Connection settings of {@link PaypalClient}. */
export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** API origin without trailing slash, e.g. `https://api-m.paypal.com` or `http://127.0.0.1:5192`. */
  baseUrl: string;
  /** Time-out of one HTTP call, ms. */
  timeoutMs: number;
  /** Clock (ms since the epoch); tests move it to expire the cached token. */
  now?: () => number;
}

/** One call of {@link PaypalClient.request}. */
export interface PaypalRequest {
  method: 'GET' | 'POST';
  /** Path under the base URL, e.g. `/v2/checkout/orders`; ids in it must be URI-encoded by the caller. */
  path: string;
  /** JSON body (objects are serialised; a string or Buffer is sent as it is, already JSON). */
  body?: unknown;
  /** `PayPal-Request-Id` (writes): see {@link paypalRequestId}. */
  requestId?: string;
  /** `Prefer: return=representation` (full resource) instead of PayPal's `minimal` default. */
  representation?: boolean;
}

/** Longest `PayPal-Request-Id` PayPal accepts (Orders v2: 1-108 characters). */
const MAX_REQUEST_ID = 108;

/**
 * The `PayPal-Request-Id` for an idempotency key: the key itself when it is 1-108 printable ASCII
 * characters, else `sha256-` and the base64url SHA-256 of the key (50 characters). The same key
 * always gives the same id, so a retry replays PayPal's first answer.
 */
export function paypalRequestId(key: string): string {
  if (key.length >= 1 && key.length <= MAX_REQUEST_ID && /^[\x21-\x7e]+$/.test(key)) return key;
  return `sha256-${createHash('sha256').update(key).digest('base64url')}`;
}

/** Currencies PayPal counts without decimals (PayPal currency codes reference). */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

/**
 * PayPal's money value for integer minor units: `1299` → `"12.99"` (`(cents / 100).toFixed(2)`,
 * exact for integers below 2^53). Only two-decimal currencies: the store sells in USD.
 * @throws PaymentProviderError (not retryable) for a zero-decimal currency (HUF, JPY, TWD) or a
 *   malformed currency code.
 */
export function toPaypalValue(cents: number, currency: string): string {
  if (!/^[A-Z]{3}$/.test(currency)) throw new PaymentProviderError(`Not an ISO 4217 currency code: ${currency}`, false);
  if (ZERO_DECIMAL.has(currency))
    throw new PaymentProviderError(`PayPal adapter: ${currency} has no minor unit; not supported`, false);
  return (cents / 100).toFixed(2);
}

/** Integer cents of a PayPal money value (`"12.99"` → 1299); NaN when it is not a decimal with at most two places. */
export function fromPaypalValue(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

/** What a cached access token is worth: its value and when to stop using it (ms since the epoch). */
interface CachedToken {
  value: string;
  usableUntil: number;
}

/** Seconds before `expires_in` runs out at which a cached token is renewed: 10 % of its life, at most 5 minutes. */
function renewalMarginS(expiresInS: number): number {
  return Math.min(300, Math.floor(expiresInS / 10));
}

/** See the module comment. One instance per process and PayPal app (the token cache is per instance). */
export class PaypalClient {
  private token: CachedToken | undefined;
  private pendingToken: Promise<CachedToken> | undefined;
  private readonly now: () => number;
  /** Token requests made so far (tests assert the cache). */
  tokenRequests = 0;

  constructor(private readonly options: PaypalClientOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Calls the API with a bearer token. A 401 drops the cached token and retries once with a fresh
   * one (PayPal revokes tokens before `expires_in` sometimes).
   * @returns the HTTP status and the parsed JSON body (`undefined` for an empty body).
   * @throws PaypalApiError for any non-2xx answer (after the one 401 retry).
   * @throws PaymentProviderError retryable when PayPal cannot be reached, times out, or answers
   *   something that is not JSON; not retryable when the OAuth credentials are refused.
   */
  async request<T>(req: PaypalRequest): Promise<{ status: number; body: T }> {
    let token = await this.accessToken();
    let response = await this.send(req, token.value);
    if (response.status === 401) {
      await response.body?.cancel();
      this.dropToken(token);
      token = await this.accessToken();
      response = await this.send(req, token.value);
    }
    return this.read<T>(response, `${req.method} ${req.path}`);
  }

  /** Forgets the cached token (tests; credentials rotated). */
  resetToken(): void {
    this.token = undefined;
  }

  private dropToken(token: CachedToken): void {
    if (this.token === token) this.token = undefined;
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  private async accessToken(): Promise<CachedToken> {
    if (this.token && this.now() < this.token.usableUntil) return this.token;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  /** `POST /v1/oauth2/token` (Basic client id:secret, `grant_type=client_credentials`). */
  private async fetchToken(): Promise<CachedToken> {
    this.tokenRequests += 1;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const response = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    let read: { status: number; body: { access_token?: unknown; expires_in?: unknown } };
    try {
      read = await this.read(response, 'POST /v1/oauth2/token');
    } catch (error) {
      if (error instanceof PaypalApiError && !error.retryable) {
        throw new PaymentProviderError(
          `PayPal refused the client credentials (${error.status} ${error.errorName})`,
          false,
        );
      }
      throw error instanceof PaypalApiError ? new PaymentProviderError(`PayPal OAuth: ${error.message}`, true) : error;
    }
    const { access_token: value, expires_in: expiresIn } = read.body;
    if (typeof value !== 'string' || value === '' || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
      throw new PaymentProviderError('PayPal OAuth: the token answer has no access_token / expires_in', true);
    }
    const token = { value, usableUntil: this.now() + (expiresIn - renewalMarginS(expiresIn)) * 1000 };
    this.token = token;
    return token;
  }

  private send(req: PaypalRequest, token: string): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    let body: string | Buffer | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof req.body === 'string' || Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body);
    }
    if (req.requestId !== undefined) headers['PayPal-Request-Id'] = req.requestId;
    if (req.representation) headers.Prefer = 'return=representation';
    return this.fetch(req.path, { method: req.method, headers, ...(body !== undefined ? { body } : {}) });
  }

  /** `fetch` with the time-out; network failures and time-outs become retryable provider errors. */
  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.options.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderError(
        timedOut
          ? `PayPal did not answer within ${this.options.timeoutMs} ms (${path})`
          : `PayPal cannot be reached (${path}): ${String(error)}`,
        true,
      );
    }
  }

  /** The JSON of a 2xx answer, or the answer as a {@link PaypalApiError}. */
  private async read<T>(response: Response, what: string): Promise<{ status: number; body: T }> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new PaymentProviderError(`PayPal answer to ${what} was cut off: ${String(error)}`, true);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (response.ok) throw new PaymentProviderError(`PayPal answered ${what} with something that is not JSON`, true);
      json = undefined;
    }
    if (response.ok) return { status: response.status, body: json as T };
    const error = (json ?? {}) as {
      name?: unknown;
      message?: unknown;
      details?: unknown;
      debug_id?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    const details = Array.isArray(error.details) ? (error.details as { issue?: unknown; description?: unknown }[]) : [];
    const issues = details.flatMap((d) => (typeof d?.issue === 'string' ? [d.issue] : []));
    const name =
      typeof error.name === 'string'
        ? error.name
        : typeof error.error === 'string'
          ? error.error
          : `HTTP_${response.status}`;
    const message =
      typeof error.message === 'string'
        ? error.message
        : typeof error.error_description === 'string'
          ? error.error_description
          : '';
    const description = details.find((d) => typeof d?.description === 'string')?.description as string | undefined;
    throw new PaypalApiError(
      response.status,
      name,
      issues,
      `PayPal answered ${what} with ${response.status} ${name}${issues.length ? ` [${issues.join(', ')}]` : ''}${message ? `: ${message}` : ''}`,
      typeof error.debug_id === 'string' ? error.debug_id : undefined,
      description,
    );
  }
}
