import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { JobQueue } from '../../lib/jobs.ts';
import { JobsRepository } from '../../lib/jobs.repository.ts';
import { gracefulShutdown, shutdownForceAfterMs } from './shutdown.ts';
import { freePort } from '../../../test/free-port.ts';

/**
 * Graceful shutdown drains requests and jobs (`shutdown.ts`,
 * `server.ts`): the real `server.ts` in a child process (PGlite in a temporary folder) receives
 * SIGTERM while a request is in flight (its body still arriving): `/readyz` answers 503
 * `draining` during `SHUTDOWN_DRAIN_MS` while requests are still served, the request in flight
 * is answered after the listener closed, new connections are then refused, and the process exits 0.
 * Plus the order of the steps, with fakes; a real job worker that claims nothing once the drain
 * began (the job in hand finishes); and the force exit after the longest provider time-out.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const DRAIN_MS = 1_500;
let dataDir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'esim-shutdown-'));
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

it(
  'SIGTERM: /readyz 503 while draining, the request in flight completes, then the process exits 0',
  { timeout: 180_000 },
  async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
      const ready = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
      if (ready?.status === 200) {
        expect(await ready.json()).toMatchObject({
          status: 'ok',
          checks: { database: 'ok', migrations: 'ok', worker: 'ok', draining: 'ok' },
        });
        break;
      }
      if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    // A request in flight: its headers are in, its body arrives over the whole shutdown.
    const body = JSON.stringify({
      name: 'Drain Test',
      email: 'drain@example.com',
      subject: 'Shutdown',
      message: 'Does this request survive a graceful shutdown of the store?',
    });
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${baseUrl}/api/support/messages`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, half));
      // The rest after the drain, while `app.close()` waits for this request.
      setTimeout(() => request.end(body.slice(half)), DRAIN_MS + 700);
    });
    await new Promise((r) => setTimeout(r, 100));
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    // Draining: not ready, still alive and serving.
    await new Promise((r) => setTimeout(r, 300));
    const draining = await fetch(`${baseUrl}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'unavailable', checks: { draining: 'draining' } });
    expect((await fetch(`${baseUrl}/livez`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/products?country=TR`)).status).toBe(200);
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS);

    const { status, text } = await answer;
    expect(Date.now() - signalledAt).toBeGreaterThan(DRAIN_MS);
    expect(status, text).toBe(202);
    expect(JSON.parse(text)).toMatchObject({ status: 'received' });

    expect(await exit).toBe(0);
    await expect(fetch(`${baseUrl}/livez`)).rejects.toThrow();
    expect(log).not.toMatch(/shutdown failed|took too long/);
  },
);

it('drains and stops the worker from claiming at once, then closes the app, awaits the job in hand, closes the database, exits 0 (SIGINT without the wait)', async () => {
  const steps: string[] = [];
  let draining = false;
  const app = {
    ops: {
      startDraining: () => {
        draining = true;
        steps.push('drain');
      },
      get draining() {
        return draining;
      },
    },
    log: { info: () => {}, error: () => {} },
    close: async () => void steps.push('app.close'),
  };
  const exitCode = new Promise<number>((resolve) => {
    const shutdown = gracefulShutdown({
      app: app as never,
      jobs: {
        stop: () => {
          steps.push('jobs.stop');
          // The job in hand ends after the listener closed.
          return new Promise<void>((resolve) => setTimeout(() => resolve(void steps.push('jobs.stopped')), 20));
        },
      },
      database: { close: async () => void steps.push('db.close') },
      drainMs: 60_000,
      exit: (code) => resolve(code),
    });
    void shutdown('SIGINT');
    void shutdown('SIGINT'); // a second signal is ignored
  });
  expect(await exitCode).toBe(0);
  expect(steps).toEqual(['drain', 'jobs.stop', 'app.close', 'jobs.stopped', 'db.close']);
});

it('exits 1 when a step fails', async () => {
  const exitCode = await new Promise<number>((resolve) => {
    void gracefulShutdown({
      app: { log: { info: () => {}, error: () => {} }, close: async () => {} } as never,
      jobs: {
        stop: async () => {
          throw new Error('stuck');
        },
      },
      database: { close: async () => {} },
      drainMs: 10,
      exit: resolve,
    })('SIGTERM');
  });
  expect(exitCode).toBe(1);
});

it('claims no job once SIGTERM started the drain; the job in hand finishes before the database closes', async () => {
  const database = await openTestDatabase();
  try {
    const repo = new JobsRepository(database.db);
    const claimsAt: number[] = [];
    const claim = repo.claim.bind(repo);
    repo.claim = (lockToken, leaseMs) => {
      claimsAt.push(Date.now());
      return claim(lockToken, leaseMs);
    };
    const queue = new JobQueue(repo, { pollMs: 10, leaseMs: 5_000, workerId: 'shutdown-test' });
    const ran: string[] = [];
    let release!: () => void;
    let inHand!: () => void;
    const started = new Promise<void>((resolve) => (inHand = resolve));
    queue.register('e-slow', {
      run: async () => {
        ran.push('slow:start');
        inHand();
        await new Promise<void>((resolve) => (release = resolve));
        ran.push('slow:end');
      },
    });
    queue.register('e-next', { run: async () => void ran.push('next') });
    await queue.enqueue({ type: 'e-slow', payload: {} });
    queue.start();
    await started;

    const steps: string[] = [];
    let signalledAt = 0;
    const exitCode = new Promise<number>((resolve) => {
      const shutdown = gracefulShutdown({
        app: { log: { info: () => {}, error: () => {} }, close: async () => void steps.push('app.close') } as never,
        jobs: queue,
        database: { close: async () => void steps.push(`db.close after ${ran.join(',')}`) },
        drainMs: 300,
        forceAfterMs: 5_000,
        exit: resolve,
      });
      signalledAt = Date.now();
      void shutdown('SIGTERM');
    });
    // During the drain: a job is queued (as a request still served would) and the worker woken.
    await new Promise((r) => setTimeout(r, 50));
    await queue.enqueue({ type: 'e-next', payload: {} });
    queue.wake();
    await new Promise((r) => setTimeout(r, 100));
    expect(queue.running).toBe(false);
    release();
    expect(await exitCode).toBe(0);
    expect(claimsAt.filter((at) => at >= signalledAt)).toEqual([]);
    expect(ran).toEqual(['slow:start', 'slow:end']);
    expect(steps).toEqual(['app.close', 'db.close after slow:start,slow:end']);
    // The job queued during the drain is still there for another instance.
    expect(await repo.msUntilNextDue()).toBe(0);
  } finally {
    await database.close();
  }
});

it('exits 1 when the job in hand outlasts forceAfterMs after the drain', async () => {
  const exitCode = await new Promise<number>((resolve) => {
    void gracefulShutdown({
      app: { log: { info: () => {}, error: () => {} }, close: async () => {} } as never,
      jobs: { stop: () => new Promise<void>(() => {}) },
      database: { close: async () => {} },
      drainMs: 10,
      forceAfterMs: 50,
      exit: resolve,
    })('SIGTERM');
  });
  expect(exitCode).toBe(1);
});

it('waits the longest provider time-out plus 10 s before the force exit', () => {
  const defaults = testConfig();
  expect(defaults.esimGo.timeoutMs).toBe(45_000);
  expect(shutdownForceAfterMs(defaults)).toBe(55_000);
  expect(shutdownForceAfterMs({ esimGo: { ...defaults.esimGo, timeoutMs: 20_000 }, paymentTimeoutMs: 60_000 })).toBe(
    70_000,
  );
});
