import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of `process.env` (STYLE.md: one validated env module). A bad value stops
 * start-up with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** TCP port of the store and API (README: http://localhost:5000). */
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder of the embedded PGlite database when `DATABASE_URL` is unset. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** `postgres://...` selects a real PostgreSQL server instead of embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin used in canonical links, social tags and the sitemap. */
  PUBLIC_URL: z.string().url().optional(),
  /** Only the embedded sandbox exists so far; the eSIM Go adapter arrives with fulfilment. */
  ESIM_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  ESIMGO_API_URL: z.string().url().default('https://api.esim-go.com/v2.4'),
  ESIMGO_API_KEY: z.string().optional(),
  /** Folder with the built storefront (`vite build` output). */
  WEB_DIST: z.string().min(1).optional(),
  /** Seconds a catalogue response may be cached by browsers and shared caches. */
  CATALOGUE_MAX_AGE_S: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * HMAC key of the sandbox payment provider's card tokens (16+ characters). The default suits
   * development and tests only; set it wherever tokens must not be forgeable by readers of this file.
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(16).default('roamwise-sandbox-payments-development-secret'),
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
  /** How often the worker refreshes the usage of eSIMs in use from the provider, ms (default 15 min). */
  USAGE_SYNC_INTERVAL_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(900_000),
  /** Portal requests one client IP may make per minute (access-token guessing; default 60). */
  PORTAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  esimProvider: 'sandbox';
  esimGo: { apiUrl: string; apiKey: string | undefined };
  webDist: string;
  catalogueMaxAgeS: number;
  /** HMAC key of the sandbox payment provider's card tokens. */
  paymentSandboxSecret: string;
  jobs: { leaseMs: number };
  esimSandbox: { latencyMs: number };
  /** SMTP connection URL; undefined stores e-mail in the database only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Customer portal: periodic usage refresh (ms) and requests per IP per minute. */
  portal: { usageSyncIntervalMs: number; rateLimitPerMinute: number };
};

/** Thrown when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Parses an environment (default `process.env`) into a {@link Config}.
 * @throws ConfigError naming each invalid variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the
    // command, so `./data` means the checkout's `data` folder after `npm start` at the root.
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    esimProvider: e.ESIM_PROVIDER,
    esimGo: { apiUrl: e.ESIMGO_API_URL, apiKey: e.ESIMGO_API_KEY },
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    catalogueMaxAgeS: e.CATALOGUE_MAX_AGE_S,
    paymentSandboxSecret: e.PAYMENT_SANDBOX_SECRET,
    jobs: { leaseMs: e.JOB_LEASE_MS },
    esimSandbox: { latencyMs: e.ESIM_SANDBOX_LATENCY_MS },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    portal: { usageSyncIntervalMs: e.USAGE_SYNC_INTERVAL_MS, rateLimitPerMinute: e.PORTAL_RATE_LIMIT_PER_MINUTE },
  };
}
