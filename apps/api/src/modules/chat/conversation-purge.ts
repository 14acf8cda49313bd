import type { Job, JobQueue } from '../../lib/jobs.ts';

/**
 * The retention of chat conversations (kept 30 days for the admin to review:
 * docs/product-rules.md#data-retention): a recurring durable job deletes every conversation whose last message is older than
 * {@link CHAT_RETENTION_DAYS} days, with its messages. Like the usage refresh and the catalogue
 * sync, each run is enqueued with a dedupe key naming its period, so any number of instances may
 * schedule it and it runs once per period across them.
 */

/** Days a conversation is kept after its last message. */
export const CHAT_RETENTION_DAYS = 30;
/** The job's type. */
export const CHAT_PURGE_JOB = 'chat-purge';
/** Period of the purge, ms: hourly, so nothing outlives its 30 days by more than an hour. */
export const CHAT_PURGE_INTERVAL_MS = 3_600_000;
/** Conversations deleted per statement, so that one purge never holds many rows locked at once. */
const PURGE_BATCH = 500;

const DAY_MS = 86_400_000;

/** What {@link ConversationPurge} needs. */
export interface ConversationPurgeDeps {
  /** `ChatRepository.deleteIdleBefore`. */
  conversations: { deleteIdleBefore(cutoff: Date, limit: number): Promise<number> };
  /** The clock (tests). Default `Date.now`. */
  now?: () => number;
  /** Period of the schedule, ms. Default {@link CHAT_PURGE_INTERVAL_MS}. */
  intervalMs?: number;
}

/** The `chat-purge` job and its schedule. */
export class ConversationPurge {
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly deps: ConversationPurgeDeps) {
    this.now = deps.now ?? Date.now;
    this.intervalMs = deps.intervalMs ?? CHAT_PURGE_INTERVAL_MS;
  }

  /**
   * Deletes the conversations whose last message is more than 30 days old, in batches.
   * @returns how many were deleted.
   */
  async purge(): Promise<number> {
    const cutoff = new Date(this.now() - CHAT_RETENTION_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.deps.conversations.deleteIdleBefore(cutoff, PURGE_BATCH);
      total += deleted;
      if (deleted < PURGE_BATCH) return total;
    }
  }

  /** Registers the `chat-purge` handler: purge, then schedule the next period's run. */
  register(queue: Pick<JobQueue, 'register' | 'enqueue'>): void {
    queue.register(CHAT_PURGE_JOB, {
      run: async (_job: Job) => {
        try {
          await this.purge();
        } finally {
          await this.scheduleNext(queue);
        }
      },
    });
  }

  /**
   * Enqueues the next run at the start of the next period. The dedupe key names the interval and
   * the period, so every instance may call this (at start-up, after each run) and the purge still
   * runs once per period. A failed run is not retried: the next period's does the same work.
   */
  async scheduleNext(queue: Pick<JobQueue, 'enqueue'>, now = this.now()): Promise<void> {
    const period = Math.floor(now / this.intervalMs) + 1;
    await queue.enqueue({
      type: CHAT_PURGE_JOB,
      payload: {},
      dedupeKey: `${CHAT_PURGE_JOB}:${this.intervalMs}:${period}`,
      runAt: new Date(period * this.intervalMs),
      maxAttempts: 1,
    });
  }
}
