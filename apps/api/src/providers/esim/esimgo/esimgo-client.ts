import { EsimProviderError } from '../esim-provider.ts';

/**
 * The eSIM Go HTTP client: `X-API-Key` and
 * `Accept: application/json` on every call, a time-out per call, a per-process token bucket at
 * `ratePerSecond` (eSIM Go allows 10 requests/s per IP), bounded retries with back-off that
 * honour `Retry-After`, and errors `{ message }` mapped to {@link EsimGoCallError}.
 */

/** What became of a failed call: `refused` (the provider answered that it did nothing: 4xx, 429) or `unknown` (time-out, connection error, 5xx: it may have acted). */
export type CallOutcome = 'refused' | 'unknown';

/**
 * A failed eSIM Go call: an `EsimProviderError` (retryable for 429, 5xx, time-outs and connection
 * errors; not for 400, 401, 403, 404, which a retry would only repeat) that also says whether
 * the provider may have acted (`outcome: 'unknown'`), which the exactly-once order logic needs.
 */
export class EsimGoCallError extends EsimProviderError {
  constructor(
    message: string,
    retryable: boolean,
    status: number | undefined,
    readonly outcome: CallOutcome,
  ) {
    super(message, retryable, status);
    this.name = 'EsimGoCallError';
  }
}

/** Settings of {@link EsimGoClient}. */
export interface EsimGoClientOptions {
  /** API base URL with its version, no trailing slash, e.g. `https://api.esim-go.com/v2.4`. */
  baseUrl: string;
  apiKey: string;
  /** Time-out of one HTTP call, ms (headers and body). */
  timeoutMs: number;
  /** Calls per second this process makes (token bucket; burst = one second's worth). */
  ratePerSecond: number;
  /** Retries after the first call for retryable failures (default 3). */
  maxRetries?: number;
  /** Longest total back-off one call may wait across its retries, ms (default 10,000); a `Retry-After` beyond it ends the retries. */
  maxRetryWaitMs?: number;
  /** First back-off, ms, doubled each retry with jitter (default 250). */
  backoffBaseMs?: number;
  /** Injected for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
}

/** A request: `retry: 'all'` for reads (and idempotent writes), `'refused-only'` for writes that must not run twice (only 429, known not executed, is retried). */
export interface EsimGoRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path below the base URL, e.g. `/catalogue`; path parameters already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
  /** Default `application/json`. */
  accept?: string;
  retry?: 'all' | 'refused-only';
}

/** A successful answer: status, parsed JSON (or text when not JSON), headers. */
export interface EsimGoResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket of `rate` tokens per second holding at most `rate` (one second's burst).
 * Callers queue in order. Per process: several instances each keep their own, so the
 * configured rate is per instance (decision record 0018).
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly rate: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = defaultSleep,
  ) {
    this.tokens = rate;
    this.last = now();
  }

  /** Resolves when a token is taken (waits `(1 - tokens) / rate` seconds when the bucket is empty). */
  take(): Promise<void> {
    const next = this.queue.then(async () => {
      for (;;) {
        const t = this.now();
        this.tokens = Math.min(this.rate, this.tokens + ((t - this.last) / 1000) * this.rate);
        this.last = t;
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        await this.sleep(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
      }
    });
    this.queue = next.catch(() => {});
    return next;
  }
}

/**
 * Seconds (or an HTTP date) of a `Retry-After` header as ms; `undefined` when absent or
 * unreadable (RFC 9110 section 10.2.3).
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** `{ message }` of an error body, else a short excerpt of the text. */
function messageOf(body: unknown, status: number): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message.slice(0, 500);
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 200);
  return `eSIM Go answered ${status}`;
}

/** Is this status one to retry (429, 5xx)? 400/401/403/404 and other 4xx are definite refusals. */
function retryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Low-level eSIM Go calls; see the module comment. */
export class EsimGoClient {
  private readonly bucket: TokenBucket;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: EsimGoClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? defaultSleep;
    this.bucket = new TokenBucket(options.ratePerSecond, undefined, this.sleep);
  }

  /**
   * Sends one request with retries: 429 (honouring `Retry-After`), 503 and other 5xx, time-outs
   * and connection errors are retried up to `maxRetries` times within `maxRetryWaitMs` of total
   * back-off — except with `retry: 'refused-only'`, where only 429 is (the request is known not
   * to have run); anything else that may have run is returned to the caller to reconcile.
   * @returns the 2xx answer.
   * @throws EsimGoCallError: `refused` for 4xx (retryable only for 429), `unknown` for 5xx,
   *   time-outs (`status` undefined, message names the time-out) and connection errors.
   */
  async request(req: EsimGoRequest): Promise<EsimGoResponse> {
    const maxRetries = this.options.maxRetries ?? 3;
    const budgetMs = this.options.maxRetryWaitMs ?? 10_000;
    const base = this.options.backoffBaseMs ?? 250;
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      let failure: EsimGoCallError;
      let hintMs: number | undefined;
      try {
        const response = await this.once(req);
        if (response.status >= 200 && response.status < 300) return response;
        failure = new EsimGoCallError(
          messageOf(response.body, response.status),
          retryableStatus(response.status),
          response.status,
          response.status >= 500 ? 'unknown' : 'refused',
        );
        hintMs = retryAfterMs(response.headers.get('retry-after'));
      } catch (error) {
        if (!(error instanceof EsimGoCallError)) throw error;
        failure = error;
      }
      const mayRetry = failure.retryable && (req.retry !== 'refused-only' || failure.outcome === 'refused');
      if (!mayRetry || attempt >= maxRetries) throw failure;
      const backoff = Math.round(Math.min(5_000, base * 2 ** attempt) * (0.5 + Math.random() / 2));
      const delay = hintMs ?? backoff;
      if (waited + delay > budgetMs) throw failure;
      this.options.log?.warn(
        { path: req.path, status: failure.status, attempt: attempt + 1, delayMs: delay },
        'eSIM Go call failed; retrying',
      );
      waited += delay;
      await this.sleep(delay);
    }
  }

  /** One HTTP exchange after taking a rate-limit token. */
  private async once(req: EsimGoRequest): Promise<EsimGoResponse> {
    await this.bucket.take();
    const url = new URL(`${this.options.baseUrl}${req.path}`);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value as readonly string[]) url.searchParams.append(key, v);
      else url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      'X-API-Key': this.options.apiKey,
      Accept: req.accept ?? 'application/json',
    };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await this.fetch(url, {
        method: req.method,
        headers,
        ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
      const text = await response.text();
      let body: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('json') || /^\s*[[{]/.test(text)) {
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new EsimGoCallError(
          `eSIM Go did not answer ${req.method} ${req.path} within ${this.options.timeoutMs} ms`,
          true,
          undefined,
          'unknown',
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
      throw new EsimGoCallError(
        `eSIM Go unreachable (${cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))})`,
        true,
        undefined,
        'unknown',
      );
    }
  }
}
