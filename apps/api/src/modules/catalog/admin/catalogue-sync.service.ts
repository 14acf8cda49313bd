import {
  SYNC_HISTORY_LENGTH,
  SYNC_RUN_STATUSES,
  type SyncReport,
  type SyncRun,
  type SyncRunDetail,
  type SyncRunStatus,
  type SyncStatus,
} from '@esim/contract/admin-catalogue';
import { ConflictError, NotFoundError } from '../../../lib/errors.ts';
import type { Job, JobLogger, JobQueue } from '../../../lib/jobs.ts';
import type { CatalogRepository, SyncRunRow } from '../catalog.repository.ts';
import type { CatalogService } from '../catalog.service.ts';

/** The job that runs one sync (payload `{ runId }`). */
export const CATALOGUE_SYNC_JOB = 'catalogue-sync';
/** The recurring job that starts a sync once per `CATALOGUE_SYNC_INTERVAL` period. */
export const CATALOGUE_SYNC_SCHEDULE_JOB = 'catalogue-sync-schedule';

/** Attempts of a sync job: a provider that fails twice more after backing off fails the run. */
const SYNC_ATTEMPTS = 3;

/** What the reprice after a sync reports (the pricing part's recalculation, actor `sync`). */
export interface RepriceSummary {
  checked: number;
  changed: number;
  pricingRunId: number | null;
}

/** What {@link CatalogueSyncService} needs. */
export interface CatalogueSyncServiceDeps {
  catalog: CatalogService;
  repo: CatalogRepository;
  /**
   * Reprices every product after a sync when the run asks for it: `pricingService.recalculate({
   * dryRun: false, actor })` of the pricing part, or `catalog.recalculatePrices()` without it.
   */
  reprice: (actor: string) => Promise<RepriceSummary>;
  /** A job's status (`queued`, `running`, `succeeded`, `failed`, `cancelled`), undefined when gone. */
  jobStatus: (jobId: number) => Promise<string | undefined>;
  /** Tells the job worker that a job was committed. */
  wake: () => void;
  /** `CATALOGUE_SYNC_INTERVAL` in ms; null when the schedule is off. */
  intervalMs: number | null;
  log?: JobLogger;
}

