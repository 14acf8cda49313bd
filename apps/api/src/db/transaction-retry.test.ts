import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { type Database, queryRows } from './client.ts';
import {
  TransactionConflictError,
  retryTransaction,
  retryableSqlState,
  transactionWithRetry,
} from './transaction-retry.ts';

/** A driver error as postgres.js and PGlite throw it: the SQLSTATE in `code`. */
function pgError(code: string, message = `error ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

/** The same, wrapped as Drizzle wraps a failed query's error. */
function drizzleError(code: string): Error {
  return new DrizzleQueryError('select 1 for update', [], pgError(code));
}

/** Options that record the waits instead of waiting; `random` fixed at 0.5. */
function recordingOptions() {
  const waits: number[] = [];
  return { waits, options: { sleep: async (ms: number) => void waits.push(ms), random: () => 0.5 } };
}

/** A run that fails with `errors` in turn, then resolves to 'done'; counts its calls. */
function failing(errors: Error[]) {
  const state = { calls: 0 };
  const run = async () => {
    const error = errors[state.calls++];
    if (error) throw error;
    return 'done';
  };
  return { state, run };
}

describe('retryableSqlState', () => {
  it('finds 40P01 and 40001 on the error or its cause chain, nothing else', () => {
    expect(retryableSqlState(pgError('40P01'))).toBe('40P01');
    expect(retryableSqlState(pgError('40001'))).toBe('40001');
    expect(retryableSqlState(drizzleError('40P01'))).toBe('40P01');
    expect(retryableSqlState(pgError('23505'))).toBeUndefined();
    expect(retryableSqlState(drizzleError('55P03'))).toBeUndefined();
    expect(retryableSqlState(new Error('40P01'))).toBeUndefined();
    expect(retryableSqlState({ code: '40P01' })).toBeUndefined();
    expect(retryableSqlState(undefined)).toBeUndefined();
  });
});

describe('retryTransaction', () => {
  it('runs again after a deadlock (40P01) and a serialization failure (40001), with jittered, growing waits', async () => {
    const { waits, options } = recordingOptions();
    const { state, run } = failing([drizzleError('40P01'), pgError('40001'), drizzleError('40P01')]);
    await expect(retryTransaction(run, { ...options, baseDelayMs: 10, maxDelayMs: 30 })).resolves.toBe('done');
    expect(state.calls).toBe(4);
    // random() × min(maxDelayMs, baseDelayMs × 2^(retry − 1)): 0.5 × 10, 0.5 × 20, 0.5 × 30 (capped).
    expect(waits).toEqual([5, 10, 15]);
  });

  it('gives up after `attempts` runs with TransactionConflictError (503 service_busy) holding the last error', async () => {
    const { waits, options } = recordingOptions();
    const last = drizzleError('40001');
    const { state, run } = failing([pgError('40P01'), pgError('40P01'), last, pgError('40P01')]);
    const error = await retryTransaction(run, { ...options, attempts: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionConflictError);
    expect(error).toMatchObject({ status: 503, code: 'service_busy', sqlState: '40001', attempts: 3, cause: last });
    expect(state.calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('does not retry any other error: it is thrown as it is, after one run', async () => {
    for (const other of [pgError('23505'), drizzleError('57014'), new Error('boom')]) {
      const { waits, options } = recordingOptions();
      const { state, run } = failing([other]);
      await expect(retryTransaction(run, options)).rejects.toBe(other);
      expect(state.calls).toBe(1);
      expect(waits).toEqual([]);
    }
  });

  it('waits at most maxDelayMs, and at least 0, whatever random() gives', async () => {
    const waits: number[] = [];
    const { run } = failing(Array.from({ length: 9 }, () => pgError('40P01')));
    await retryTransaction(run, {
      attempts: 10,
      baseDelayMs: 10,
      maxDelayMs: 200,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.999,
    });
    expect(waits).toHaveLength(9);
    expect(Math.max(...waits)).toBeLessThan(200);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
  });
});

describe('transactionWithRetry on the database', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const probe = () => queryRows<{ n: number }>(database.db, sql`select n from retry_probe order by id`);

  it('runs the whole transaction again: the failed attempt wrote nothing', async () => {
    let calls = 0;
    const result = await transactionWithRetry(
      database.db,
      async (tx) => {
        calls++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
        if (calls === 1) throw pgError('40P01');
        return calls;
      },
      { sleep: async () => {} },
    );
    expect(result).toBe(2);
    expect(await probe()).toEqual([{ n: 1 }, { n: 0 }]);
  });

  it('inside a transaction runs once, in a savepoint: only the outer transaction can be run again', async () => {
    let calls = 0;
    const deadlock = pgError('40P01');
    const outcome = await database.db
      .transaction((outer) =>
        transactionWithRetry(outer, async () => {
          calls++;
          throw deadlock;
        }),
      )
      .catch((e: unknown) => e);
    expect(outcome).toBe(deadlock);
    expect(calls).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: two transactions locking two rows in opposite orders both commit (the deadlock victim runs again)',
    async () => {
      const before = await probe();
      let firstLocks = 0;
      let release: () => void = () => {};
      const bothLocked = new Promise<void>((resolve) => (release = resolve));
      const attempts = [0, 0];
      const transfer = (worker: 0 | 1, first: number, second: number) =>
        transactionWithRetry(
          database.db,
          async (tx) => {
            attempts[worker]!++;
            await tx.execute(sql`select n from retry_probe where id = ${first} for update`);
            if (attempts[worker] === 1) {
              // First attempt only: both hold their first row before either asks for its second.
              if (++firstLocks === 2) release();
              await bothLocked;
            }
            await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
          },
          { sleep: async () => {} },
        );
      await Promise.all([transfer(0, 1, 2), transfer(1, 2, 1)]);
      expect(attempts[0]! + attempts[1]!).toBe(3);
      expect(await probe()).toEqual([{ n: before[0]!.n + 1 }, { n: before[1]!.n + 1 }]);
    },
  );
});

describe('the error handler and transaction failures', () => {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/deadlock', async () => {
    throw drizzleError('40P01');
  });
  app.get('/busy', async () => {
    throw new TransactionConflictError('40P01', 5, drizzleError('40P01'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a deadlock that escaped every retry 503 service_busy, with the fixed message only', async () => {
    const res = await app.inject({ method: 'GET', url: '/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'service_busy',
        message: 'The store is busy with other requests for the same data. Please try again in a moment.',
      },
    });
  });

  it('answers a raw deadlock error 500 internal_error: no SQL, no SQLSTATE, no stack trace', async () => {
    const res = await app.inject({ method: 'GET', url: '/deadlock' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(res.body).not.toMatch(/40P01|for update|Failed query|\bat\s/);
  });
});
