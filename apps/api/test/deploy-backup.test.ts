import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

/**
 * `deploy/backup.sh` (docs/deployment.md, "Backups"), as a restore drill on the PostgreSQL at
 * 127.0.0.1:5432: a migrated store database with a row in it is dumped while open, the dump is
 * restored into a second, empty database, and the row and every applied migration are there;
 * dumps older than the retention are deleted, others and unrelated files are not; a missing
 * setting is refused (exit 64). Skipped when no PostgreSQL listens there or pg_dump is missing.
 */
const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../deploy/backup.sh');
const SERVER = 'postgres://postgres@127.0.0.1:5432';
const suffix = randomBytes(4).toString('hex');
const source = `esim_backup_${suffix}`;
const target = `esim_restore_${suffix}`;
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'esim-backup-'));

async function reachable(): Promise<boolean> {
  if (!existsSync('/usr/bin/pg_dump') || !existsSync('/usr/bin/pg_restore')) return false;
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}

const available = await reachable();
const admin = available ? postgres(`${SERVER}/postgres`, { max: 1, onnotice: () => {} }) : undefined;

beforeAll(async () => {
  if (!admin) return;
  await admin.unsafe(`create database ${source}`);
  await admin.unsafe(`create database ${target}`);
  const database = await openDatabase({ databaseUrl: `${SERVER}/${source}`, dataDir: 'memory://' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const sql = postgres(`${SERVER}/${source}`, { max: 1, onnotice: () => {} });
  await sql`create table restore_drill (id int primary key, note text)`;
  await sql`insert into restore_drill values (1, 'customer data ünïcode')`;
  await sql.end();
}, 120_000);

afterAll(async () => {
  if (admin) {
    for (const name of [source, target]) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(backupDir, { recursive: true, force: true });
});

describe.skipIf(!available)('deploy/backup.sh', () => {
  it('refuses to run without DATABASE_URL and BACKUP_DIR (exit 64)', async () => {
    const error = (await run(SCRIPT, [], { env: { PATH: process.env.PATH } }).catch((e: unknown) => e)) as {
      code: number;
      stderr: string;
    };
    expect(error.code).toBe(64);
    expect(error.stderr).toMatch(/usage/);
  });

  it('dumps, keeps recent dumps, deletes old ones, and the dump restores into an empty database', async () => {
    const old = path.join(backupDir, 'roamwise-20200101T000000Z.dump');
    const recent = path.join(backupDir, 'roamwise-20990101T000000Z.dump');
    const unrelated = path.join(backupDir, 'notes.txt');
    for (const file of [old, recent, unrelated]) writeFileSync(file, 'x');
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    utimesSync(old, longAgo, longAgo);
    utimesSync(unrelated, longAgo, longAgo);

    const { stdout } = await run(SCRIPT, [], {
      env: { PATH: process.env.PATH, DATABASE_URL: `${SERVER}/${source}`, BACKUP_DIR: backupDir, RETENTION_DAYS: '7' },
    });
    expect(stdout).toContain(`deleted old backup ${old}`);
    const dumps = readdirSync(backupDir).filter((file) => /^roamwise-\d{8}T\d{6}Z\.dump$/.test(file));
    const written = dumps.find((file) => file !== path.basename(recent))!;
    expect(written).toBeDefined();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent) && existsSync(unrelated)).toBe(true);
    expect(readdirSync(backupDir).some((file) => file.endsWith('.partial'))).toBe(false);
    expect(statSync(path.join(backupDir, written)).mode & 0o077).toBe(0); // owner only

    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '-d',
      `${SERVER}/${target}`,
      path.join(backupDir, written),
    ]);
    const restored = postgres(`${SERVER}/${target}`, { max: 1, onnotice: () => {} });
    const original = postgres(`${SERVER}/${source}`, { max: 1, onnotice: () => {} });
    try {
      expect(await restored`select id, note from restore_drill`).toEqual([{ id: 1, note: 'customer data ünïcode' }]);
      const count = (sql: postgres.Sql) => sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect((await count(restored))[0]!.n).toBe((await count(original))[0]!.n);
      expect((await count(restored))[0]!.n).toBeGreaterThan(9);
    } finally {
      await restored.end();
      await original.end();
    }
  }, 120_000);
});
