import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../db/client.ts';
import { freePort } from '../../../test/free-port.ts';

/**
 * `npm run admin:create` against the folder of a running store
 * (docs/decisions/0025-one-process-per-data-folder.md): the real `server.ts` runs on a PGlite
 * folder with one customer; `admin-cli.ts` and `db-cli.ts` pointed at the same folder exit 75
 * with the advice, write nothing, and the customer's session still resolves to the customer. A
 * second store on the folder exits 75 too. Once the store has stopped, `admin:create` works.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
let dataDir: string;
let store: ChildProcess | undefined;
let storeLog = '';
let baseUrl: string;

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    CATALOGUE_SYNC_INTERVAL: 'off',
    ...extra,
  };
}

/** Runs `args` under `node --import tsx` from the repository root to its end. */
async function run(args: string[], extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: env(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

const ADMIN = {
  ADMIN_USERNAME: 'first-admin',
  ADMIN_EMAIL: 'first-admin@example.com',
  ADMIN_PASSWORD: 'copper-lantern-field-77',
};
const CUSTOMER = {
  username: 'traveller-one',
  email: 'traveller-one@example.com',
  password: 'violet-harbour-tram-42',
  confirmPassword: 'violet-harbour-tram-42',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
};
const SAME_ORIGIN = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'esim-admin-cli-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  store = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    // As on a terminal: short lines and the plain start-up message.
    env: env({ PORT: String(port), LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  store.stdout!.on('data', (chunk: Buffer) => (storeLog += chunk.toString()));
  store.stderr!.on('data', (chunk: Buffer) => (storeLog += chunk.toString()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (store.exitCode !== null) throw new Error(`store exited with ${store.exitCode}:\n${storeLog}`);
    if ((await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`store did not become ready:\n${storeLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);

afterAll(async () => {
  if (store && store.exitCode === null) store.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('starts with a short, readable message: where it runs, and the first-admin link on its own line', async () => {
  // The link comes after listening: wait for it.
  for (let i = 0; i < 50 && !storeLog.includes('setup-admin#token='); i++) await new Promise((r) => setTimeout(r, 100));
  const lines = storeLog.split('\n');
  expect(lines).toContain(
    `The store is running at ${baseUrl}  (PGlite in ${dataDir}; API reference at ${baseUrl}/api/docs)`,
  );
  expect(lines.filter((line) => /^ {2}http:\/\/localhost:\d+\/setup-admin#token=[\w-]+$/.test(line))).toHaveLength(1);
  expect(storeLog).not.toMatch(/"level":/);
  expect(lines.length).toBeLessThan(20);
});

it(
  'refuses admin:create, db:migrate and a second store while the store runs, and changes nothing',
  { timeout: 180_000 },
  async () => {
    const registered = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify(CUSTOMER),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const cli = await run(['apps/api/src/modules/auth/admin-cli.ts'], ADMIN);
    expect(cli.code, cli.output).toBe(75);
    expect(cli.output).toContain(`The embedded database in ${dataDir} is in use by another process (pid ${store!.pid}`);
    expect(cli.output).toMatch(/Nothing was changed/);
    expect(cli.output).toMatch(/stop the store/i);
    expect(cli.output).toMatch(/setup-admin#token=/);
    expect(cli.output).toMatch(/DATABASE_URL/);

    const migrate = await run(['apps/api/src/db-cli.ts', 'migrate'], {});
    expect(migrate.code, migrate.output).toBe(75);
    expect(migrate.output).toMatch(/in use by another process/);

    const second = await run(['apps/api/src/server.ts'], { PORT: String(await freePort()) });
    expect(second.code, second.output).toBe(75);
    expect(second.output).toMatch(/in use by another process/);

    // The running store is untouched: its customer is still who the session says, and no admin exists.
    const me = await fetch(`${baseUrl}/api/user`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ username: CUSTOMER.username, isAdmin: false });
    const setup = await fetch(`${baseUrl}/api/setup-admin/status`);
    expect(await setup.json()).toMatchObject({ needed: true });

    store!.kill('SIGTERM');
    expect(await new Promise((resolve) => store!.once('exit', resolve))).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ username: string; is_admin: boolean }>(
        database.db,
        sql`select username, is_admin from users order by id`,
      );
      expect(rows).toEqual([{ username: CUSTOMER.username, is_admin: false }]);
    } finally {
      await database.close();
    }

    // With the store stopped, the same command makes the admin.
    const later = await run(['apps/api/src/modules/auth/admin-cli.ts'], ADMIN);
    expect(later.code, later.output).toBe(0);
    expect(later.output).toMatch(/created admin first-admin/);
  },
);
