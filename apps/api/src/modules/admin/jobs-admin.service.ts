import type { AdminJob, JobStatus, JobsPage } from '@esim/contract/admin';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { JobRow, JobsRepository } from '../../lib/jobs.repository.ts';
import { payloadOrderId, summarisePayload } from './job-payload.ts';

/** What {@link JobsAdminService} uses. */
export interface JobsAdminDeps {
  repo: JobsRepository;
  /** Order numbers by order id (the orders module's `stats.orderNumbersByIds`). */
  orderNumbers: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** Tells this process's worker that a job is due now (`JobQueue.wake`); other instances poll. */
  wake: () => void;
}

/** The statuses listed when the admin asks for none: what may still need them. */
const UNFINISHED: readonly JobStatus[] = ['failed', 'queued', 'running'];

/**
 * The admin's jobs screen (failed and waiting jobs with their last error; decision record 0008): list by state, retry a failed job now, cancel one that has
 * not started. Retry and cancel are compare-and-set on the job's status in the database, so a
 * worker claiming the job at the same moment and the admin never both act on it.
 */
export class JobsAdminService {
  constructor(private readonly deps: JobsAdminDeps) {}

  private async toJobs(rows: readonly JobRow[]): Promise<AdminJob[]> {
    const ids = rows.map((r) => payloadOrderId(r.payload)).filter((id): id is number => id !== undefined);
    const numbers = await this.deps.orderNumbers(ids);
    return rows.map((row) => {
      const orderId = payloadOrderId(row.payload);
      return {
        id: row.id,
        type: row.type,
        status: row.status as JobStatus,
        attempts: row.attempts,
        maxAttempts: row.maxAttempts,
        // A parked job's `run_at` is 'infinity', which no Date can hold.
        runAt: row.parked || Number.isNaN(row.runAt.getTime()) ? null : row.runAt.toISOString(),
        parked: row.parked,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        orderNumber: orderId === undefined ? null : (numbers.get(orderId) ?? null),
        summary: summarisePayload(row.payload),
      };
    });
  }

  /**
   * Jobs in `status` (none: failed, queued and running), newest first, `limit` per page below
   * `beforeId`, with the counts by state.
   */
  async list(opts: {
    status?: JobStatus | undefined;
    beforeId?: number | undefined;
    limit: number;
  }): Promise<JobsPage> {
    const statuses = opts.status ? [opts.status] : UNFINISHED;
    const [rows, counts] = await Promise.all([
      this.deps.repo.listByStatus(statuses, { beforeId: opts.beforeId, limit: opts.limit + 1 }),
      this.deps.repo.stateCounts(),
    ]);
    const page = rows.slice(0, opts.limit);
    return {
      jobs: await this.toJobs(page),
      nextCursor: rows.length > opts.limit && page.length > 0 ? String(page.at(-1)!.id) : null,
      counts,
    };
  }

  private async existing(id: number): Promise<JobRow> {
    const row = await this.deps.repo.findById(id);
    if (!row) throw new NotFoundError(`No job ${id}`, 'id');
    return row;
  }

  /**
   * Runs a failed (or cancelled) job again now: back to `queued`, due at once, attempts reset to
   * 0 (so it has all its attempts again), and the worker woken.
   * @returns the job before and after.
   * @throws NotFoundError (404); ConflictError (409) `job_not_retryable` when it is queued,
   *   running or succeeded.
   */
  async retry(id: number): Promise<{ before: AdminJob; after: AdminJob }> {
    const before = await this.existing(id);
    const after = await this.deps.repo.requeue(id);
    if (!after) {
      const now = await this.existing(id);
      throw new ConflictError(
        `Job ${id} is ${now.status}: only a failed or cancelled job can be retried`,
        'job_not_retryable',
      );
    }
    this.deps.wake();
    const [b, a] = await this.toJobs([before, after]);
    return { before: b!, after: a! };
  }

  /**
   * Cancels a job that has not started: queued (due, scheduled or parked) or failed →
   * `cancelled`; the worker never runs it. A retry brings it back.
   * @returns the job before and after.
   * @throws NotFoundError (404); ConflictError (409) `job_running` while a worker runs it,
   *   `job_not_cancellable` when it succeeded or is already cancelled.
   */
  async cancel(id: number): Promise<{ before: AdminJob; after: AdminJob }> {
    const before = await this.existing(id);
    const after = await this.deps.repo.cancel(id);
    if (!after) {
      const now = await this.existing(id);
      if (now.status === 'running')
        throw new ConflictError(
          `Job ${id} is running and cannot be cancelled; wait for it to finish or fail`,
          'job_running',
        );
      throw new ConflictError(
        `Job ${id} is ${now.status}: only a queued or failed job can be cancelled`,
        'job_not_cancellable',
      );
    }
    const [b, a] = await this.toJobs([before, after]);
    return { before: b!, after: a! };
  }
}
