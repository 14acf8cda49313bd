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
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';

/**
 * The Drizzle database, whichever driver is behind it (PGlite or postgres.js). Repositories query
 * with the tables of their own module's `*.schema.ts`; no relational (`db.query`) schema is bound.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * LISTEN on one channel (several instances: docs/decisions/0020-several-instances.md):
 * `onNotify(payload)` for each notification, `onListen()` each time the LISTEN is in place (the
 * first time, and again after postgres.js re-opened its listening connection, when notifications
 * may have been missed). Resolves once listening; the returned function stops listening.
 * @throws the driver's error when the LISTEN cannot be issued (database down).
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onListen?: () => void,
) => Promise<() => Promise<void>>;

/** An open database with the means to migrate and close it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies pending migrations from `apps/api/drizzle`; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN/NOTIFY, for the change bus. PostgreSQL: one dedicated connection (postgres.js `sql.listen`,
   * re-opened by the driver when it drops); PGlite: `pglite.listen`, delivered in process.
   * Channel names are lower-case identifiers (`[a-z_][a-z0-9_]*`: PGlite does not quote them).
   * Absent on hand-made test databases: the change bus then works within the process only.
   */
  listen?: Listen;
  /** `pg_notify(channel, payload)` outside any transaction (delivered at once). */
  notify?(channel: string, payload: string): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Arbitrary constant for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise PGlite persisted under
 * `dataDir` (or in memory when `dataDir` is `memory://`). A PGlite folder is locked for this
 * process until `close()` (`data-dir-lock.ts`): PGlite has no server, so a second process would
 * overwrite the first one's writes.
 * @throws DataDirLockedError when another live process has the PGlite folder open; nothing was
 *   opened or written then.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Called when the folder's lock is lost while open (`LockDataDirOptions.onLost`); default: throw. */
  onLockLost?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const client = postgres(url, {
      max: 10,
      onnotice: () => {},
      connection: { application_name: 'esim-store' },
    });
    const db = drizzlePostgres(client) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      async migrate() {
        // One dedicated connection holds a session advisory lock so that instances starting
        // together apply each migration once.
        const lockClient = postgres(url, { max: 1, onnotice: () => {} });
        try {
          await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder });
          await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
        } finally {
          await lockClient.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
      async listen(channel, onNotify, onListen) {
        const { unlisten } = await client.listen(channel, onNotify, onListen);
        return unlisten;
      },
      async notify(channel, payload) {
        await client.notify(channel, payload);
      },
    };
  }
  const inMemory = opts.dataDir === 'memory://';
  const lock: DataDirLock | undefined = inMemory
    ? undefined
    : await lockDataDir(opts.dataDir, { onLost: opts.onLockLost });
  let client: PGlite;
  try {
    client = inMemory ? new PGlite() : new PGlite(path.join(opts.dataDir, 'pglite'));
    await client.waitReady;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        await lock?.release();
      }
    },
    async listen(channel, onNotify, onListen) {
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return async () => {
        // Closing the database first is fine: there is nothing left to unlisten.
        if (!client.closed) await unlisten();
      };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
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

/** The `when` (epoch ms) of the newest migration in `apps/api/drizzle/meta/_journal.json`, read once. */
let newestMigration: Promise<number> | undefined;

/**
 * Whether every migration shipped with this build is applied to `db` (`/readyz`): the
 * newest row of Drizzle's `drizzle.__drizzle_migrations` (its `created_at` is the journal's
 * `when`, which is how Drizzle's migrator decides what is pending) is at least the newest
 * journal entry. False when the table does not exist yet.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigration ??= fs
    .readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
    .then((text) => Math.max(0, ...(JSON.parse(text) as { entries: { when: number }[] }).entries.map((e) => e.when)));
  const newest = await newestMigration;
  const exists = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists[0]?.t) return false;
  const rows = await queryRows<{ applied: string | number | null }>(
    db,
    sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
  );
  const applied = rows[0]?.applied;
  return applied !== null && applied !== undefined && Number(applied) >= newest;
}

/**
 * `pg_notify(channel, payload)` through `db`, which may be a transaction: PostgreSQL then delivers
 * the notification at commit, and never when it rolls back (`lib/change-bus.ts`).
 */
export async function pgNotify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** Cheap liveness probe used by `/api/health`. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
