import path from 'node:path';
import { z } from 'zod';
import { localSecrets } from './local-secrets.ts';

/** One entry of `TRUST_PROXY`: an IPv4/IPv6 address or CIDR range. */
const proxyAddressSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

const INTERVAL_UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration setting: `off` (also `false`, `0`, `none`) → null; `6h`, `30m`, `1d`, `90s`,
 * `1500ms` or bare milliseconds → ms, when from 1 minute to 30 days; anything else → undefined.
 */
export function parseInterval(value: string): number | null | undefined {
  const text = value.trim().toLowerCase();
  if (['off', 'false', 'none', '0'].includes(text)) return null;
  const match = /^(\d{1,10})\s*(ms|s|m|h|d)?$/.exec(text);
  if (!match) return undefined;
  const ms = Number(match[1]) * INTERVAL_UNITS_MS[match[2] ?? 'ms']!;
  return ms >= 60_000 && ms <= 30 * 86_400_000 ? ms : undefined;
}

/**
 * The only reader of `process.env`, so the environment is validated once. A bad value stops
 * start-up with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** TCP port of the store and API (README: http://localhost:5000). */
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  /** Listening address; `localhost` listens on the loopback interfaces only (IPv4 and IPv6). */
  HOST: z.string().min(1).default('localhost'),
  /** Folder of the embedded PGlite database when `DATABASE_URL` is unset. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** `postgres://...` selects a real PostgreSQL server instead of embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: one JSON object per line (log collectors, production). `pretty`: one short readable
   * line per entry and a plain start-up message (a person at a terminal). Default: `pretty` when
   * stdout is a terminal, else `json`.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * The store's public origin (`https://store.example`): the only source of absolute URLs in
   * pages, the sitemap, `robots.txt`, e-mails and payment return links; request headers never
   * are (decision record 0013). Default `http://localhost:<PORT>`.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /**
   * The reverse proxies whose `X-Forwarded-For`, `-Proto` and `-Host` are believed: a
   * comma-separated list of addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `::1`), as
   * Fastify's `trustProxy` takes them. Default empty: trust nobody, so the client address is the
   * connection's and forwarded headers are ignored (decision record 0013; OWASP ASVS 4.0.3 V1.14).
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = entries.find((entry) => !proxyAddressSchema.safeParse(entry).success);
      if (bad === undefined) return entries;
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not an IP address or CIDR range` });
      return z.NEVER;
    }),
  /**
   * The eSIM wholesaler (decision record 0018): `sandbox` (default, embedded simulator)
   * or `esimgo` (the eSIM Go API v2.4 at `ESIMGO_BASE_URL` with `ESIMGO_API_KEY`).
   */
  ESIM_PROVIDER: z.enum(['sandbox', 'esimgo']).default('sandbox'),
  /** eSIM Go API base URL with its version, e.g. `https://api.esim-go.com/v2.4` (a local fake in tests). */
  ESIMGO_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.esim-go.com/v2.4'),
  /** eSIM Go API key (`X-API-Key`); also the HMAC key of its usage callbacks. Required with `ESIM_PROVIDER=esimgo`. */
  ESIMGO_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  /** Time-out of one eSIM Go call, ms (orders take longest; clients use 40-60 s). Default 45000. */
  ESIMGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(45_000),
  /** eSIM Go calls per second this store makes, across every instance (eSIM Go allows 10). Default 10. */
  ESIMGO_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(1_000).default(10),
  /**
   * Who takes card payments (decision record 0019): `sandbox` (default, embedded, Stripe's test-card
   * semantics) or `stripe` (the Stripe API with `STRIPE_SECRET_KEY`, the Payment Element in the
   * browser with `STRIPE_PUBLISHABLE_KEY`, webhooks signed with `STRIPE_WEBHOOK_SECRET`). PayPal is
   * the PayPal REST API when `PAYPAL_CLIENT_ID` is set; with `stripe` and no PayPal credentials,
   * PayPal is not offered; with `sandbox` it is the sandbox's.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Stripe secret key (`sk_live_…`, `sk_test_…`). Required with `PAYMENT_PROVIDER=stripe`. */
  STRIPE_SECRET_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
  ),
  /** Stripe publishable key (`pk_…`) the browser's Stripe.js uses. Required with `PAYMENT_PROVIDER=stripe`. */
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^pk_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
  ),
  /** Signing secret of the Stripe webhook endpoint (`whsec_…`). Required with `PAYMENT_PROVIDER=stripe`. */
  STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  /** Stripe API origin (default `https://api.stripe.com`); tests point it at a local fake. */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.stripe.com'),
  /** Where the browser loads Stripe.js from (default `https://js.stripe.com/v3/`); browser tests load a local stand-in. */
  STRIPE_JS_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://js.stripe.com/v3/'),
  /** PayPal REST app client id; set, PayPal payments go through the PayPal Orders v2 API. */
  PAYPAL_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  /** PayPal REST app secret. Required with `PAYPAL_CLIENT_ID`. */
  PAYPAL_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  /** PayPal API origin: `https://api-m.paypal.com` (default, live), `https://api-m.sandbox.paypal.com`, or a local fake. */
  PAYPAL_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api-m.paypal.com'),
  /** Id of the PayPal webhook (from the developer dashboard), used to verify deliveries. Required with `PAYPAL_CLIENT_ID`. */
  PAYPAL_WEBHOOK_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** Time-out of one Stripe or PayPal call, ms. Default 30000. */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /**
   * `redis://host:6379`: rate limits are counted in Redis, shared by every instance (decision record 0020).
   * Unset: they are counted in the database, shared all the same.
   */
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  /**
   * On SIGTERM the instance answers `/readyz` with 503 at once, waits this long (ms) for the load
   * balancer to notice, then stops taking requests, finishes those in flight and the job in hand,
   * and exits. Default 5000.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /**
   * Bearer token of `GET /metrics` (Prometheus). Unset: `/metrics` answers only connections from
   * the loopback address (a scraper on the same host, or nginx's `allow 127.0.0.1`).
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  /** Folder with the built storefront (`vite build` output). */
  WEB_DIST: z.string().min(1).optional(),
  /** Seconds a catalogue response may be cached by browsers and shared caches. */
  CATALOGUE_MAX_AGE_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * HMAC key of the sandbox payment provider's card tokens (16+ characters; 32+ in production).
   * Unset: the public {@link DEVELOPMENT_PAYMENT_SANDBOX_SECRET} in development and tests; in
   * production made once per embedded database folder (`local-secrets.ts`), and required on
   * PostgreSQL while the sandbox takes payments (`PAYMENT_PROVIDER=sandbox`).
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  /** Lease of a claimed job, ms: a crashed worker's job is retried this long after its last renewal. */
  JOB_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** Simulated latency of each sandbox eSIM order, ms (tests that need fulfilment to take a while). */
  ESIM_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`: send
   * e-mail over SMTP. Unset (or empty): messages are only stored for the admin Outbox.
   */
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /** Sender of every e-mail (RFC 5322 mailbox). */
  MAIL_FROM: z.string().min(3).default('Roamwise <orders@roamwise.example>'),
  /**
   * How often the catalogue is synced with the eSIM provider, once across instances:
   * `6h`, `30m`, `1d`, `90s`, a whole number of milliseconds, or `off`. At least 1 minute, at
   * most 30 days. Default `6h`.
   */
  CATALOGUE_SYNC_INTERVAL: z
    .string()
    .default('6h')
    .transform((value, ctx) => {
      const ms = parseInterval(value);
      if (ms !== undefined) return ms;
      ctx.addIssue({
        code: 'custom',
        message: 'must be off, or a duration of 1 minute to 30 days such as 6h, 30m, 1d or 900000 (ms)',
      });
      return z.NEVER;
    }),
  /** How often the worker refreshes the usage of eSIMs in use from the provider, ms (default 15 min). */
  USAGE_SYNC_INTERVAL_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(900_000),
  /** Portal requests one client IP may make per minute (access-token guessing; default 60). */
  PORTAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Payment attempts (card tokenisations, checkouts, portal top-ups; each counted apart) one
   * visitor session, or one portal access token, may make per `PAYMENT_THROTTLE_ATTEMPT_WINDOW_S`;
   * more are answered 429 with `Retry-After`, against card testing (OWASP ASVS 4.0.3 V11.1.4).
   * Default 10.
   */
  PAYMENT_THROTTLE_ATTEMPTS_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** The same per client address (`request.ip`, IPv6 by /64): many travellers may share one. Default 30. */
  PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Window of the attempt limits, seconds; it starts at the first attempt. Default 600 (10 minutes). */
  PAYMENT_THROTTLE_ATTEMPT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * Declined payments (402, checkout and top-ups together) after which a session or access token
   * may not attempt payments until `PAYMENT_THROTTLE_DECLINE_WINDOW_S` after its first decline has
   * passed. Default 3.
   */
  PAYMENT_THROTTLE_DECLINES_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(3),
  /** The same per client address (IPv6 by /64). Default 10. */
  PAYMENT_THROTTLE_DECLINES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Window of the decline limits, seconds; it starts at the first decline. Default 3600 (1 hour). */
  PAYMENT_THROTTLE_DECLINE_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(3_600),
  /**
   * Key material of accounts, 32+ characters: the AES-256-GCM key that encrypts TOTP secrets at
   * rest is derived from it (HKDF-SHA-256). Unset: the public {@link DEVELOPMENT_AUTH_SECRET} in
   * development and tests; in production made once per embedded database folder
   * (`local-secrets.ts`), and required on PostgreSQL (every instance needs the same value: set a
   * long random one, `openssl rand -base64 48`, and keep it). Production refuses the public
   * default and anything shorter than 32 characters.
   */
  AUTH_SECRET: z.string().min(32).optional(),
  /**
   * Earlier `AUTH_SECRET`s, comma-separated: two-factor secrets sealed under them can still be
   * opened (new ones are sealed under `AUTH_SECRET`), so that the secret can be changed without
   * locking out enrolled accounts. Default none.
   */
  AUTH_PREVIOUS_SECRETS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** A customer's session ends after this many seconds without a request (OWASP ASVS 4.0.3 V3.3.2). Default 7 days. */
  SESSION_IDLE_TIMEOUT_S: z.coerce.number().int().min(60).max(31_536_000).default(604_800),
  /** A customer's session ends this many seconds after sign-in whatever its use. Default 30 days. */
  SESSION_ABSOLUTE_TIMEOUT_S: z.coerce.number().int().min(60).max(31_536_000).default(2_592_000),
  /** The same for an admin's session, shorter (ASVS 4.0.3 V3.3.2 level 2: 30 minutes idle). Default 1800. */
  ADMIN_SESSION_IDLE_TIMEOUT_S: z.coerce.number().int().min(60).max(31_536_000).default(1_800),
  /** An admin's session ends this many seconds after sign-in (ASVS level 2: 12 hours). Default 43200. */
  ADMIN_SESSION_ABSOLUTE_TIMEOUT_S: z.coerce.number().int().min(60).max(31_536_000).default(43_200),
  /**
   * `true`: an admin without two-factor authentication is refused every admin call (403
   * `two_factor_setup_required`) until they turn it on (ASVS 4.0.3 V4.3.1). Default `true` when
   * `NODE_ENV=production`, else `false`.
   */
  ADMIN_REQUIRE_2FA: z.enum(['true', 'false']).optional(),
  /**
   * Failed sign-ins and two-factor codes (ASVS 4.0.3 V2.2.1) one account may have per
   * `AUTH_THROTTLE_WINDOW_S` before it must wait; the allowance doubles for windows 15 and 60
   * times as long, so the delays grow (5 per minute, 10 per 15 minutes, 20 per hour by default)
   * and the owner is never locked out for good. Default 5.
   */
  AUTH_THROTTLE_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** The same per client address (`request.ip`, IPv6 by /64), whatever the account. Default 20. */
  AUTH_THROTTLE_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** The shortest failure window, seconds (the others are 15 and 60 times as long). Default 60. */
  AUTH_THROTTLE_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Sign-in and registration requests one client address may make per hour, failed or not. Default 60. */
  AUTH_THROTTLE_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * Password-reset requests (`POST /api/forgot-password`; ASVS 4.0.3 V2.5, V11.1.4) one
   * e-mail address may receive per hour, whether or not it has an account; more are answered 429
   * with `Retry-After`, so nobody can flood a mailbox. Default 3.
   */
  AUTH_RESET_REQUESTS_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(3),
  /** Password-reset requests one client address (IPv6 by /64) may make per hour, whatever the addresses. Default 10. */
  AUTH_RESET_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Who answers the chat assistant (decision record 0017): `local` (default),
   * retrieval over the knowledge base and the catalogue inside this process; `anythingllm`, the
   * workspace chat of an AnythingLLM server (`ANYTHINGLLM_URL`, `ANYTHINGLLM_API_KEY`,
   * `ANYTHINGLLM_WORKSPACE`).
   */
  CHAT_ENGINE: z.enum(['local', 'anythingllm']).default('local'),
  /** Base URL of the AnythingLLM server, e.g. `http://127.0.0.1:3001` (its developer API is under `/api/v1`). */
  ANYTHINGLLM_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** The developer API key (`Authorization: Bearer ...`). */
  ANYTHINGLLM_API_KEY: z.string().optional(),
  /** The workspace's slug. Default `roamwise`. */
  ANYTHINGLLM_WORKSPACE: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'must be a workspace slug (a-z, 0-9, -)')
    .default('roamwise'),
  /** Time-out of one AnythingLLM call, ms. Default 20000. */
  ANYTHINGLLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** Chat messages one chat session may send per minute (default 20), and one client address (default 60). */
  CHAT_RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CHAT_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Where the support page's contact form messages are e-mailed. */
  SUPPORT_EMAIL: z.string().min(3).default('support@roamwise.example'),
  /** Contact-form messages one client address may send per hour (default 5). */
  SUPPORT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(5),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `LOG_FORMAT`; undefined: decided by whether stdout is a terminal (`server.ts`). */
  logFormat: 'json' | 'pretty' | undefined;
  /** Public origin without a trailing slash, e.g. `https://roamwise.example` (default `http://localhost:<port>`). */
  publicUrl: string;
  /** Addresses and CIDR ranges of trusted reverse proxies; empty trusts none. */
  trustProxy: string[];
  esimProvider: 'sandbox' | 'esimgo';
  /** eSIM Go: base URL with version (no trailing slash), key, time-out (ms), calls per second. */
  esimGo: { baseUrl: string; apiKey: string | undefined; timeoutMs: number; ratePerSecond: number };
  /** Card payments provider. */
  paymentProvider: 'sandbox' | 'stripe';
  /** Stripe: keys, the API origin (a fake in tests), the browser's Stripe.js URL. */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
    jsUrl: string;
  };
  /** PayPal REST; `clientId` undefined: the sandbox's PayPal (sandbox payments) or none (stripe). */
  paypal: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    baseUrl: string;
    webhookId: string | undefined;
  };
  /** Time-out of one Stripe or PayPal call, ms. */
  paymentTimeoutMs: number;
  /** Redis for shared rate limits; undefined: the database. */
  redisUrl: string | undefined;
  /** Graceful shutdown: ms between `/readyz` turning 503 and the listener closing. */
  shutdownDrainMs: number;
  /** Bearer token of `/metrics`; undefined: loopback only. */
  metricsToken: string | undefined;
  webDist: string;
  catalogueMaxAgeS: number;
  /** Catalogue sync schedule (`CATALOGUE_SYNC_INTERVAL`), ms between runs; null when off. */
  catalogueSyncIntervalMs: number | null;
  /** HMAC key of the sandbox payment provider's card tokens. */
  paymentSandboxSecret: string;
  /** `<DATA_DIR>/secrets.json` when a secret not given in the environment was read from or made there (`local-secrets.ts`). */
  secretsFile: string | undefined;
  jobs: { leaseMs: number };
  esimSandbox: { latencyMs: number };
  /** SMTP connection URL; undefined stores e-mail in the database only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Customer portal: periodic usage refresh (ms) and requests per IP per minute. */
  portal: { usageSyncIntervalMs: number; rateLimitPerMinute: number };
  /**
   * Payment throttles (`lib/payment-throttle.ts`): counts per session (or access token)
   * and per client address, windows in seconds.
   */
  paymentThrottle: {
    attemptsPerSession: number;
    attemptsPerAddress: number;
    attemptWindowS: number;
    declinesPerSession: number;
    declinesPerAddress: number;
    declineWindowS: number;
  };
  /**
   * The chat assistant: the engine, the AnythingLLM server when that engine is chosen,
   * and the rate limits per chat session and per client address (messages per minute).
   */
  chat: {
    engine: 'local' | 'anythingllm';
    anythingllm: { url: string | undefined; apiKey: string | undefined; workspace: string; timeoutMs: number };
    rateLimitPerSession: number;
    rateLimitPerAddress: number;
  };
  /** The support contact form: the support mailbox and messages per client address per hour. */
  support: { email: string; rateLimitPerHour: number };
  /** Accounts (`modules/auth`). Durations in seconds. */
  auth: {
    /** Source of the TOTP secrets' encryption key (32+ characters). */
    secret: string;
    /** Earlier values of `secret` whose sealed TOTP secrets can still be opened (`AUTH_PREVIOUS_SECRETS`). */
    previousSecrets: string[];
    sessionIdleS: number;
    sessionAbsoluteS: number;
    adminSessionIdleS: number;
    adminSessionAbsoluteS: number;
    /** Admin calls require two-factor authentication. */
    adminRequire2fa: boolean;
    /** Sign-in failures and attempts; password-reset requests per e-mail address and per client address per hour. */
    throttle: {
      failuresPerAccount: number;
      failuresPerAddress: number;
      windowS: number;
      attemptsPerAddress: number;
      resetRequestsPerEmail: number;
      resetRequestsPerAddress: number;
    };
  };
};