function toRun(row: Omit<SyncRunRow, 'report'>, now = Date.now()): SyncRun {
  const status = (SYNC_RUN_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as SyncRunStatus)
    : 'failed';
  return {
    id: row.id,
    provider: row.provider,
    status,
    actor: row.actor,
    reprice: row.reprice,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: Math.max(0, (row.finishedAt?.getTime() ?? now) - row.startedAt.getTime()),
    processed: row.processed,
    total: row.total,
    added: row.added,
    changed: row.updated,
    retired: row.deactivated,
    unchanged: row.unchanged,
    errors: row.errors,
    error: row.error,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The catalogue sync of the admin area (docs/product-rules.md#catalogue-sync-and-pricing-rules): starts a sync as a durable
 * job, one at a time across instances (the partial unique index of `catalogue_sync_runs`), with
 * its progress, report and history; reprices after it when asked; and starts one every
 * `CATALOGUE_SYNC_INTERVAL` once across instances (a job per period, deduplicated by its key).
 * A run never stays unfinished: an attempt that dies is retried when its job's lease expires, a
 * job that fails for good fails its run, and a run whose job was cancelled or lost is failed the
 * next time anyone looks. The sync itself is `CatalogService.syncRun`.
 */
export class CatalogueSyncService {
  constructor(private readonly deps: CatalogueSyncServiceDeps) {}

  /**
   * Queues a sync (`POST /api/admin/catalogue-sync`) as the `catalogue-sync` job.
   * @param actor `admin:<username>` or `schedule`.
   * @returns the queued run.
   * @throws ConflictError 409 `sync_in_progress` while another run is queued or running.
   */
  async start(input: { actor: string; reprice: boolean }): Promise<SyncRun> {
    await this.reapStale();
    const run = await this.deps.repo.createSyncRun({
      provider: this.deps.catalog.providerId,
      actor: input.actor,
      reprice: input.reprice,
      status: 'queued',
      job: { type: CATALOGUE_SYNC_JOB, maxAttempts: SYNC_ATTEMPTS },
    });
    if (!run) throw new ConflictError('A catalogue sync is already running; wait for it to finish', 'sync_in_progress');
    this.deps.wake();
    return toRun(run);
  }

  /** `GET /api/admin/catalogue-sync`: the run in progress, the last 20 runs and the schedule. */
  async status(now = Date.now()): Promise<SyncStatus> {
    await this.reapStale();
    const [current, history] = await Promise.all([
      this.deps.repo.currentSyncRun(this.deps.catalog.providerId),
      this.deps.repo.syncRuns(SYNC_HISTORY_LENGTH),
    ]);
    const interval = this.deps.intervalMs;
    return {
      current: current ? toRun(current, now) : null,
      history: history.map((row) => toRun(row, now)),
      schedule: {
        intervalMs: interval,
        nextRunAt: interval ? new Date(this.nextPeriodStart(now)).toISOString() : null,
      },
    };
  }

  /**
   * One run with its report (`GET /api/admin/catalogue-sync/{id}`).
   * @throws NotFoundError 404 for an unknown id.
   */
  async run(id: number): Promise<SyncRunDetail> {
    const row = await this.deps.repo.syncRun(id);
    if (!row) throw new NotFoundError(`No catalogue sync run ${id}`, 'id');
    return { ...toRun(row), report: (row.report as SyncReport | null) ?? null };
  }

  /** Registers the handlers of `catalogue-sync` and of the schedule's `catalogue-sync-schedule`. */
  register(queue: Pick<JobQueue, 'register' | 'enqueue'>): void {
    queue.register(CATALOGUE_SYNC_JOB, {
      run: (job: Job) => this.execute(Number(job.payload.runId)),
      onError: async (job, error, final) => {
        const runId = Number(job.payload.runId);
        if (final) await this.deps.repo.finishSyncRun(runId, { status: 'failed', error: messageOf(error) });
        else
          await this.deps.repo.requeueSyncRun(runId, `Attempt ${job.attempts} failed, retrying: ${messageOf(error)}`);
      },
    });
    queue.register(CATALOGUE_SYNC_SCHEDULE_JOB, {
      run: async () => {
        try {
          await this.start({ actor: 'schedule', reprice: false });
        } catch (error) {
          // A run in progress (an admin's, or a slow one): this period's sync is that one.
          if (!(error instanceof ConflictError)) throw error;
          this.deps.log?.warn(
            { job: CATALOGUE_SYNC_SCHEDULE_JOB },
            'scheduled catalogue sync skipped: a sync is in progress',
          );
        } finally {
          await this.scheduleNext(queue);
        }
      },
    });
  }

  /**
   * Enqueues the schedule's next start at the beginning of the next `CATALOGUE_SYNC_INTERVAL`
   * period (nothing when the schedule is off). The dedupe key names the interval and the period,
   * so every instance may call it (at start-up, after each run) and the sync still starts once
   * per period. A failed start is not retried: the next period's does the same.
   */
  async scheduleNext(queue: Pick<JobQueue, 'enqueue'>, now = Date.now()): Promise<void> {
    const interval = this.deps.intervalMs;
    if (!interval) return;
    const start = this.nextPeriodStart(now);
    await queue.enqueue({
      type: CATALOGUE_SYNC_SCHEDULE_JOB,
      payload: {},
      dedupeKey: `${CATALOGUE_SYNC_SCHEDULE_JOB}:${interval}:${start}`,
      runAt: new Date(start),
      maxAttempts: 1,
    });
  }

  private nextPeriodStart(now: number): number {
    const interval = this.deps.intervalMs!;
    return (Math.floor(now / interval) + 1) * interval;
  }

  /**
   * The `catalogue-sync` job: runs the sync (restarting it after a crash: it is idempotent),
   * reprices when asked (a reprice failure is reported, the sync stays done), and ends the run.
   */
  private async execute(runId: number): Promise<void> {
    const run = await this.deps.repo.markSyncRunning(runId);
    if (!run) return;
    const outcome = await this.deps.catalog.syncRun(runId);
    let reprice: SyncReport['reprice'] = null;
    if (run.reprice) {
      try {
        reprice = await this.deps.reprice('sync');
      } catch (error) {
        reprice = { error: messageOf(error) };
      }
    }
    const report: SyncReport = { ...outcome.report, reprice };
    await this.deps.repo.finishSyncRun(runId, {
      status: 'succeeded',
      report: report as unknown as Record<string, unknown>,
    });
    this.deps.catalog.invalidate();
  }

  /**
   * Fails a queued or running run that nothing will finish: its job was cancelled by an admin,
   * failed without its hook running, or is gone; or it ran without a job (first start) in a
   * process that died.
   */
  private async reapStale(): Promise<void> {
    const run = await this.deps.repo.currentSyncRun(this.deps.catalog.providerId);
    if (!run) return;
    if (run.jobId === null) {
      await this.deps.catalog.reapStaleDirectRun();
      return;
    }
    const status = await this.deps.jobStatus(run.jobId);
    if (status === 'queued' || status === 'running') return;
    await this.deps.repo.finishSyncRun(run.id, {
      status: 'failed',
      error: status === 'cancelled' ? 'The sync job was cancelled' : 'The sync job stopped without finishing the run',
    });
  }
}
