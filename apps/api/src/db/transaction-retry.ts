import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/errors.ts';
import type { Db } from './client.ts';

/**
 * PostgreSQL SQLSTATEs after which the whole transaction may simply be run again (PostgreSQL
 * documentation, appendix A "Error Codes", class 40 "Transaction Rollback", and section 13.4
 * "Serialization Failure Handling"): `40P01` deadlock_detected (this transaction was chosen to
 * break a lock cycle) and `40001` serialization_failure (a concurrent update under REPEATABLE READ
 * or SERIALIZABLE). Both roll the transaction back entirely, so nothing of it was written.
 */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/**
 * The retryable SQLSTATE ({@link RETRYABLE_SQLSTATES}) of `error`, looked for on the error and
 * its `cause` chain (Drizzle wraps the driver's error in `DrizzleQueryError.cause`; postgres.js
 * and PGlite put the SQLSTATE in `code`); undefined for any other error.
 */
export function retryableSqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * 503 `service_busy`: a transaction still deadlocked or failed to serialise after every attempt
 * of {@link retryTransaction}. Nothing of it was written, so the client may send the same request
 * again (with the same `Idempotency-Key`, which the failure released). `cause` holds the last
 * database error, for logs; the answer carries only the fixed message (the error handler sends
 * an `AppError`'s own message, never a stack trace).
 */
export class TransactionConflictError extends AppError {
  constructor(
    readonly sqlState: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(
      'The store is busy with other requests for the same data. Please try again in a moment.',
      503,
      'service_busy',
    );
    this.cause = cause;
  }
}

/** How {@link retryTransaction} retries. */
export interface TransactionRetryOptions {
  /** Runs in all, the first included (default 5). */
  attempts: number;
  /** Backoff ceiling of the first retry in ms, doubled for each further one (default 10). */
  baseDelayMs: number;
  /** Largest backoff ceiling in ms (default 200). */
  maxDelayMs: number;
  /** Waits `ms` milliseconds (tests replace it). */
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1) (tests replace it). */
  random: () => number;
}

const DEFAULTS: TransactionRetryOptions = {
  attempts: 5,
  baseDelayMs: 10,
  maxDelayMs: 200,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/**
 * Runs `run` (one whole database transaction) and runs it again when it fails with a retryable
 * SQLSTATE ({@link RETRYABLE_SQLSTATES}), at most `attempts` times in all, waiting before each
 * retry a random time up to `min(maxDelayMs, baseDelayMs × 2^(retry − 1))` ms ("full jitter", so
 * that the transactions that collided do not collide again in step). `run` must be safe to run
 * again: only database work inside the transaction, no call to a provider, no e-mail, no change
 * of memory that outlives a failed attempt.
 * @returns what `run` resolved to.
 * @throws TransactionConflictError (503 `service_busy`) when the last attempt still failed with a
 *   retryable SQLSTATE.
 * @throws any other error of `run` at once, without retrying.
 */
export async function retryTransaction<T>(
  run: () => Promise<T>,
  options: Partial<TransactionRetryOptions> = {},
): Promise<T> {
  const { attempts, baseDelayMs, maxDelayMs, sleep, random } = { ...DEFAULTS, ...options };
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const sqlState = retryableSqlState(error);
      if (sqlState === undefined) throw error;
      if (attempt >= attempts) throw new TransactionConflictError(sqlState, attempt, error);
      await sleep(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
    }
  }
}

/** Whether `db` is a transaction already (its own `transaction()` opens a savepoint). */
function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

/**
 * `db.transaction(body)`, run again on deadlock or serialization failure as
 * {@link retryTransaction} does (same options, same errors). `body` may run several times, each
 * time in a new transaction: keep it to database work (see {@link retryTransaction}). When `db`
 * is already a transaction, `body` runs once in a savepoint: a deadlock aborts the enclosing
 * transaction, so only whoever began it can run it again.
 */
export function transactionWithRetry<T>(
  db: Db,
  body: (tx: Db) => Promise<T>,
  options: Partial<TransactionRetryOptions> = {},
): Promise<T> {
  if (isTransaction(db)) return db.transaction(body);
  return retryTransaction(() => db.transaction(body), options);
}
