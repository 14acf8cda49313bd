import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { SandboxEsimProvider } from '../../providers/esim/sandbox.ts';
import type { EsimProvider } from '../../providers/esim/esim-provider.ts';
import { EsimProviderError } from '../../providers/esim/esim-provider.ts';
import { SandboxPaymentProvider } from '../../providers/payment/sandbox.ts';
import { instrumentEsimProvider, instrumentPaymentProvider, metrics } from './metrics.ts';
import { cameThroughProxy, isLoopback } from './ops.routes.ts';
import { LazyChildLogger, clientRequestId } from './request-id.ts';

/**
 * Operations endpoints (`ops.routes.ts`): `/livez` with no dependency, `/readyz` with
 * its checks (database, migrations, worker, draining) and 503 otherwise, `/metrics` in Prometheus
 * format with its guard (loopback by the socket's address and no proxy header, or the bearer
 * `METRICS_TOKEN`; a forwarded header never grants access), request ids (ours, never the client's), and the provider instrumentation.
 */

type Built = Awaited<ReturnType<typeof buildApp>>;

let database: Database;
let built: Built;
let lines: string[];

beforeAll(async () => {
  database = await openTestDatabase();
  lines = [];
  built = await buildApp({
    config: testConfig({ LOG_LEVEL: 'debug', TRUST_PROXY: '127.0.0.1' }),
    database,
    serveWeb: false,
    logStream: { write: (line) => void lines.push(line) },
  });
  await built.services.catalog.ensureSeeded();
  await built.app.ready();
});
afterAll(async () => {
  await built.services.jobs.stop();
  await built.app.close();
  await database.close();
});

describe('/livez and /readyz', () => {
  it('/livez answers 200 without asking anything', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 with its checks once the worker runs, 503 when it stopped or while draining', async () => {
    const { app, services } = built;
    // Never started (tests drive jobs themselves): reported, not refused.
    let res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', worker: 'not started', draining: 'ok', changeBus: 'listening' },
    });

    services.jobs.start();
    res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.worker).toBe('ok');

    await services.jobs.stop();
    res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { worker: 'stopped' } });

    services.jobs.start();
    app.ops!.startDraining();
    res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      checks: { draining: 'draining', worker: 'ok', database: 'ok' },
    });
    // Liveness does not follow readiness: the instance still answers while it drains.
    expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 when migrations are missing or the database fails', async () => {
    const bare = await openTestDatabase();
    try {
      // A database whose newest migration row is removed: the build has a migration it lacks.
      await bare.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const other = await buildApp({ config: testConfig(), database: bare, serveWeb: false });
      await other.app.ready();
      let res = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'fail' });
      await other.app.close();
      // The database closed under a running app: 503, never a 500.
      const again = await buildApp({ config: testConfig(), database: bare, serveWeb: false });
      await again.app.ready();
      await bare.close();
      res = await again.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toMatchObject({ database: 'fail', migrations: 'fail' });
      await again.app.close().catch(() => {});
    } finally {
      await bare.close().catch(() => {});
    }
  });
});

