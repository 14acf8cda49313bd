import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutResponse } from '@esim/contract/checkout';
import type { OrderView } from '@esim/contract/order';
import { isLuhnValid } from '@esim/contract/payment-card';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { freePort } from '../../../test/free-port.ts';

/**
 * Exactly-once fulfilment (ARCHITECTURE.md invariants): a crash (kill -9) at any step of
 * fulfilment loses no order and provisions each eSIM exactly once after restart. Runs the real server (`server.ts`) as a child
 * process on a database of its own (a PGlite folder, or a new database on `DATABASE_URL`'s
 * server), with every sandbox eSIM order slowed down, kills it with SIGKILL while the worker is
 * provisioning, starts it again on the same data and checks the outcome in the database.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const ORDERS = 4;
/** Each sandbox eSIM order takes this long, so the kill lands in the middle of provisioning. */
const PROVIDER_LATENCY_MS = 400;
/** A dead worker's job is taken over this long after its last lease renewal. */
const LEASE_MS = 1_000;

let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `esim_crash_${randomBytes(6).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'esim-crash-'));
  }
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await dropDatabase?.();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts `server.ts` and resolves with its base URL once `/api/health` answers. */
async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ESIM_SANDBOX_LATENCY_MS: String(PROVIDER_LATENCY_MS),
    JOB_LEASE_MS: String(LEASE_MS),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.once('exit', () => children.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: a first start creates the PGlite cluster and seeds the catalogue (seconds of CPU).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl, output: () => log };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call<T>(
  baseUrl: string,
  urlPath: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(baseUrl + urlPath, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${urlPath}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', () => r()));
}

it('provisions every eSIM exactly once and sends one e-mail per order after a kill -9 during fulfilment', async () => {
  const first = await startServer();
  const { products } = await call<{ products: { productId: number }[] }>(first.baseUrl, '/api/products?country=DE');
  const placed: { session: string; orderNumber: string }[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const session = randomUUID();
    const headers = { 'x-session-id': session };
    await call(first.baseUrl, '/api/cart', {
      method: 'POST',
      headers,
      body: { productId: products[i]!.productId, quantity: 2 },
    });
    await call(first.baseUrl, '/api/cart', {
      method: 'POST',
      headers,
      body: { productId: products[i + 1]!.productId, quantity: 1 },
    });
    const { token } = await call<{ token: string }>(first.baseUrl, '/api/payments/sandbox/tokens', {
      method: 'POST',
      body: {
        cardholderName: 'Crash Test',
        cardNumber: '4242 4242 4242 4242',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        cvv: '123',
      },
    });
    const { orderNumber } = await call<CheckoutResponse>(first.baseUrl, '/api/checkout', {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: {
        customer: { fullName: `Crash ${i}`, email: `crash${i}@example.com` },
        payment: { method: 'card', token },
        acceptTerms: true,
        language: 'en',
      },
    });
    placed.push({ session, orderNumber });
  }

  const read = (baseUrl: string, order: { session: string; orderNumber: string }) =>
    call<OrderView>(baseUrl, `/api/orders/${order.orderNumber}`, { headers: { 'x-session-id': order.session } });

  // Kill as soon as the first eSIM is stored: the worker is then inside a provider call.
  const killBy = Date.now() + 30_000;
  for (;;) {
    const views = await Promise.all(placed.map((o) => read(first.baseUrl, o)));
    if (views.some((v) => v.esims.length > 0)) break;
    if (Date.now() > killBy) throw new Error(`no eSIM was provisioned:\n${first.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  first.child.kill('SIGKILL');
  await exited(first.child);

  const second = await startServer();
  const before = await Promise.all(placed.map((o) => read(second.baseUrl, o)));
  // The kill left work undone, so the restart had something to recover.
  expect(before.filter((v) => v.status !== 'completed').length).toBeGreaterThan(0);
  const doneBy = Date.now() + 30_000;
  let views = before;
  while (!views.every((v) => v.status === 'completed')) {
    if (Date.now() > doneBy)
      throw new Error(`orders not completed after restart: ${views.map((v) => v.status)}\n${second.output()}`);
    await new Promise((r) => setTimeout(r, 100));
    views = await Promise.all(placed.map((o) => read(second.baseUrl, o)));
  }
  second.child.kill('SIGTERM');
  await exited(second.child);

  const database: Database = await openDatabase({ databaseUrl, dataDir: dataDir ?? 'unused' });
  try {
    const lines = await queryRows<{
      order_number: string;
      quantity: number;
      esims: number | string;
      distinct_units: number | string;
    }>(
      database.db,
      sql`select o.order_number, l.quantity, count(e.id) as esims, count(distinct e.unit_index) as distinct_units
          from order_lines l join orders o on o.id = l.order_id left join esims e on e.order_line_id = l.id
          group by o.order_number, l.id, l.quantity`,
    );
    expect(lines).toHaveLength(ORDERS * 2);
    for (const line of lines) {
      expect(Number(line.esims), line.order_number).toBe(line.quantity);
      expect(Number(line.distinct_units)).toBe(line.quantity);
    }
    const iccids = await queryRows<{ iccid: string }>(database.db, sql`select iccid from esims`);
    expect(iccids).toHaveLength(ORDERS * 3);
    expect(new Set(iccids.map((r) => r.iccid)).size).toBe(ORDERS * 3);
    for (const { iccid } of iccids) expect(isLuhnValid(iccid)).toBe(true);
    const mails = await queryRows<{ order_number: string; n: number | string }>(
      database.db,
      sql`select o.order_number, count(m.id) as n from orders o left join email_messages m on m.order_id = o.id group by o.order_number`,
    );
    expect(mails.map((m) => Number(m.n))).toEqual(Array(ORDERS).fill(1));
    // Every fulfilment job finished; the only jobs left are the recurring ones each start of the
    // server schedules once for the coming period (the usage refresh, the catalogue sync,
    // the chat conversations' purge).
    const pending = await queryRows<{ type: string; status: string }>(
      database.db,
      sql`select type, status from jobs where status <> 'succeeded' order by type`,
    );
    expect(pending.filter((j) => j.type !== 'catalogue-sync-schedule')).toEqual([
      { type: 'chat-purge', status: 'queued' },
      { type: 'sync-usage', status: 'queued' },
    ]);
  } finally {
    await database.close();
  }
}, 300_000);