/** Thrown when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Public: written in this file. Development and tests only; production refuses it. */
export const DEVELOPMENT_AUTH_SECRET = 'roamwise-auth-development-secret-not-for-production';
/** Public: written in this file. Development and tests only; production refuses it. */
export const DEVELOPMENT_PAYMENT_SANDBOX_SECRET = 'roamwise-sandbox-payments-development-secret';
/** Shortest secret production accepts: 32 characters (OWASP ASVS 4.0.3 V6.4: keys of at least 128 bits of entropy). */
export const PRODUCTION_SECRET_MIN_LENGTH = 32;

type Env = z.infer<typeof envSchema>;

/**
 * The store's two secrets (docs/decisions/0025-one-process-per-data-folder.md). Development and
 * tests: as given, else the public defaults. Production: a given value must be 32+ characters and
 * not a public default; a missing one is made once per embedded database folder
 * (`local-secrets.ts`; with `persist` false, made for this process only and written nowhere),
 * and on PostgreSQL is an error (instances must share it).
 * @throws ConfigError naming each refused variable.
 */
function resolveSecrets(
  e: Env,
  persist: boolean,
): { auth: string; previousAuth: string[]; paymentSandbox: string; file: string | undefined } {
  if (e.NODE_ENV !== 'production') {
    return {
      auth: e.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
      previousAuth: e.AUTH_PREVIOUS_SECRETS,
      paymentSandbox: e.PAYMENT_SANDBOX_SECRET ?? DEVELOPMENT_PAYMENT_SANDBOX_SECRET,
      file: undefined,
    };
  }
  const sandboxPayments = e.PAYMENT_PROVIDER !== 'stripe';
  const given = [
    { name: 'AUTH_SECRET', value: e.AUTH_SECRET, publicDefault: DEVELOPMENT_AUTH_SECRET, needed: true },
    {
      name: 'PAYMENT_SANDBOX_SECRET',
      value: e.PAYMENT_SANDBOX_SECRET,
      publicDefault: DEVELOPMENT_PAYMENT_SANDBOX_SECRET,
      needed: sandboxPayments,
    },
  ] as const;
  const problems = given.flatMap(({ name, value, publicDefault, needed }) => {
    if (value === undefined) {
      return needed && e.DATABASE_URL
        ? [
            `${name}: required in production on PostgreSQL (DATABASE_URL): ${PRODUCTION_SECRET_MIN_LENGTH}+ random characters, the same on every instance (openssl rand -base64 48)`,
          ]
        : [];
    }
    if (value === publicDefault)
      return [
        `${name}: is the public development default, printed in the source code; set ${PRODUCTION_SECRET_MIN_LENGTH}+ random characters (openssl rand -base64 48)`,
      ];
    if (value.length < PRODUCTION_SECRET_MIN_LENGTH)
      return [
        `${name}: too short for production (${value.length} characters); set ${PRODUCTION_SECRET_MIN_LENGTH}+ random characters (openssl rand -base64 48)`,
      ];
    return [];
  });
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  const local =
    e.AUTH_SECRET === undefined || (sandboxPayments && e.PAYMENT_SANDBOX_SECRET === undefined)
      ? localSecrets(persist ? e.DATA_DIR : 'memory://', DEVELOPMENT_AUTH_SECRET)
      : undefined;
  return {
    auth: e.AUTH_SECRET ?? local!.AUTH_SECRET,
    previousAuth: [
      ...e.AUTH_PREVIOUS_SECRETS,
      ...(e.AUTH_SECRET === undefined ? (local?.previousAuthSecrets ?? []) : []),
    ],
    paymentSandbox: e.PAYMENT_SANDBOX_SECRET ?? local?.PAYMENT_SANDBOX_SECRET ?? DEVELOPMENT_PAYMENT_SANDBOX_SECRET,
    file: local?.file,
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** How {@link loadConfig} may obtain what the environment does not give. */
export interface LoadConfigOptions {
  /**
   * Production on an embedded database without `AUTH_SECRET` / `PAYMENT_SANDBOX_SECRET`: `true`
   * reads them from, or makes them once in, `<DATA_DIR>/secrets.json` (the processes that open
   * the database: `server.ts` and the CLIs); otherwise (default) they are made for this process
   * only and nothing is written.
   */
  persistSecrets?: boolean;
}

/**
 * Parses an environment (default `process.env`) into a {@link Config}.
 * @throws ConfigError naming each invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  // The AnythingLLM engine needs its server; a missing key only makes its replies the error reply.
  if (e.CHAT_ENGINE === 'anythingllm' && !e.ANYTHINGLLM_URL) {
    throw new ConfigError('Invalid environment:\n  ANYTHINGLLM_URL: required when CHAT_ENGINE=anythingllm');
  }
  // The production adapters need their credentials.
  const missing = [
    ...(e.ESIM_PROVIDER === 'esimgo' && !e.ESIMGO_API_KEY
      ? ['ESIMGO_API_KEY: required when ESIM_PROVIDER=esimgo']
      : []),
    ...(e.PAYMENT_PROVIDER === 'stripe'
      ? (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
          .filter((name) => !e[name])
          .map((name) => `${name}: required when PAYMENT_PROVIDER=stripe`)
      : []),
    ...(e.PAYPAL_CLIENT_ID
      ? (['PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const)
          .filter((name) => !e[name])
          .map((name) => `${name}: required when PAYPAL_CLIENT_ID is set`)
      : []),
  ];
  if (missing.length > 0) throw new ConfigError(`Invalid environment:\n  ${missing.join('\n  ')}`);
  const secrets = resolveSecrets(e, options.persistSecrets === true);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the
    // command, so `./data` means the checkout's `data` folder after `npm start` at the root.
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    esimProvider: e.ESIM_PROVIDER,
    esimGo: {
      baseUrl: e.ESIMGO_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.ESIMGO_API_KEY,
      timeoutMs: e.ESIMGO_TIMEOUT_MS,
      ratePerSecond: e.ESIMGO_RATE_LIMIT_PER_SECOND,
    },
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
      jsUrl: e.STRIPE_JS_URL,
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      baseUrl: e.PAYPAL_BASE_URL.replace(/\/+$/, ''),
      webhookId: e.PAYPAL_WEBHOOK_ID,
    },
    paymentTimeoutMs: e.PAYMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    catalogueMaxAgeS: e.CATALOGUE_MAX_AGE_S,
    catalogueSyncIntervalMs: e.CATALOGUE_SYNC_INTERVAL,
    paymentSandboxSecret: secrets.paymentSandbox,
    secretsFile: secrets.file,
    jobs: { leaseMs: e.JOB_LEASE_MS },
    esimSandbox: { latencyMs: e.ESIM_SANDBOX_LATENCY_MS },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    chat: {
      engine: e.CHAT_ENGINE,
      anythingllm: {
        url: e.ANYTHINGLLM_URL?.replace(/\/+$/, ''),
        apiKey: e.ANYTHINGLLM_API_KEY,
        workspace: e.ANYTHINGLLM_WORKSPACE,
        timeoutMs: e.ANYTHINGLLM_TIMEOUT_MS,
      },
      rateLimitPerSession: e.CHAT_RATE_LIMIT_PER_SESSION,
      rateLimitPerAddress: e.CHAT_RATE_LIMIT_PER_ADDRESS,
    },
    support: { email: e.SUPPORT_EMAIL, rateLimitPerHour: e.SUPPORT_RATE_LIMIT_PER_HOUR },
    portal: { usageSyncIntervalMs: e.USAGE_SYNC_INTERVAL_MS, rateLimitPerMinute: e.PORTAL_RATE_LIMIT_PER_MINUTE },
    paymentThrottle: {
      attemptsPerSession: e.PAYMENT_THROTTLE_ATTEMPTS_PER_SESSION,
      attemptsPerAddress: e.PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS,
      attemptWindowS: e.PAYMENT_THROTTLE_ATTEMPT_WINDOW_S,
      declinesPerSession: e.PAYMENT_THROTTLE_DECLINES_PER_SESSION,
      declinesPerAddress: e.PAYMENT_THROTTLE_DECLINES_PER_ADDRESS,
      declineWindowS: e.PAYMENT_THROTTLE_DECLINE_WINDOW_S,
    },
    auth: {
      secret: secrets.auth,
      previousSecrets: secrets.previousAuth,
      sessionIdleS: e.SESSION_IDLE_TIMEOUT_S,
      sessionAbsoluteS: e.SESSION_ABSOLUTE_TIMEOUT_S,
      adminSessionIdleS: e.ADMIN_SESSION_IDLE_TIMEOUT_S,
      adminSessionAbsoluteS: e.ADMIN_SESSION_ABSOLUTE_TIMEOUT_S,
      adminRequire2fa: e.ADMIN_REQUIRE_2FA === undefined ? e.NODE_ENV === 'production' : e.ADMIN_REQUIRE_2FA === 'true',
      throttle: {
        failuresPerAccount: e.AUTH_THROTTLE_FAILURES_PER_ACCOUNT,
        failuresPerAddress: e.AUTH_THROTTLE_FAILURES_PER_ADDRESS,
        windowS: e.AUTH_THROTTLE_WINDOW_S,
        attemptsPerAddress: e.AUTH_THROTTLE_ATTEMPTS_PER_ADDRESS,
        resetRequestsPerEmail: e.AUTH_RESET_REQUESTS_PER_EMAIL,
        resetRequestsPerAddress: e.AUTH_RESET_REQUESTS_PER_ADDRESS,
      },
    },
  };
}
