import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, buildApp } from '../../app.ts';
import { signIn } from '../../../test/accounts.ts';
import { UNTHROTTLED_ENV, testConfig } from '../../../test/helper.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { ChangeBus } from '../../lib/change-bus.ts';
import { JobQueue, enqueue } from '../../lib/jobs.ts';
import { JobsRepository } from '../../lib/jobs.repository.ts';
import { CatalogRepository } from '../catalog/catalog.repository.ts';
import { CatalogService } from '../catalog/catalog.service.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Several instances on one PostgreSQL behave as one store (docs/decisions/0020-several-instances.md). Always runs, in the default suite too: a
 * fresh database `esim_e_<random>` on the PostgreSQL of `DATABASE_URL`, else the machine's
 * (127.0.0.1:5432, trust), dropped afterwards. Each "instance" has its own connection pool and its
 * own LISTEN connection, as two processes would.
 *
 * - a price change made through instance A (the admin's pricing routes) is served by B within a
 *   second, through the change bus; without the bus, B's fingerprint check still shows it within a
 *   second;
 * - two workers: N jobs each run exactly once, spread over both; a recurring job scheduled by both
 *   instances for one period runs once;
 * - an idle worker that would not poll for a minute starts a job enqueued by the other instance at
 *   once (NOTIFY `esim_jobs` at the enqueue's commit);
 * - the portal's rate limit is one budget across instances (database store; Redis when it answers).
 */

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `esim_e_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
})();
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });

interface Instance {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
}

const instances: Instance[] = [];

async function startInstance(env: NodeJS.ProcessEnv = {}): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: 'unused' });
  await database.migrate();
  const { app, services } = await buildApp({
    config: testConfig({ ...UNTHROTTLED_ENV, ...env }),
    database,
    serveWeb: false,
  });
  await app.ready();
  const instance = { app, services, database };
  instances.push(instance);
  return instance;
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  await admin.unsafe(`create database ${name}`);
  a = await startInstance();
  b = await startInstance();
  await a.services.catalog.ensureSeeded();
});

afterAll(async () => {
  for (const { app, services, database } of instances) {
    await services.jobs.stop();
    await app.close();
    await database.close();
  }
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 5 });
});

async function priceIn(instance: Instance, country: string): Promise<Map<string, number>> {
  const res = await instance.app.inject({ method: 'GET', url: `/api/products?country=${country}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { products: { apiBundleName: string; priceCents: number }[] };
  return new Map(body.products.map((p) => [p.apiBundleName, p.priceCents]));
}

/** Polls `read` every 20 ms until `done`, returning how long it took (ms); fails after `limitMs`. */
async function within(limitMs: number, read: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await read()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('caches', () => {
  it('serves a price change made through instance A on instance B within a second', async () => {
    const before = await priceIn(b, 'IS');
    expect(before.size).toBeGreaterThan(0);
    const adminA = await signIn(a.app, a.services, a.database, { admin: true, twoFactor: true });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/pricing-settings',
      headers: adminA.headers,
      payload: { name: 'Iceland up', scope: 'country', scopeValue: 'IS', markupBps: 90_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const run = await a.app.inject({
      method: 'POST',
      url: '/api/pricing-settings/recalculate',
      headers: adminA.headers,
    });
    expect(run.statusCode, run.body).toBe(200);
    const changedAt = Date.now();
    const tookMs = await within(1_000, async () => {
      const now = await priceIn(b, 'IS');
      return [...before].some(([bundle, cents]) => now.get(bundle) !== cents);
    });
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    expect(tookMs).toBeLessThan(1_000);
    // A's own answer changed at once.
    const onA = await priceIn(a, 'IS');
    expect([...before].some(([bundle, cents]) => onA.get(bundle) !== cents)).toBe(true);
  });

  it("without the bus, the fingerprint check still shows another instance's change within a second", async () => {
    // A catalogue on its own connection pool that never hears the bus (as if notifications were lost).
    const deaf = new CatalogService(new CatalogRepository(b.database.db), b.services.esimProvider);
    const before = new Map((await deaf.productsFor('IS')).map((p) => [p.apiBundleName, p.priceCents]));
    const bundle = [...before.keys()][0]!;
    await a.database.db.execute(
      sql`update products set price_cents = price_cents + 1, updated_at = now() where api_bundle_name = ${bundle}`,
    );
    // The check runs once a second; the reload that follows takes its own time (longer on a busy machine).
    const tookMs = await within(
      3_000,
      async () =>
        (await deaf.productsFor('IS')).find((p) => p.apiBundleName === bundle)?.priceCents === before.get(bundle)! + 1,
    );
    expect(tookMs).toBeLessThan(2_500);
  });
});

describe('jobs', () => {
  it('runs each of N jobs exactly once with two workers on one database, and a schedule enqueued by both once', async () => {
    const runs = new Map<number, string[]>();
    const queues = instances.slice(0, 2).map((instance, i) => {
      const queue = new JobQueue(new JobsRepository(instance.database.db), {
        pollMs: 10,
        leaseMs: 5_000,
        workerId: `worker-${i}`,
      });
      queue.register('e-count', {
        run: async (job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), `worker-${i}`]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return queue;
    });
    const N = 60;
    const ids: number[] = [];
    for (let n = 0; n < N; n++) {
      const id = await queues[n % 2]!.enqueue({ type: 'e-count', payload: { n } });
      ids.push(id!);
    }
    // The same period's schedule from both instances at once: one job.
    const scheduled = await Promise.all(
      queues.map((q) => q.enqueue({ type: 'e-count', payload: { tick: true }, dedupeKey: 'e-count:2026-01-01T00' })),
    );
    expect(scheduled.filter((id) => id !== undefined)).toHaveLength(1);
    ids.push(scheduled.find((id) => id !== undefined)!);
    for (const q of queues) q.start();
    await within(20_000, async () => ids.every((id) => runs.has(id)));
    await Promise.all(queues.map((q) => q.stop()));
    expect(ids.map((id) => runs.get(id)?.length)).toEqual(ids.map(() => 1));
    const byWorker = new Set([...runs.values()].flat());
    expect(byWorker.size).toBe(2);
  });

  it("wakes an idle worker of another instance at once when a job is enqueued in a transaction (NOTIFY 'jobs')", async () => {
    const bus = new ChangeBus({ database: b.database });
    const queue = new JobQueue(new JobsRepository(b.database.db), { pollMs: 60_000, workerId: 'idle-b' });
    const ran: number[] = [];
    queue.register('e-wake', { run: async (job) => void ran.push(job.id) });
    queue.useChangeBus(bus);
    await bus.start();
    queue.start();
    // Let the worker find nothing and go to sleep for a minute.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const enqueuedAt = Date.now();
    const id = await a.database.db.transaction(async (tx) => enqueue(tx, { type: 'e-wake', payload: {} }));
    const tookMs = await within(3_000, async () => ran.includes(id!));
    expect(Date.now() - enqueuedAt).toBeLessThan(3_000);
    expect(tookMs).toBeLessThan(3_000);
    await queue.stop();
    await bus.close();
  });

  it('does not notify for a rolled-back enqueue', async () => {
    const bus = new ChangeBus({ database: b.database });
    const heard: string[] = [];
    bus.subscribe('jobs', (event) => void heard.push(event.payload));
    await bus.start();
    await a.database.db
      .transaction(async (tx) => {
        await enqueue(tx, { type: 'e-rolled-back', payload: {} });
        throw new Error('roll back');
      })
      .catch(() => {});
    await a.database.db.transaction(async (tx) => enqueue(tx, { type: 'e-committed', payload: {} }));
    await within(2_000, async () => heard.includes('e-committed'));
    expect(heard).not.toContain('e-rolled-back');
    await bus.close();
  });
});

describe('rate limits', () => {
  it("counts the portal's requests per address once across instances (database store)", async () => {
    const c = await startInstance({ PORTAL_RATE_LIMIT_PER_MINUTE: '6' });
    const d = await startInstance({ PORTAL_RATE_LIMIT_PER_MINUTE: '6' });
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const target = i % 2 === 0 ? c : d;
      statuses.push(
        (await target.app.inject({ method: 'GET', url: '/api/portal', remoteAddress: address })).statusCode,
      );
    }
    // 6 answered (401: no token), then 429 on either instance.
    expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('counts them in Redis when REDIS_URL is set', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const c = await startInstance({ PORTAL_RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: redisUrl });
    const d = await startInstance({ PORTAL_RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: redisUrl });
    // A random documentation address per run, so that earlier runs' counters do not interfere.
    const address = `2001:db8:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const target = i % 2 === 0 ? c : d;
      statuses.push(
        (await target.app.inject({ method: 'GET', url: '/api/portal', remoteAddress: address })).statusCode,
      );
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Nothing was counted in the database.
    const rows = await a.database.db.execute(
      sql`select count(*)::int as n from throttle_buckets where key like ${`ratelimit:portal:%${address}%`}`,
    );
    expect(Number((rows as unknown as { n: number }[])[0]?.n)).toBe(0);
  });
});
