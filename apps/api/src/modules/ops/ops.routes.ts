import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { type Database, migrationsApplied, ping } from '../../db/client.ts';
import type { ChangeBusState } from '../../lib/change-bus.ts';
import { AppError, UnauthorizedError } from '../../lib/errors.ts';
import { appRegistry, metrics } from './metrics.ts';
import { registerRequestIds } from './request-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operations of this instance: `server.ts` drains it on SIGTERM. */
    ops?: OpsControl;
  }
}

/** What `server.ts` controls. */
export interface OpsControl {
  /** Turns `/readyz` to 503 `draining` for good (SIGTERM): load balancers stop sending new requests. */
  startDraining(): void;
  readonly draining: boolean;
}

/** What the readiness check reads. */
export interface OpsDeps {
  database: Pick<Database, 'db' | 'driver'>;
  /** The job worker: `running` after `start()`, and whether it was ever started. */
  jobs: { readonly running: boolean; readonly started?: boolean };
  /** The change bus's state (informative in `/readyz`). */
  bus?: { readonly state: ChangeBusState };
  /** `METRICS_TOKEN`: the bearer token `/metrics` requires; undefined: loopback connections only. */
  metricsToken: string | undefined;
  /** Jobs by state for the `jobs` gauge (`JobsRepository.stateCounts`). */
  jobStateCounts: () => Promise<Record<string, number>>;
  /** Longest wait for the database in `/readyz` (ms). Default 2 s. */
  readinessTimeoutMs?: number;
}

/** One readiness check's verdict. */
type Check = 'ok' | 'fail' | 'draining' | 'stopped' | 'not started' | ChangeBusState;

/** 403 for `/metrics` without `METRICS_TOKEN` set, from a non-loopback address or through a proxy. */
class ForbiddenError extends AppError {
  constructor(message: string) {
    super(message, 403, 'forbidden');
  }
}

/**
 * Headers a reverse proxy adds to what it passes on (`X-Forwarded-For`, RFC 7239 `Forwarded`,
 * `X-Real-IP`). deploy/nginx.conf always sets `X-Forwarded-For`; a scraper on this host that
 * connects to the instance's own port sends none of them.
 */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request came through a proxy: it carries one of {@link PROXY_HEADERS} (any value,
 * even empty). The `/metrics` loopback rule refuses such requests: behind nginx every
 * connection comes from 127.0.0.1, so the socket's address alone would let the internet in
 * (e.g. `GET /metrics/`, which Fastify's `ignoreTrailingSlash` routes to `/metrics`).
 */
export function cameThroughProxy(headers: Record<string, string | string[] | undefined>): boolean {
  return PROXY_HEADERS.some((name) => headers[name] !== undefined);
}

/** Whether a socket address is the machine itself (127.0.0.0/8, ::1, IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function sameSecret(given: string, expected: string): boolean {
  // Hashes of equal length, so the comparison's time says nothing about the token.
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The kind of a checkout route, for `checkouts_total`. */
const CHECKOUT_ROUTES: Record<string, 'order' | 'topup'> = {
  'POST /api/checkout': 'order',
  'POST /api/portal/esims/:iccid/topups': 'topup',
};

function checkoutOutcome(status: number): string {
  if (status >= 500) return 'error';
  if (status === 402) return 'declined';
  if (status >= 400) return 'refused';
  return 'accepted';
}

/**
 * Operations endpoints and hooks of one instance (docs/decisions/0020-several-instances.md),
 * registered on the root instance so that the hooks
 * see every route:
 *
 * - `GET /livez` → 200 `{ status: 'ok' }` while the event loop answers; checks no dependency (a
 *   database blip must not get instances restarted).
 * - `GET /readyz` → 200 `{ status: 'ok', checks }` when the database answers `select 1` within
 *   2 s, every shipped migration is applied, the job worker runs and the instance is not
 *   draining; otherwise 503 `{ status: 'unavailable', checks }`. `checks`: `database`,
 *   `migrations` (`ok` | `fail`), `worker` (`ok` | `stopped` | `not started`: an app whose
 *   worker was never started, as in tests, is not refused for it; `server.ts` starts it before
 *   listening), `draining` (`ok` | `draining`), `changeBus` (informative: `listening` |
 *   `connecting` | `local`). `Cache-Control: no-store`.
 * - `GET /metrics` → Prometheus text format 0.0.4 (`metrics.ts`). With `METRICS_TOKEN` set it
 *   needs `Authorization: Bearer <token>` (401 `unauthorized` otherwise); without, it answers
 *   only connections whose socket address is loopback and that carry no proxy header
 *   (`X-Forwarded-For`, `Forwarded`, `X-Real-IP`), 403 `forbidden` otherwise: a forwarded header
 *   never grants access, and its presence refuses it, because behind nginx every request comes
 *   from 127.0.0.1 (Prometheus scrapes each instance directly on its own port). The same rules
 *   hold for `/metrics/` (Fastify `ignoreTrailingSlash`), which deploy/nginx.conf refuses too.
 * - Request ids (`request-id.ts`), `http_request_duration_seconds` and `checkouts_total` in `onResponse`.
 *
 * `/api/health` (the database answers) stays as it was. The endpoints are left out of the OpenAPI document.
 */
export async function registerOps(app: FastifyInstance, deps: OpsDeps): Promise<OpsControl> {
  let draining = false;
  let migrationsOk = false;
  const control: OpsControl = {
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
  app.decorate('ops', control);
  registerRequestIds(app);

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    metrics.httpDuration.observe(
      { method: request.method, route: route ?? 'unmatched', status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    const kind = route ? CHECKOUT_ROUTES[`${request.method} ${route}`] : undefined;
    if (kind) metrics.checkouts.inc({ kind, outcome: checkoutOutcome(status) });
    done();
  });

  app.get('/livez', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  const timeoutMs = deps.readinessTimeoutMs ?? 2_000;
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, Check> = {};
    try {
      await withTimeout(ping(deps.database.db), timeoutMs);
      checks.database = 'ok';
    } catch {
      checks.database = 'fail';
    }
    if (checks.database === 'ok') {
      // Once applied, migrations stay applied for this build: checked until the first success.
      try {
        migrationsOk ||= await withTimeout(
          migrationsApplied(deps.database.db as Parameters<typeof migrationsApplied>[0]),
          timeoutMs,
        );
      } catch {
        migrationsOk = false;
      }
      checks.migrations = migrationsOk ? 'ok' : 'fail';
    } else checks.migrations = 'fail';
    checks.worker = deps.jobs.running ? 'ok' : deps.jobs.started === false ? 'not started' : 'stopped';
    checks.draining = draining ? 'draining' : 'ok';
    if (deps.bus) checks.changeBus = deps.bus.state;
    const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.worker !== 'stopped' && !draining;
    reply.header('cache-control', 'no-store');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });

  const own = appRegistry({ jobStateCounts: deps.jobStateCounts });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (deps.metricsToken) {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameSecret(token, deps.metricsToken))
        throw new UnauthorizedError('The metrics need the bearer token (METRICS_TOKEN).');
    } else if (!isLoopback(request.socket.remoteAddress) || cameThroughProxy(request.headers)) {
      // A proxy on this host (nginx) connects from loopback too: its forwarded header refuses.
      throw new ForbiddenError(
        'The metrics are served to direct loopback connections only; set METRICS_TOKEN to scrape from elsewhere.',
      );
    }
    const merged = Registry.merge([metrics.registry, own]);
    const body = await merged.metrics();
    return reply.header('cache-control', 'no-store').type(merged.contentType).send(body);
  });
  return control;
}
