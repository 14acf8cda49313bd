import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { type AppServices, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { EsimProvider } from '../src/providers/esim/esim-provider.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default, or, when `DATABASE_URL` is
 * set, a new database created on that PostgreSQL server and dropped by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `esim_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), dataDir: 'unused' });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * Payment throttle limits far above what any test does from 127.0.0.1 in one session, so that
 * only the throttle tests (`lib/payment-throttle.test.ts`, which set their own) are throttled.
 */
export const UNTHROTTLED_ENV: NodeJS.ProcessEnv = {
  PAYMENT_THROTTLE_ATTEMPTS_PER_SESSION: '1000000',
  PAYMENT_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000000',
  PAYMENT_THROTTLE_DECLINES_PER_SESSION: '1000000',
  PAYMENT_THROTTLE_DECLINES_PER_ADDRESS: '1000000',
  // Accounts: only `modules/auth/auth-throttle.test.ts` sets its own.
  AUTH_THROTTLE_FAILURES_PER_ACCOUNT: '1000000',
  AUTH_THROTTLE_FAILURES_PER_ADDRESS: '1000000',
  AUTH_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000000',
  AUTH_RESET_REQUESTS_PER_EMAIL: '1000000',
  AUTH_RESET_REQUESTS_PER_ADDRESS: '1000000',
};

/** The config tests run with: silent logs, no storefront, payment and sign-in throttles out of the way. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...UNTHROTTLED_ENV, ...overrides });
}

/** A built (not listening) app on a fresh database, optionally seeded with the sandbox catalogue. */
export async function createTestApp(
  opts: { seed?: boolean; esimProvider?: EsimProvider; serveWeb?: boolean } = {},
): Promise<{
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  close: () => Promise<void>;
}> {
  const database = await openTestDatabase();
  const { app, services } = await buildApp({
    config: testConfig(),
    database,
    serveWeb: opts.serveWeb ?? false,
    ...(opts.esimProvider ? { esimProvider: opts.esimProvider } : {}),
  });
  if (opts.seed ?? true) await services.catalog.ensureSeeded();
  await app.ready();
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
