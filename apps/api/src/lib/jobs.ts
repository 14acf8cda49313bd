import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { ChangeBus } from './change-bus.ts';
import type { EnqueueRequest, JobCounts, JobRecord, JobsRepository } from './jobs.repository.ts';

export { enqueue, discardJob, releaseJob, type EnqueueRequest } from './jobs.repository.ts';

/**
 * The durable job worker (docs/decisions/0008-durable-jobs.md). Jobs live
 * in the `jobs` table and are enqueued inside the transaction of the change that needs them
 * (`enqueue(tx, ...)`), so a committed change always has its job and a rolled-back one never does.
 *
 * Delivery is at least once: a run that dies (crash, kill -9, lost connection) keeps its job
 * `running` until the lease expires, then any worker claims it again. Handlers are therefore
 * idempotent; what must happen exactly once (buying an eSIM, charging a card) is made so by the
 * provider's idempotency key plus a unique index, never by the queue alone. Two workers (also in
 * two processes) never run one job at the same time: the claim takes a row lock with
 * `FOR UPDATE SKIP LOCKED` and a lease that the running worker renews every `leaseMs / 3`.
 *
 * Several instances (docs/decisions/0020-several-instances.md): every instance runs a
 * worker on the same table; a job is claimed by one of them (the row lock), recurring work is
 * enqueued with a dedupe key per period so that N instances scheduling it make one job, and a
 * job due now notifies `jobs` on the change bus in its transaction so that idle workers
 * everywhere wake at its commit ({@link JobQueue.useChangeBus}); polling every `pollMs` stays
 * the safety net for missed notifications and for retries that become due.
 */

/** A claimed job as handlers see it. */
export type Job = Omit<JobRecord, 'lockToken'>;

/** What runs a job type. */
export interface JobHandler {
  /**
   * Does the work. Must be idempotent (it may run again after a crash). Throwing schedules a
   * retry with exponential backoff, unless the error is permanent (see {@link isPermanentError}).
   */
  run(job: Job): Promise<void>;
  /** Payload keys removed when the job succeeds: secrets it carried only for the handler. */
  scrubOnSuccess?: readonly string[];
  /**
   * Called after a failed attempt has been recorded; `final` when no attempt follows (the job is
   * `failed`). For making the failure visible elsewhere, e.g. on the order. Errors are logged.
   */
  onError?(job: Job, error: unknown, final: boolean): Promise<void>;
}

/** Tuning of a {@link JobQueue}. Durations in ms. */
export interface JobQueueOptions {
  /** How long a claim is valid without renewal; a dead worker's job is retried after this. Default 30 s. */
  leaseMs: number;
  /** Idle polling interval (other processes' jobs, due retries). Default 250 ms. */
  pollMs: number;
  /** Delay before the first retry; doubles on each attempt. Default 1 s. */
  backoffBaseMs: number;
  /** Longest delay between attempts. Default 5 min. */
  backoffCapMs: number;
  /** Names this process in `jobs.locked_by` (default `<host>:<pid>`). */
  workerId: string;
}

/** Where the worker logs (pino's shape). */
export interface JobLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Thrown by a handler when retrying cannot help (bad input, unknown bundle): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
  readonly retryable = false;
}

/**
 * Whether an error should fail the job without further attempts: a {@link PermanentJobError} or
 * any error saying `retryable: false` (the providers' `EsimProviderError`, `PaymentProviderError`).
 */
export function isPermanentError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === false;
}

/**
 * Delay before attempt `attempt + 1` after `attempt` failures (1-based): `baseMs * 2^(attempt-1)`
 * (1 s, 2 s, 4 s, ... with the defaults) plus up to 25 % random jitter so that jobs failing
 * together do not retry together, never above `capMs`.
 */
export function backoffDelayMs(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.min(capMs, exponential * (1 + 0.25 * random()));
}

const DEFAULTS: JobQueueOptions = {
  leaseMs: 30_000,
  pollMs: 250,
  backoffBaseMs: 1_000,
  backoffCapMs: 300_000,
  workerId: `${os.hostname()}:${process.pid}`,
};

const silentLogger: JobLogger = { warn: () => {}, error: () => {} };

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2_000);
}

/**
 * Runs jobs one at a time: `start()` polls every `pollMs` and at once after `wake()`; tests call
 * `runUntilIdle()` instead. `stop()` finishes the job in hand and resolves.
 */
export class JobQueue {
  private readonly options: JobQueueOptions;
  private readonly handlers = new Map<string, JobHandler>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private everStarted = false;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;

