import type { JobQueue } from '../../lib/jobs.ts';
import type { DocumentSync } from './anythingllm/document-sync.ts';
import type { ConversationPurge } from './conversation-purge.ts';

/** What `server.ts` starts. */
export interface ChatSchedule {
  /**
   * Enqueues the next hourly purge of conversations idle for 30 days, and, with
   * `CHAT_ENGINE=anythingllm`, a full document sync (so the seeded and any article changed while
   * the store was down reach the workspace). Safe on every instance: both are deduplicated.
   */
  start(): Promise<void>;
}

/** The schedule of `purge` and, when the AnythingLLM engine is in use, `sync`, on `queue`. */
export function chatSchedule(deps: {
  queue: Pick<JobQueue, 'enqueue'>;
  purge: ConversationPurge;
  sync?: DocumentSync | undefined;
  warm?: () => Promise<void>;
}): ChatSchedule {
  return {
    async start() {
      await deps.purge.scheduleNext(deps.queue);
      await deps.sync?.enqueue(deps.queue, [], { immediate: true });
      // A failure here is not fatal: the first question builds the index again.
      void deps.warm?.().catch(() => undefined);
    },
  };
}
