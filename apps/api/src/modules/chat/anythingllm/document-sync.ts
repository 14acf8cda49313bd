import { createHash, randomUUID } from 'node:crypto';
import type { Job, JobQueue } from '../../../lib/jobs.ts';
import { AnythingLLMError, type AnythingLLMClient } from './anythingllm-client.ts';

/**
 * Pushing the knowledge base to an AnythingLLM workspace (decision record 0017): published
 * articles by raw-text upload and update-embeddings, deleted ones removed, whenever they change.
 * The knowledge base calls a {@link KnowledgeChangeHook}
 * after every committed change; with `CHAT_ENGINE=anythingllm` it enqueues the durable
 * `anythingllm-sync` job, which reconciles every article with its remote copy:
 *
 * - a published article whose content hash (title, body, language) differs from `remote_hash`:
 *   its old copy, if any, is detached (`update-embeddings {deletes}`) and removed
 *   (`system/remove-documents`), then it is uploaded again (`document/raw-text` with
 *   `addToWorkspaces`, `metadata.docSource = "kb:<id>"`, `metadata.description = title`, so that
 *   chat sources map back to the article), and its new location and hash are stored;
 * - an unpublished article with a remote copy: the copy is removed and the location cleared;
 * - the remote copies of deleted articles (the hook's `deletedRemoteLocations`): removed.
 *
 * An article that fails keeps the error in `remote_error` (AnythingLLM answers 200 even when
 * embedding fails, so the column is where an admin sees trouble) and the job fails, to retry with
 * backoff; articles already in sync are not pushed again. Changes within `coalesceMs` share one
 * job (an import of 50 files is one sync), and one sync runs at a time across instances.
 */

/** What the knowledge base tells the sync after a committed change. */
export interface KnowledgeChange {
  /** Remote locations (`custom-documents/...json`) of the articles this change deleted. */
  deletedRemoteLocations: string[];
}

/**
 * Called by the knowledge-base service after every committed create, edit, publish/unpublish,
 * delete or import. With `CHAT_ENGINE=local` it does nothing; with `anythingllm` it enqueues the
 * sync job (resolving once it is enqueued, not synced).
 */
export type KnowledgeChangeHook = (change: KnowledgeChange) => Promise<void>;

/** An article as the sync reads it (`KnowledgeBaseRepository.forRemoteSync()`). */
export interface RemoteSyncArticle {
  id: number;
  slug: string;
  language: string;
  title: string;
  /** Markdown. */
  body: string;
  published: boolean;
  /** Where its copy lives in AnythingLLM, null when it has none. */
  remoteLocation: string | null;
  /** {@link contentHash} of the content that copy was made from. */
  remoteHash: string | null;
}

/** The remote state the sync records on an article (`remote_error` null on success). */
export interface RemoteState {
  location: string | null;
  hash: string | null;
  error: string | null;
}

/** What the sync reads and writes in the knowledge base (`KnowledgeBaseRepository`). */
export interface RemoteSyncStore {
  /** Every article, published or not. */
  forRemoteSync(): Promise<RemoteSyncArticle[]>;
  /** Records the remote state of article `id` (also `remote_synced_at` when `error` is null). */
  markRemote(id: number, state: RemoteState): Promise<void>;
}

/** The job's type. */
export const ANYTHINGLLM_SYNC_JOB = 'anythingllm-sync';
/** Default window in which changes share one sync job, ms. */
export const SYNC_COALESCE_MS = 2_000;
/** Attempts of a sync job: enough to outlast a long sync that holds the turn (see `run`). */
const SYNC_ATTEMPTS = 20;
/** Longest `remote_error` kept. */
const MAX_ERROR_LENGTH = 500;

/**
 * The content hash of an article: SHA-256 (hex) of its title, body and language, separated by NUL.
 * Its remote copy is current while `remote_hash` equals it.
 */
export function contentHash(article: Pick<RemoteSyncArticle, 'title' | 'body' | 'language'>): string {
  return createHash('sha256').update(`${article.title}\0${article.body}\0${article.language}`).digest('hex');
}

