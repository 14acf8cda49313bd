import type { Product } from '@esim/contract/catalog';
import type { Job, JobQueue } from '../../../lib/jobs.ts';
import { type BundleAssignment, type EsimProvider, EsimProviderError } from '../../../providers/esim/esim-provider.ts';
import { matchAssignments } from '../../../providers/esim/bundle-assignments.ts';
import { esimDisplayState } from './esim-state.ts';
import type { EsimWithBundles, NewSyncedBundle, PortalRepository } from './portal.repository.ts';

/** The recurring job that refreshes the usage of eSIMs in use. */
export const SYNC_USAGE_JOB = 'sync-usage';

/** eSIMs one refresh reads at most (the provider allows 10 requests/s; two calls per eSIM). */
const REFRESH_BATCH = 200;

/**
 * Usage sync (decision record 0009: usage is stored, not proxied): reads an eSIM's profile state and
 * bundles with their usage from the eSIM provider and stores them, so that the portal answers
 * from the database. The portal's sync button runs {@link syncEsim} for one eSIM; the recurring
 * job `sync-usage` refreshes every eSIM not yet settled, every `intervalMs`.
 */
export class UsageSyncService {
  constructor(
    private readonly deps: {
      repo: PortalRepository;
      esimProvider: EsimProvider;
      /** Names a bundle the store did not sell (looked up in the catalogue). */
      productByBundleName: (name: string) => Promise<Product | undefined>;
      /** Refresh period, ms (config `USAGE_SYNC_INTERVAL_MS`). */
      intervalMs: number;
    },
  ) {}

  /**
   * Refreshes the store's copy of an order's eSIM at once (after a refund cancelled its bundles);
   * nothing when the order has no such eSIM.
   * @throws EsimProviderError from the provider.
   */
  async refreshEsimOfOrder(orderId: number, iccid: string): Promise<void> {
    const item = await this.deps.repo.esimOfOrder(orderId, iccid);
    if (item) await this.syncEsim(item);
  }

  /**
   * Reads one eSIM from the provider and stores its profile state, first use, display state and
   * bundles (bytes, states, dates). A failure is recorded on the eSIM (`sync_error`) and rethrown;
   * the last good figures stay.
   * @throws EsimProviderError from the provider.
   */
  async syncEsim(item: EsimWithBundles): Promise<void> {
    const { esim, bundles } = item;
    let details;
    let assignments: BundleAssignment[];
    try {
      [details, assignments] = await Promise.all([
        this.deps.esimProvider.getEsim(esim.iccid),
        this.deps.esimProvider.listBundles(esim.iccid),
      ]);
    } catch (error) {
      await this.deps.repo.recordSyncError(esim.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    const { updates, unmatched } = matchAssignments(bundles, assignments);
    const added: NewSyncedBundle[] = [];
    for (const assignment of unmatched) {
      const product = await this.deps.productByBundleName(assignment.bundle);
      added.push({
        assignment,
        name: product?.name ?? assignment.bundle,
        countryCode: product?.countryCode ?? item.plan.countryCode,
        dataMb: product?.features.dataMb ?? null,
        validityDays: product?.features.validityDays ?? Math.max(1, validityDaysOf(assignment)),
      });
    }
    const status = esimDisplayState(
      details.profileState,
      assignments.map((a) => a.state),
    );
    await this.deps.repo.saveSync(
      esim.id,
      { profileState: details.profileState, activatedAt: details.firstUsedAt, status },
      updates,
      added,
    );
  }

  /**
   * Refreshes the eSIMs that are not settled (least recently synced first, at most 200). One
   * eSIM's failure does not stop the others; it is recorded on that eSIM.
   * @returns how many eSIMs were synced and how many failed.
   */
  async refreshDue(limit = REFRESH_BATCH): Promise<{ synced: number; failed: number }> {
    let synced = 0;
    let failed = 0;
    for (const esim of await this.deps.repo.esimsToRefresh(limit)) {
      const item = await this.deps.repo.esimOfOrder(esim.orderId, esim.iccid);
      if (!item) continue;
      try {
        await this.syncEsim(item);
        synced++;
      } catch (error) {
        failed++;
        // A provider that is down fails every eSIM alike: stop and let the next run try again.
        if (error instanceof EsimProviderError && error.retryable) break;
      }
    }
    return { synced, failed };
  }

  /** Registers the `sync-usage` handler: refresh, then schedule the next run. */
  register(queue: Pick<JobQueue, 'register' | 'enqueue'>): void {
    queue.register(SYNC_USAGE_JOB, {
      run: async (_job: Job) => {
        try {
          await this.refreshDue();
        } finally {
          await this.scheduleNext(queue);
        }
      },
    });
  }

  /**
   * Enqueues the next `sync-usage` run at the start of the next period. The dedupe key names the
   * period, so every instance of the store may call this (at start-up, after each run) and the
   * refresh still runs once per period. A failed run is not retried: the next period's run does
   * the same work.
   */
  async scheduleNext(queue: Pick<JobQueue, 'enqueue'>, now = Date.now()): Promise<void> {
    const period = Math.floor(now / this.deps.intervalMs) + 1;
    await queue.enqueue({
      type: SYNC_USAGE_JOB,
      payload: {},
      dedupeKey: `${SYNC_USAGE_JOB}:${this.deps.intervalMs}:${period}`,
      runAt: new Date(period * this.deps.intervalMs),
      maxAttempts: 1,
    });
  }
}

/** Whole days between an assignment's start and end, 0 when unknown. */
function validityDaysOf(a: BundleAssignment): number {
  return a.startedAt && a.endsAt ? Math.round((a.endsAt.getTime() - a.startedAt.getTime()) / 86_400_000) : 0;
}