  constructor(
    private readonly repo: JobsRepository,
    options: Partial<JobQueueOptions> = {},
    private readonly log: JobLogger = silentLogger,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Registers the handler of a job type (one per type). */
  register(type: string, handler: JobHandler): void {
    if (this.handlers.has(type)) throw new Error(`Job type ${type} already has a handler`);
    this.handlers.set(type, handler);
  }

  /** Starts the polling worker (idempotent). Call from the process entry, not from `buildApp`. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.everStarted = true;
    this.loop = this.runLoop();
  }

  /** True between {@link start} and {@link stop} (`/readyz`: the worker runs). */
  get running(): boolean {
    return this.loop !== undefined && !this.stopping;
  }

  /** Whether {@link start} was ever called (tests drive jobs with `runUntilIdle` and never start the worker). */
  get started(): boolean {
    return this.everStarted;
  }

  /**
   * Wakes this worker whenever another instance (or this one, from a transaction) notifies `jobs`
   * on the change bus, or the bus reconnected (a wake-up may have been missed).
   * @returns a function that stops listening.
   */
  useChangeBus(bus: Pick<ChangeBus, 'subscribe'>): () => void {
    return bus.subscribe('jobs', () => this.wake());
  }

  /** Stops polling and waits for the job in hand to finish; its lease would expire otherwise. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    await this.loop;
    this.loop = undefined;
  }

  /**
   * Enqueues a job that is not tied to another change (e.g. the next run of a recurring job);
   * idempotent on `dedupeKey` like {@link enqueue}. Work that must commit with a change is
   * enqueued inside that change's transaction instead.
   * @returns the new job's id, or undefined when a job with that key existed.
   */
  async enqueue(job: EnqueueRequest): Promise<number | undefined> {
    const id = await this.repo.enqueueNow(job);
    if (id !== undefined && (job.runAt === undefined || job.runAt.getTime() <= Date.now())) this.wake();
    return id;
  }

  /** Tells an idle worker that a job was just committed, so it starts it without waiting for the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /**
   * Claims and runs one due job.
   * @returns false when no job was due.
   */
  async runOnce(): Promise<boolean> {
    const job = await this.repo.claim(
      `${this.options.workerId}:${randomBytes(6).toString('hex')}`,
      this.options.leaseMs,
    );
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /**
   * Runs jobs until none is queued or running, waiting for retries that are due within
   * `timeoutMs` (parked jobs do not count). For tests and scripts.
   * @throws Error when work remains after `timeoutMs` (default 15 s).
   */
  async runUntilIdle({ timeoutMs = 15_000 }: { timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.runOnce()) continue;
      const waitMs = await this.repo.msUntilNextDue();
      if (waitMs === undefined) return;
      if (Date.now() + waitMs > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(waitMs))));
    }
  }

  /** Job counts by status. */
  counts(): Promise<JobCounts> {
    return this.repo.counts();
  }

  private async runLoop(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, 'job worker: could not claim or record a job');
      }
      if (!worked && !this.stopping && !this.woken) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }

  private async execute(record: JobRecord): Promise<void> {
    const { lockToken: _, ...job } = record;
    const handler = this.handlers.get(record.type);
    const { leaseMs } = this.options;
    const heartbeat = setInterval(
      () => {
        this.repo.renewLease(record, leaseMs).then(
          (held) => {
            if (!held)
              this.log.warn({ jobId: record.id, type: record.type }, 'job lease lost; another run may take over');
          },
          (error: unknown) => this.log.error({ err: error, jobId: record.id }, 'job lease renewal failed'),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${record.type}`);
      // Only a run that died holding the job gets here past the limit (its lease expired).
      if (record.attempts > record.maxAttempts) {
        throw new PermanentJobError(
          `Gave up after ${record.maxAttempts} attempts (the last one stopped without finishing)`,
        );
      }
      await handler.run(job);
      clearInterval(heartbeat);
      await this.repo.succeed(record, handler.scrubOnSuccess ?? []);
    } catch (error) {
      clearInterval(heartbeat);
      const final = isPermanentError(error) || record.attempts >= record.maxAttempts;
      const message = describeError(error);
      if (final) await this.repo.fail(record, message);
      else {
        const delayMs = backoffDelayMs(record.attempts, this.options.backoffBaseMs, this.options.backoffCapMs);
        await this.repo.retryLater(record, delayMs, message);
      }
      this.log.warn({ jobId: record.id, type: record.type, attempt: record.attempts, final, err: error }, 'job failed');
      try {
        await handler?.onError?.(job, error, final);
      } catch (hookError) {
        this.log.error({ err: hookError, jobId: record.id }, 'job onError hook failed');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
