import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process at a time in an embedded database folder (docs/decisions/0025-one-process-per-data-folder.md).
 *
 * PGlite is PostgreSQL in one process with no server in front: two processes that open the same
 * folder each keep their own copy of its pages and overwrite each other's writes, so rows with
 * the same primary key appear and a session can point at another account. The folder is
 * therefore locked with `proper-lockfile` (an atomic `mkdir` of `<folder>/pglite.lock`, its
 * mtime refreshed while held, released on exit, taken over once stale), and the holder is
 * recorded beside it so that the second process can say who holds it and fail at once instead of
 * waiting.
 */

/** Who holds a data folder, as recorded in `pglite.lock.json` beside the lock. */
export interface DataDirOwner {
  pid: number;
  hostname: string;
  /** ISO 8601 time the lock was taken. */
  since: string;
  /** The holder's command line, for the message (`node --import tsx src/server.ts`). */
  command: string;
}

/** Thrown when another live process holds the folder; nothing in it has been opened or written. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | undefined,
  ) {
    const who = owner
      ? ` by another process (pid ${owner.pid}${owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`}, since ${owner.since})`
      : ' by another process';
    super(
      `The embedded database in ${dataDir} is in use${who}; an embedded database can be opened by one process at a time.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** A held lock; `release()` is idempotent. */
export interface DataDirLock {
  release(): Promise<void>;
}

export interface LockDataDirOptions {
  /**
   * Called when the lock was lost while held (its refresh was late by more than `staleMs`, for
   * example a process suspended for that long, and another process may have taken the folder).
   * The holder must stop writing; the default throws, which ends the process.
   */
  onLost?: (error: Error) => void;
  /** A lock not refreshed for this long is taken over, ms (at least 2000). Default 10,000. */
  staleMs?: number;
}

const LOCK_NAME = 'pglite.lock';
const OWNER_NAME = 'pglite.lock.json';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(dataDir: string): Promise<DataDirOwner | undefined> {
  try {
    const owner = JSON.parse(await fs.readFile(path.join(dataDir, OWNER_NAME), 'utf8')) as Partial<DataDirOwner>;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string'
      ? {
          pid: owner.pid,
          hostname: owner.hostname,
          since: String(owner.since ?? ''),
          command: String(owner.command ?? ''),
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of the embedded database folder `dataDir` (created when missing) for this
 * process. A lock left by a process of this machine that has died (kill -9, power loss) is taken
 * over once stale, waiting at most `staleMs` plus a second; a lock held by a live process fails
 * at once.
 * @throws DataDirLockedError when another live process holds it.
 */
export async function lockDataDir(dataDir: string, options: LockDataDirOptions = {}): Promise<DataDirLock> {
  const staleMs = Math.max(options.staleMs ?? 10_000, 2_000);
  await fs.mkdir(dataDir, { recursive: true });
  const lockOptions = {
    realpath: false,
    lockfilePath: path.join(dataDir, LOCK_NAME),
    stale: staleMs,
    update: Math.max(1_000, Math.floor(staleMs / 5)),
    onCompromised:
      options.onLost ??
      ((error: Error) => {
        throw error;
      }),
  };
  const target = path.join(dataDir, 'pglite');
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(target, lockOptions);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = await readOwner(dataDir);
    const leftByTheDead =
      owner !== undefined && owner.hostname === os.hostname() && owner.pid !== process.pid && !isAlive(owner.pid);
    if (!leftByTheDead) throw new DataDirLockedError(dataDir, owner);
    // Nobody refreshes a dead process's lock: it turns stale within `staleMs`.
    try {
      release = await lockfile.lock(target, {
        ...lockOptions,
        retries: { retries: Math.ceil(staleMs / 500) + 2, factor: 1, minTimeout: 500, maxTimeout: 500 },
      });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED')
        throw new DataDirLockedError(dataDir, await readOwner(dataDir));
      throw retryError;
    }
  }
  const owner: DataDirOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  await fs.writeFile(path.join(dataDir, OWNER_NAME), `${JSON.stringify(owner)}\n`);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await fs.rm(path.join(dataDir, OWNER_NAME), { force: true });
      await release().catch((error: NodeJS.ErrnoException) => {
        // Already released, e.g. by the exit handler, or taken over after a compromise.
        if (error.code !== 'ERELEASED') throw error;
      });
    },
  };
}
