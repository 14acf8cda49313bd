import { type SQL, and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { jobs } from './platform.schema.ts';
import { notifyInTransaction } from './change-bus.ts';

/**
 * SQL of the durable job queue (`jobs` table; docs/decisions/0008-durable-jobs.md). The worker
 * itself is `jobs.ts`; this file is the only one that reads or writes `jobs`. Every statement is
 * plain PostgreSQL that PGlite runs too.
 */

/** A job as the worker sees it after claiming it. */
export interface JobRecord {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  /** Attempts made, this one included (1 on the first run). */
  attempts: number;
  maxAttempts: number;
  /** The claim token this run holds (`locked_by`); every later write must present it. */
  lockToken: string;
}

/** What to enqueue. */
export interface EnqueueRequest {
  /** Handler name, e.g. `provision-order`. */
  type: string;
  /** JSON payload handed to the handler. */
  payload: Record<string, unknown>;
  /** Enqueueing again with the same key does nothing (e.g. `provision:<orderId>`). */
  dedupeKey?: string | undefined;
  /** Earliest start (default now). */
  runAt?: Date | undefined;
  /**
   * Park the job: it is stored but never claimed until {@link releaseJob} sets its start to now
   * (used to keep a job ready while a PayPal buyer decides). Overrides `runAt`.
   */
  parked?: boolean | undefined;
  /** Attempts before the job is marked failed (default: the column default, 10). */
  maxAttempts?: number | undefined;
}

/**
 * Enqueues a job inside the caller's transaction `tx`, so the job exists exactly when the
 * caller's change commits (transactional outbox). Idempotent on `dedupeKey`: a second enqueue
 * with the same key leaves the first job as it is, whatever its state. A job due now also
 * notifies the change bus's `jobs` topic in the same transaction: at commit, idle
 * workers of every instance wake and one claims it; polling stays the safety net.
 * @returns the new job's id, or `undefined` when a job with `dedupeKey` already existed.
 */
export async function enqueue(tx: Db, job: EnqueueRequest): Promise<number | undefined> {
  const runAt = job.parked
    ? sql`'infinity'::timestamptz`
    : job.runAt
      ? sql`${job.runAt.toISOString()}::timestamptz`
      : sql`now()`;
  const rows = await queryRows<{ id: number | string }>(
    tx,
    sql`insert into ${jobs} (type, payload, dedupe_key, run_at, max_attempts)
        values (${job.type}, ${JSON.stringify(job.payload)}::jsonb, ${job.dedupeKey ?? null}, ${runAt},
                coalesce(${job.maxAttempts ?? null}::int, 10))
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  if (rows[0] === undefined) return undefined;
  if (!job.parked && (job.runAt === undefined || job.runAt.getTime() <= Date.now()))
    await notifyInTransaction(tx, 'jobs', job.type);
  return Number(rows[0].id);
}

/**
 * Makes a parked job (see {@link EnqueueRequest.parked}) claimable now; a job that is already
 * due, running or finished is left alone.
 * @returns true when a parked job was released.
 */
export async function releaseJob(tx: Db, dedupeKey: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`update ${jobs} set run_at = now(), updated_at = now()
        where dedupe_key = ${dedupeKey} and status = 'queued' and run_at = 'infinity'::timestamptz
        returning id`,
  );
  if (rows.length > 0) await notifyInTransaction(tx, 'jobs', 'released');
  return rows.length > 0;
}

/** Deletes a job that has not started (queued or parked), e.g. when its order was cancelled. */
export async function discardJob(tx: Db, dedupeKey: string): Promise<void> {
  await tx.execute(sql`delete from ${jobs} where dedupe_key = ${dedupeKey} and status = 'queued'`);
}

/** Row counts by status, for tests and health checks. */
export type JobCounts = Record<'queued' | 'running' | 'succeeded' | 'failed', number>;

/** `jobs.status` (decision record 0008; `cancelled` by an admin). */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A job row as the admin screens read it. `runAt` is `Infinity`-dated while parked. */
export interface JobRow {
  id: number;
  type: string;
  status: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  /** True while the job waits, parked, for {@link releaseJob}. */
  parked: boolean;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Jobs by state for the admin (see {@link JobsRepository.stateCounts}). */
export type JobStateCounts = Record<'waiting' | 'parked' | 'running' | 'failed' | 'cancelled', number>;

/** The columns of a {@link JobRow}. */
const JOB_ROW = {
  id: jobs.id,
  type: jobs.type,
  status: jobs.status,
  payload: jobs.payload,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  parked: sql<boolean>`(${jobs.runAt} = 'infinity'::timestamptz)`.mapWith(Boolean),
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
};

/** Reads and writes of the worker. Every write after the claim checks the run's lock token. */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  /** Enqueues a job on its own, outside any caller transaction (recurring work); see {@link enqueue}. */
  enqueueNow(job: EnqueueRequest): Promise<number | undefined> {
    return enqueue(this.db, job);
  }

  /**
   * Claims the oldest due job: one that is queued with `run_at <= now()`, or running with an
   * expired lease (its worker died). `FOR UPDATE SKIP LOCKED` lets concurrent workers (other
   * processes too) each take a different job without waiting; the lease makes a second claim of
   * the same job impossible until this run stops renewing it.
   */
  async claim(lockToken: string, leaseMs: number): Promise<JobRecord | undefined> {
    const rows = await queryRows<{
      id: number | string;
      type: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(
      this.db,
      sql`update ${jobs}
          set status = 'running', locked_until = now() + ${leaseMs}::int * interval '1 millisecond',
              locked_by = ${lockToken}, attempts = attempts + 1, updated_at = now()
          where id = (
            select id from ${jobs}
            where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
            order by id
            for update skip locked
            limit 1
          )
          returning id, type, payload, attempts, max_attempts`,
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      type: row.type,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lockToken,
    };
  }

  /** Extends the lease of a running job; false when the run no longer holds it. */
  async renewLease(job: JobRecord, leaseMs: number): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update ${jobs} set locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
          where id = ${job.id} and locked_by = ${job.lockToken} and status = 'running'
          returning id`,
    );
    return rows.length > 0;
  }

  /**
   * Marks the run succeeded and removes the payload keys `scrub` (secrets the job no longer
   * needs). False when the run had lost its lease (another run owns the job now).
   */
  async succeed(job: JobRecord, scrub: readonly string[]): Promise<boolean> {
    const payload = scrub.reduce<SQL>((expr, key) => sql`${expr} - ${key}::text`, sql`payload`);
    const rows = await queryRows(
      this.db,
      sql`update ${jobs}
          set status = 'succeeded', locked_until = null, last_error = null, updated_at = now(), payload = ${payload}
          where id = ${job.id} and locked_by = ${job.lockToken} and status = 'running'
          returning id`,
    );
    return rows.length > 0;
  }

  /** Puts the job back in the queue to start after `delayMs`, recording `error`. */
  async retryLater(job: JobRecord, delayMs: number, error: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update ${jobs}
          set status = 'queued', run_at = now() + ${Math.round(delayMs)}::int * interval '1 millisecond',
              locked_until = null, last_error = ${error}, updated_at = now()
          where id = ${job.id} and locked_by = ${job.lockToken} and status = 'running'
          returning id`,
    );
    return rows.length > 0;
  }

  /** Marks the job failed for good (no more attempts), recording `error`. */
  async fail(job: JobRecord, error: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update ${jobs}
          set status = 'failed', locked_until = null, last_error = ${error}, updated_at = now()
          where id = ${job.id} and locked_by = ${job.lockToken} and status = 'running'
          returning id`,
    );
    return rows.length > 0;
  }

  /**
   * Milliseconds until the worker may find something to do: until the earliest queued (not parked)
   * job is due, or 10 ms while another run still holds a job (it may finish or its lease expire);
   * 0 when a job is due now; undefined when no job is queued or running.
   */
  async msUntilNextDue(): Promise<number | undefined> {
    const rows = await queryRows<{ ms: number | string | null }>(
      this.db,
      // min() of no rows is null (and greatest() would turn that null into 0).
      sql`select extract(epoch from (
                min(case when status = 'running' then now() + interval '10 milliseconds' else run_at end) - now()
              )) * 1000 as ms
          from ${jobs}
          where (status = 'queued' and run_at <> 'infinity'::timestamptz) or status = 'running'`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
  }

  /** How many jobs are in each status. */
  async counts(): Promise<JobCounts> {
    const rows = await queryRows<{ status: string; n: number | string }>(
      this.db,
      sql`select status, count(*) as n from ${jobs} group by status`,
    );
    const counts: JobCounts = { queued: 0, running: 0, succeeded: 0, failed: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status as keyof JobCounts] = Number(row.n);
    return counts;
  }

  // --- The admin's jobs screen (failed and waiting jobs with their last error, retry and cancel).
  // Writes are compare-and-set on `status`, so a worker claiming the job at
  // the same moment and the admin never both win.

  /**
   * Jobs in `statuses`, newest first (by id), `limit` of them below id `beforeId` (keyset
   * pagination). Reads the `(status, run_at)` index for the few unfinished jobs.
   */
  async listByStatus(
    statuses: readonly JobStatus[],
    opts: { beforeId?: number | undefined; limit: number },
  ): Promise<JobRow[]> {
    return this.db
      .select(JOB_ROW)
      .from(jobs)
      .where(
        and(inArray(jobs.status, [...statuses]), opts.beforeId === undefined ? undefined : lt(jobs.id, opts.beforeId)),
      )
      .orderBy(desc(jobs.id))
      .limit(opts.limit);
  }

  /** One job, whatever its state. */
  async findById(id: number): Promise<JobRow | undefined> {
    const [row] = await this.db.select(JOB_ROW).from(jobs).where(eq(jobs.id, id));
    return row;
  }

  /**
   * Unfinished and cancelled jobs by state: `waiting` (queued, due or scheduled), `parked`
   * (queued until a PayPal approval releases it), `running`, `failed`, `cancelled`. Succeeded
   * jobs, the bulk of the table, are not counted.
   */
  async stateCounts(): Promise<JobStateCounts> {
    const rows = await queryRows<{ status: string; parked: boolean; n: number | string }>(
      this.db,
      sql`select status, (run_at = 'infinity'::timestamptz) as parked, count(*) as n from ${jobs}
          where status in ('queued', 'running', 'failed', 'cancelled')
          group by 1, 2`,
    );
    const counts: JobStateCounts = { waiting: 0, parked: 0, running: 0, failed: 0, cancelled: 0 };
    for (const row of rows) {
      const n = Number(row.n);
      if (row.status === 'queued') counts[row.parked ? 'parked' : 'waiting'] += n;
      else if (row.status === 'running' || row.status === 'failed' || row.status === 'cancelled')
        counts[row.status] += n;
    }
    return counts;
  }

  /**
   * Puts a failed (or cancelled) job back in the queue to run now with its attempts reset
   * (the admin's retry). Its last error stays until a run records another or succeeds.
   * @returns the job after the change, or undefined when it was in none of `from` (or is gone).
   */
  async requeue(id: number, from: readonly JobStatus[] = ['failed', 'cancelled']): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: 0,
        runAt: sql`now()`,
        lockedUntil: null,
        lockedBy: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, id), inArray(jobs.status, [...from])))
      .returning(JOB_ROW);
    if (row) await notifyInTransaction(this.db, 'jobs', row.type);
    return row;
  }

  /**
   * Cancels a job that is not running: queued (due, scheduled or parked) or failed → `cancelled`.
   * The worker never claims a cancelled job; a running one cannot be stopped (its handler is
   * under way), so it is not in `from`.
   * @returns the job after the change, or undefined when it was in none of `from` (or is gone).
   */
  async cancel(id: number, from: readonly JobStatus[] = ['queued', 'failed']): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'cancelled', lockedUntil: null, lockedBy: null, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, id), inArray(jobs.status, [...from])))
      .returning(JOB_ROW);
    return row;
  }
}
