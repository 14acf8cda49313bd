import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.ts';

/** The Drizzle database, whichever driver is behind it (PGlite or postgres.js). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with the means to migrate and close it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies pending migrations from `apps/api/drizzle`; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Arbitrary constant for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise PGlite persisted under
 * `dataDir` (or in memory when `dataDir` is `memory://`).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const client = postgres(url, {
      max: 10,
      onnotice: () => {},
      connection: { application_name: 'esim-store' },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      async migrate() {
        // One dedicated connection holds a session advisory lock so that instances starting
        // together apply each migration once.
        const lockClient = postgres(url, { max: 1, onnotice: () => {} });
        try {
          await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder });
          await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
        } finally {
          await lockClient.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const inMemory = opts.dataDir === 'memory://';
  if (!inMemory) await fs.mkdir(opts.dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(path.join(opts.dataDir, 'pglite'));
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Runs a raw SQL statement (for what the query builder cannot say, e.g. `INSERT ... SELECT` into
 * some columns with `ON CONFLICT`) and returns its rows, whichever driver is behind `db`: postgres.js
 * answers with an array of rows, PGlite with `{ rows }`. Column names are as the SQL names them.
 */
export async function queryRows<TRow extends Record<string, unknown>>(db: Db, query: SQL): Promise<TRow[]> {
  const result: unknown = await db.execute<TRow>(query);
  return Array.isArray(result) ? (result as TRow[]) : (result as { rows: TRow[] }).rows;
}

/** Cheap liveness probe used by `/api/health`. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
