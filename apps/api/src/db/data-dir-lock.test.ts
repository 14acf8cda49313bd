import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

/**
 * One process at a time in an embedded database folder (data-dir-lock.ts,
 * docs/decisions/0025-one-process-per-data-folder.md): a second opener, in this process or
 * another, is refused at once naming the holder; a folder left locked by a process killed with
 * SIGKILL is taken over once the lock is stale.
 */

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'esim-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A child process that takes the lock of `dir`, prints `locked`, and holds it until killed. */
async function holdInChild(dir: string, staleMs: number): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))});
    await lockDataDir(${JSON.stringify(dir)}, { staleMs: ${staleMs} });
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${output}`)));
  });
  return child;
}

it('refuses a second lock of the same folder until the first is released', async () => {
  const first = await lockDataDir(dataDir);
  const second = lockDataDir(dataDir);
  await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
  await expect(second).rejects.toThrow(`pid ${process.pid}`);
  await first.release();
  await first.release(); // idempotent
  const again = await lockDataDir(dataDir);
  await again.release();
});

it('refuses at once, naming the holder, while another live process holds the folder', { timeout: 30_000 }, async () => {
  const holder = await holdInChild(dataDir, 10_000);
  const started = Date.now();
  const error = await lockDataDir(dataDir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DataDirLockedError);
  expect((error as DataDirLockedError).owner?.pid).toBe(holder.pid);
  expect((error as Error).message).toMatch(/in use by another process \(pid \d+, since /);
  expect(Date.now() - started).toBeLessThan(2_000);
});

it('takes over the lock of a process killed with SIGKILL once it is stale', { timeout: 30_000 }, async () => {
  const holder = await holdInChild(dataDir, 2_000);
  holder.kill('SIGKILL');
  await new Promise((resolve) => holder.once('exit', resolve));
  const started = Date.now();
  const lock = await lockDataDir(dataDir, { staleMs: 2_000 });
  expect(Date.now() - started).toBeLessThan(6_000);
  await lock.release();
});

it('openDatabase on a folder in use opens and writes nothing', { timeout: 30_000 }, async () => {
  await holdInChild(dataDir, 10_000);
  await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
  expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
});

it('openDatabase holds the folder until close()', { timeout: 60_000 }, async () => {
  const database = await openDatabase({ dataDir });
  await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
  await database.close();
  const reopened = await openDatabase({ dataDir });
  await reopened.close();
});