describe('/metrics', () => {
  it('serves the Prometheus text with latency by route template, checkouts, jobs by state and Node metrics', async () => {
    const { app } = built;
    await app.inject({ method: 'GET', url: '/api/products?country=TR' });
    await app.inject({ method: 'GET', url: '/api/products/999999' });
    await app.inject({ method: 'GET', url: '/no/such/path/abc123' });
    await app.inject({ method: 'POST', url: '/api/checkout', payload: {} });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/products",status_code="200"\}/,
    );
    expect(text).toContain('route="/api/products/:id"');
    // An invented URL is never a label: the not-found handler is one series.
    expect(text).not.toContain('abc123');
    expect(text).toContain('route="unmatched"');
    expect(text).toMatch(/checkouts_total\{kind="order",outcome="refused"\} [1-9]/);
    expect(text).toMatch(/jobs\{state="waiting"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('without METRICS_TOKEN answers direct loopback sockets only: a forwarded header never grants, and always refuses', async () => {
    const { app } = built;
    const far = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(far.statusCode).toBe(403);
    expect(far.json().error.code).toBe('forbidden');
    // TRUST_PROXY=127.0.0.1 makes request.ip the forwarded one; the guard reads the socket.
    const forwarded = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(403);
    // Through nginx on this host: a loopback socket, but X-Forwarded-For (nginx always sets it).
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(viaProxy.statusCode).toBe(403);
    expect(viaProxy.json().error.code).toBe('forbidden');
    for (const headers of [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '' },
      { forwarded: 'for=198.51.100.1' },
      { 'x-real-ip': '198.51.100.1' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    // A scraper on this host, straight to the instance's port: no proxy header.
    const direct = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(direct.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    // `/metrics/` (ignoreTrailingSlash) is the same route, under the same rules.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/metrics/',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.7' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/metrics/', remoteAddress: '203.0.113.7' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/metrics/', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect(cameThroughProxy({ 'x-forwarded-for': '203.0.113.7' })).toBe(true);
    expect(cameThroughProxy({ host: 'localhost' })).toBe(false);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it('with METRICS_TOKEN needs the bearer token, from anywhere', async () => {
    const db = await openTestDatabase();
    const token = 'metrics-token-0123456789abcdef';
    const other = await buildApp({ config: testConfig({ METRICS_TOKEN: token }), database: db, serveWeb: false });
    try {
      await other.app.ready();
      const none = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('unauthorized');
      const wrong = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const good = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(good.statusCode).toBe(200);
      expect(good.body).toContain('http_request_duration_seconds');
      // The token is the rule here, through a proxy or not, with or without the trailing slash.
      const proxied = await other.app.inject({
        method: 'GET',
        url: '/metrics/',
        remoteAddress: '127.0.0.1',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/metrics/', remoteAddress: '127.0.0.1' })).statusCode).toBe(
        401,
      );
    } finally {
      await other.app.close();
      await db.close();
    }
  });
});

describe('request ids', () => {
  it('answers X-Request-Id with an id of ours, logs it as reqId, and keeps a client id only as clientRequestId', async () => {
    const { app } = built;
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: {},
      headers: { 'x-request-id': 'client-chosen-id-42' },
    });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe('client-chosen-id-42');
    const second = await app.inject({
      method: 'GET',
      url: '/livez',
      headers: { 'x-request-id': 'client-chosen-id-42' },
    });
    expect(second.headers['x-request-id']).not.toBe(id);
    // Not-found and error answers carry it too.
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((l) => l.clientRequestId === 'client-chosen-id-42')).toBe(true);
    expect(clientRequestId('a'.repeat(129))).toBeUndefined();
    expect(clientRequestId('bad id\n')).toBeUndefined();
    expect(clientRequestId('ok-id.1:2')).toBe('ok-id.1:2');
  });
});

describe('provider instrumentation', () => {
  it('counts and times each provider call by provider, operation and outcome, and keeps the provider as it was', async () => {
    const sandbox = new SandboxEsimProvider({ db: database.db });
    const provider = instrumentEsimProvider(sandbox);
    expect(provider).toBeInstanceOf(SandboxEsimProvider);
    expect(provider.id).toBe(sandbox.id);
    const before = await counterValue('listCatalogue', 'ok');
    expect((await provider.listCatalogue()).length).toBeGreaterThan(0);
    expect(await counterValue('listCatalogue', 'ok')).toBe(before + 1);

    const failing: EsimProvider = {
      id: 'flaky',
      listCatalogue: async () => {
        throw new EsimProviderError('Too many requests', true, 429);
      },
    } as unknown as EsimProvider;
    await expect(instrumentEsimProvider(failing).listCatalogue()).rejects.toThrow('Too many requests');
    // Private fields and getters of the wrapped class keep working through the proxy.
    class WithPrivate {
      readonly id = 'private';
      #calls = 0;
      get calls() {
        return this.#calls;
      }
      async listCatalogue() {
        this.#calls += 1;
        return [];
      }
    }
    const wrapped = instrumentEsimProvider(new WithPrivate() as unknown as EsimProvider) as unknown as WithPrivate;
    await wrapped.listCatalogue();
    expect(wrapped.calls).toBe(1);
    expect(wrapped.listCatalogue).toBe(wrapped.listCatalogue);
    const text = await metrics.registry.metrics();
    expect(text).toContain('provider_calls_total{provider="flaky",op="listCatalogue",outcome="rate_limited"} 1');
    expect(text).toMatch(
      /provider_request_duration_seconds_count\{provider="flaky",op="listCatalogue",outcome="rate_limited"\} 1/,
    );
  });
});

async function counterValue(op: string, outcome: string): Promise<number> {
  const data = await metrics.providerCalls.get();
  return (
    data.values.find((v) => v.labels.provider === 'sandbox' && v.labels.op === op && v.labels.outcome === outcome)
      ?.value ?? 0
  );
}

describe('instrumented providers in the app', () => {
  it('builds and serves with both providers wrapped as the [providers] block would (sandbox routes kept)', async () => {
    const db = await openTestDatabase();
    const config = testConfig();
    const other = await buildApp({
      config,
      database: db,
      serveWeb: false,
      esimProvider: instrumentEsimProvider(new SandboxEsimProvider({ db: db.db })),
      paymentProvider: instrumentPaymentProvider(
        new SandboxPaymentProvider({ db: db.db, secret: config.paymentSandboxSecret }),
      ),
    });
    try {
      await other.services.catalog.ensureSeeded();
      await other.app.ready();
      const token = await other.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokens',
        payload: {
          cardholderName: 'Metrics Test',
          cardNumber: '4242 4242 4242 4242',
          expiryMonth: 12,
          expiryYear: new Date().getUTCFullYear() + 2,
          cvv: '123',
        },
      });
      expect(token.statusCode, token.body).toBe(201);
      expect(
        (await other.app.inject({ method: 'GET', url: '/sandbox/esims/8900000000000000000' })).statusCode,
      ).not.toBe(500);
      expect(await counterValue('listCatalogue', 'ok')).toBeGreaterThan(0);
    } finally {
      await other.app.close();
      await db.close();
    }
  });
});

interface Line {
  level: string;
  bindings: Record<string, unknown>;
  args: unknown[];
}

/** A logger that records its lines (level name, bindings and arguments) and the children it made. */
function recordingLogger(
  level: string,
  bindings: Record<string, unknown> = {},
  record: { lines: Line[]; made: FastifyBaseLogger[] } = { lines: [], made: [] },
): FastifyBaseLogger & { lines: Line[]; made: FastifyBaseLogger[] } {
  const log =
    (name: string) =>
    (...args: unknown[]) => {
      record.lines.push({ level: name, bindings, args });
    };
  return {
    level,
    ...record,
    fatal: log('fatal'),
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
    trace: log('trace'),
    silent: log('silent'),
    child(childBindings, options) {
      const child = recordingLogger(options?.level ?? level, { ...bindings, ...childBindings }, record);
      record.made.push(child);
      return child;
    },
  };
}

describe('LazyChildLogger', () => {
  it('makes the child logger on the first line only, with the bindings and level it was given', () => {
    const parent = recordingLogger('info');
    const log = new LazyChildLogger(parent, { reqId: 'r-1' }, {});
    expect(log.level).toBe('info');
    expect(parent.made).toHaveLength(0);
    log.info({ extra: 1 }, 'hello');
    log.warn('again');
    expect(parent.made).toHaveLength(1);
    expect(parent.lines).toEqual([
      { level: 'info', bindings: { reqId: 'r-1' }, args: [{ extra: 1 }, 'hello'] },
      { level: 'warn', bindings: { reqId: 'r-1' }, args: ['again'] },
    ]);
  });

  it('costs no child logger for a request that logs nothing, and makes one to change its level', () => {
    const parent = recordingLogger('info');
    const log = new LazyChildLogger(parent, { reqId: 'r-2' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    expect(parent.made).toHaveLength(0);
    log.level = 'error';
    expect(parent.made).toHaveLength(1);
    expect(log.level).toBe('error');
  });
});