/** The text uploaded for an article: its title as a Markdown heading, then its body. */
export function documentText(article: Pick<RemoteSyncArticle, 'title' | 'body'>): string {
  return `# ${article.title}\n\n${article.body.trim()}\n`;
}

/** What one reconcile did. */
export interface SyncReport {
  uploaded: number;
  removed: number;
  unchanged: number;
  failed: number;
  /** The first failure, if any. */
  firstError?: unknown;
}

/** Where the sync logs (pino's shape). */
export interface SyncLogger {
  info?(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What {@link DocumentSync} needs. */
export interface DocumentSyncDeps {
  client: AnythingLLMClient;
  store: RemoteSyncStore;
  /**
   * Ids of the `anythingllm-sync` jobs running now (on any instance): a job waits (retries later)
   * while one with a lower id runs, so two syncs never push the same article twice.
   */
  runningSyncJobIds: () => Promise<number[]>;
  /** Changes within this many ms share one job (default {@link SYNC_COALESCE_MS}; 0: one job per change). */
  coalesceMs?: number;
  /** The clock, epoch ms (tests). Default `Date.now`. */
  now?: () => number;
  log?: SyncLogger;
}

/** Thrown by a sync job while an earlier one runs: a retry follows with backoff. */
export class SyncBusyError extends Error {
  override name = 'SyncBusyError';
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

/** The AnythingLLM document sync: the job, its enqueueing and the reconcile. */
export class DocumentSync {
  private readonly coalesceMs: number;
  private readonly now: () => number;

  constructor(private readonly deps: DocumentSyncDeps) {
    this.coalesceMs = deps.coalesceMs ?? SYNC_COALESCE_MS;
    this.now = deps.now ?? Date.now;
  }

  /**
   * Registers the `anythingllm-sync` handler: waits its turn, removes the payload's deleted
   * locations, reconciles every article.
   * @throws (to the worker) SyncBusyError while an earlier sync runs; the first failure when any
   *   article failed, so the job retries (permanently failed when the key is missing).
   */
  register(queue: Pick<JobQueue, 'register'>): void {
    queue.register(ANYTHINGLLM_SYNC_JOB, {
      run: async (job: Job) => {
        const running = await this.deps.runningSyncJobIds();
        if (running.some((id) => id < job.id))
          throw new SyncBusyError('another AnythingLLM sync is running; retrying later');
        const report = await this.reconcile(stringList(job.payload.deletedRemoteLocations));
        this.deps.log?.info?.({ job: ANYTHINGLLM_SYNC_JOB, ...report, firstError: undefined }, 'AnythingLLM sync done');
        if (report.failed > 0)
          throw report.firstError instanceof Error ? report.firstError : new Error(messageOf(report.firstError));
      },
    });
  }

  /**
   * Enqueues a sync that also removes `deletedRemoteLocations`. Without deleted locations, every
   * call within one `coalesceMs` window shares one job, which starts when the window ends (after
   * every change that enqueued it has committed), or at once with `immediate` (start-up: nothing
   * to wait for; instances starting within one window still share it). With deleted locations,
   * the job is keyed by them, so none is lost to coalescing.
   */
  async enqueue(
    queue: Pick<JobQueue, 'enqueue'>,
    deletedRemoteLocations: readonly string[] = [],
    options: { immediate?: boolean } = {},
  ): Promise<void> {
    const deleted = [...new Set(deletedRemoteLocations.filter((l) => typeof l === 'string' && l !== ''))].sort();
    const now = this.now();
    const windowEnd = this.coalesceMs > 0 ? (Math.floor(now / this.coalesceMs) + 1) * this.coalesceMs : now;
    const dedupeKey =
      deleted.length > 0
        ? `${ANYTHINGLLM_SYNC_JOB}:deleted:${createHash('sha256').update(deleted.join('\n')).digest('hex').slice(0, 32)}`
        : this.coalesceMs > 0
          ? `${ANYTHINGLLM_SYNC_JOB}:${options.immediate ? 'start' : 'change'}:${this.coalesceMs}:${windowEnd}`
          : `${ANYTHINGLLM_SYNC_JOB}:${randomUUID()}`;
    await queue.enqueue({
      type: ANYTHINGLLM_SYNC_JOB,
      payload: { deletedRemoteLocations: deleted },
      dedupeKey,
      runAt: new Date(options.immediate ? now : windowEnd),
      maxAttempts: SYNC_ATTEMPTS,
    });
  }

  /** Detaches `locations` from the workspace, then deletes them from AnythingLLM. */
  private async removeRemote(locations: string[]): Promise<void> {
    if (locations.length === 0) return;
    await this.deps.client.updateEmbeddings({ deletes: locations });
    await this.deps.client.removeDocuments(locations);
  }

  /**
   * Brings the workspace in line with the knowledge base (see the module's rules): removes
   * `deletedRemoteLocations`, pushes changed published articles, removes unpublished ones.
   * Failures are recorded per article (`remote_error`) and counted, never thrown, except a
   * failure to read the articles.
   */
  async reconcile(deletedRemoteLocations: readonly string[] = []): Promise<SyncReport> {
    const report: SyncReport = { uploaded: 0, removed: 0, unchanged: 0, failed: 0 };
    const fail = (error: unknown) => {
      report.failed++;
      report.firstError ??= error;
    };
    try {
      await this.removeRemote([...deletedRemoteLocations]);
      report.removed += deletedRemoteLocations.length;
    } catch (error) {
      this.deps.log?.warn(
        { err: error, locations: deletedRemoteLocations },
        'AnythingLLM sync: could not remove deleted articles',
      );
      fail(error);
    }
    for (const article of await this.deps.store.forRemoteSync()) {
      if (article.published) await this.push(article, report, fail);
      else if (article.remoteLocation) await this.unpublish(article, report, fail);
    }
    return report;
  }

  /** Uploads a published article whose copy is missing or stale (removing the stale one first). */
  private async push(article: RemoteSyncArticle, report: SyncReport, fail: (error: unknown) => void): Promise<void> {
    const hash = contentHash(article);
    if (article.remoteLocation && article.remoteHash === hash) {
      report.unchanged++;
      return;
    }
    let location = article.remoteLocation;
    try {
      if (location) {
        await this.removeRemote([location]);
        location = null;
      }
      const uploaded = await this.deps.client.uploadRawText(documentText(article), {
        title: article.title,
        description: article.title,
        docSource: `kb:${article.id}`,
      });
      await this.deps.store.markRemote(article.id, { location: uploaded, hash, error: null });
      report.uploaded++;
    } catch (error) {
      this.deps.log?.warn(
        { err: error, articleId: article.id, reason: error instanceof AnythingLLMError ? error.reason : undefined },
        'AnythingLLM sync: article not pushed',
      );
      // The old copy, if it is already gone, is no longer the article's.
      await this.recordError(article.id, {
        location,
        hash: location ? article.remoteHash : null,
        error: messageOf(error),
      });
      fail(error);
    }
  }

  /** Removes the copy of an unpublished article. */
  private async unpublish(
    article: RemoteSyncArticle,
    report: SyncReport,
    fail: (error: unknown) => void,
  ): Promise<void> {
    try {
      await this.removeRemote([article.remoteLocation!]);
      await this.deps.store.markRemote(article.id, { location: null, hash: null, error: null });
      report.removed++;
    } catch (error) {
      this.deps.log?.warn({ err: error, articleId: article.id }, 'AnythingLLM sync: unpublished article not removed');
      await this.recordError(article.id, {
        location: article.remoteLocation,
        hash: article.remoteHash,
        error: messageOf(error),
      });
      fail(error);
    }
  }

  private async recordError(id: number, state: RemoteState): Promise<void> {
    try {
      await this.deps.store.markRemote(id, state);
    } catch (error) {
      this.deps.log?.warn({ err: error, articleId: id }, 'AnythingLLM sync: could not record the error');
    }
  }
}

/**
 * The hook the knowledge base calls after a change: nothing without a sync (`CHAT_ENGINE=local`),
 * else {@link DocumentSync.enqueue} on `queue`.
 */
export function knowledgeChangeHook(
  sync: DocumentSync | undefined,
  queue: Pick<JobQueue, 'enqueue'>,
): KnowledgeChangeHook {
  if (!sync) return async () => {};
  return (change) => sync.enqueue(queue, change.deletedRemoteLocations);
}
