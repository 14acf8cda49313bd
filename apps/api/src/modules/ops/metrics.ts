import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EsimProvider } from '../../providers/esim/esim-provider.ts';
import type { PaymentProvider } from '../../providers/payment/payment-provider.ts';

/**
 * The store's Prometheus metrics (prom-client 15.1.3), served by `GET /metrics` (`ops.routes.ts`).
 *
 * One registry per process ({@link metrics}): Node's default metrics (`process_*`, `nodejs_*`:
 * event-loop lag, heap, GC), request latency, checkouts, provider calls and webhook events. What
 * is read from the database at scrape time (jobs by state) lives in a registry per app
 * (`appRegistry` in `ops.routes.ts`), merged at the scrape, so that two apps in one test process
 * never register a metric twice. Label values come from a closed set (route templates, method
 * names, outcomes), never from user input, so the series stay bounded.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Latency buckets in seconds: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Outcome of a provider call as a metric label. */
export type ProviderCallOutcome = string;

/** The process-wide metrics; other modules may count with them (e.g. `metrics.webhookEvents.inc({...})`). */
export const metrics = {
  registry,
  /**
   * `http_request_duration_seconds{method, route, status_code}`: every answered request, `route`
   * being the route's template (`/api/orders/:orderNumber`; `request.routeOptions.url`), or
   * `unmatched` for the not-found handler, so that no URL a client invents becomes a series.
   */
  httpDuration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route template, method and status code (seconds).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  /**
   * `checkouts_total{kind, outcome}`: checkouts (`kind="order"`, `POST /api/checkout`) and top-ups
   * (`kind="topup"`), counted from their answers: `accepted` (201: paid, or waiting for PayPal or
   * 3-D Secure), `declined` (402), `refused` (other 4xx: validation, conflicts, throttles),
   * `error` (5xx).
   */
  checkouts: new Counter({
    name: 'checkouts_total',
    help: 'Checkouts and top-ups by outcome (accepted, declined, refused, error).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  }),
  /**
   * `provider_calls_total{provider, op, outcome}`: calls to the eSIM and payment providers through
   * {@link instrumentEsimProvider} / {@link instrumentPaymentProvider}; `outcome` is the result's
   * `status` when it has one (`succeeded`, `failed`, `requires_action`, ...), else `ok`; on an
   * error `rate_limited` (status 429), `error_retryable` or `error`.
   */
  providerCalls: new Counter({
    name: 'provider_calls_total',
    help: 'Calls to the eSIM and payment providers by provider, operation and outcome.',
    labelNames: ['provider', 'op', 'outcome'] as const,
    registers: [registry],
  }),
  /** `provider_request_duration_seconds{provider, op, outcome}`: how long those calls took (retries inside the adapter included). */
  providerDuration: new Histogram({
    name: 'provider_request_duration_seconds',
    help: 'Duration of calls to the eSIM and payment providers (seconds).',
    labelNames: ['provider', 'op', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  /** `webhook_events_total{provider, type, verified}`: for the webhook routes to count deliveries (`verified`: `true` | `false` | `replay`). */
  webhookEvents: new Counter({
    name: 'webhook_events_total',
    help: 'Webhook deliveries by provider, event type and verification.',
    labelNames: ['provider', 'type', 'verified'] as const,
    registers: [registry],
  }),
};

/** `outcome` of a provider call that resolved: its `status` when it is a short word, else `ok`. */
function resultOutcome(result: unknown): ProviderCallOutcome {
  const status = typeof result === 'object' && result !== null ? (result as { status?: unknown }).status : undefined;
  return typeof status === 'string' && /^[a-z_]{1,32}$/.test(status) ? status : 'ok';
}

/** `outcome` of a provider call that threw. */
function errorOutcome(error: unknown): ProviderCallOutcome {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; retryable?: unknown };
  if (e.status === 429) return 'rate_limited';
  return e.retryable === true ? 'error_retryable' : 'error';
}

/**
 * Wraps `target` so that every method call that returns a promise is timed and counted under
 * `provider` (read from `target.id` at call time) and the method's name. Methods run on the
 * target itself (not the proxy), so classes with private fields keep working; `instanceof` and
 * plain properties are untouched; synchronous methods (`ownsReference`) are not counted.
 */
function instrument<T extends { readonly id: string }>(target: T): T {
  // Keyed by the method itself, so a method replaced on the target (a test's spy) is wrapped anew.
  const wrapped = new WeakMap<object, unknown>();
  return new Proxy(target, {
    get(obj, prop) {
      // Read with the target as `this`, so getters over private fields work through the proxy.
      const value: unknown = Reflect.get(obj, prop, obj);
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'constructor') return value;
      const method = value as (...args: unknown[]) => unknown;
      const cached = wrapped.get(method);
      if (cached) return cached;
      const fn = function (this: unknown, ...args: unknown[]) {
        const started = process.hrtime.bigint();
        const result = method.apply(obj, args);
        if (!(result instanceof Promise)) return result;
        const record = (outcome: string) => {
          const labels = { provider: obj.id, op: prop, outcome };
          metrics.providerCalls.inc(labels);
          metrics.providerDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        };
        return result.then(
          (value: unknown) => {
            record(resultOutcome(value));
            return value;
          },
          (error: unknown) => {
            record(errorOutcome(error));
            throw error;
          },
        );
      };
      wrapped.set(method, fn);
      return fn;
    },
  });
}

/**
 * The eSIM provider with its calls counted (`provider_calls_total`, `provider_request_duration_seconds`),
 * so provider calls and errors show per instance. Apply it where the provider is made (app.ts `[providers]`).
 */
export function instrumentEsimProvider<T extends EsimProvider>(provider: T): T {
  return instrument(provider);
}

/** The payment provider with its calls counted; see {@link instrumentEsimProvider}. */
export function instrumentPaymentProvider<T extends PaymentProvider>(provider: T): T {
  return instrument(provider);
}

/**
 * A registry of this app's database-backed gauges: `jobs{state}` (waiting, parked, running,
 * failed, cancelled; `JobsRepository.stateCounts`), read when Prometheus scrapes. A failed read
 * leaves the gauge as it was (the scrape still answers).
 */
export function appRegistry(deps: { jobStateCounts: () => Promise<Record<string, number>> }): Registry {
  const own = new Registry();
  new Gauge({
    name: 'jobs',
    help: 'Durable jobs by state (waiting, parked, running, failed, cancelled), read from the jobs table at scrape time.',
    labelNames: ['state'] as const,
    registers: [own],
    async collect() {
      try {
        const counts = await deps.jobStateCounts();
        for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      } catch {
        // Database unavailable: keep the last values; /readyz says what is wrong.
      }
    },
  });
  return own;
}
