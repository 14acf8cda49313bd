import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnythingLLM, startFakeAnythingLLM } from '../../../../test/anythingllm-fake.ts';
import { openTestDatabase } from '../../../../test/helper.ts';
import type { Database } from '../../../db/client.ts';
import { jobs } from '../../../lib/platform.schema.ts';
import { kbArticles } from '../chat.schema.ts';
import { JobQueue } from '../../../lib/jobs.ts';
import { JobsRepository } from '../../../lib/jobs.repository.ts';
import { type KbArticleValues, KnowledgeBaseRepository } from '../knowledge-base/knowledge-base.repository.ts';
import { chatSchedule } from '../chat-schedule.ts';
import { ConversationPurge } from '../conversation-purge.ts';
import { AnythingLLMClient } from './anythingllm-client.ts';
import { AnythingLLMEngine, articleTitlesFrom } from './anythingllm-engine.ts';
import {
  ANYTHINGLLM_SYNC_JOB,
  DocumentSync,
  type KnowledgeChangeHook,
  contentHash,
  knowledgeChangeHook,
} from './document-sync.ts';

/**
 * The AnythingLLM document sync (published articles pushed to the workspace: raw-text upload,
 * update embeddings, removal of deleted ones, when they change) against the fake,
 * with the knowledge base's repository and the durable job queue on a real database.
 */

let database: Database;
let fake: FakeAnythingLLM;
let kb: KnowledgeBaseRepository;
let jobsRepo: JobsRepository;
let queue: JobQueue;
let sync: DocumentSync;
let changed: KnowledgeChangeHook;
/** What `runningSyncJobIds` answers next (then the real answer). */
let busy: number[][] = [];

const runningSyncJobIds = async () => {
  const forced = busy.shift();
  if (forced) return forced;
  return (await jobsRepo.listByStatus(['running'], { limit: 100 }))
    .filter((j) => j.type === ANYTHINGLLM_SYNC_JOB)
    .map((j) => j.id);
};

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeAnythingLLM();
  kb = new KnowledgeBaseRepository(database.db);
  jobsRepo = new JobsRepository(database.db);
  queue = new JobQueue(jobsRepo, { backoffBaseMs: 5, backoffCapMs: 20 });
  const client = new AnythingLLMClient({
    url: fake.url,
    apiKey: fake.apiKey,
    workspace: fake.workspace,
    timeoutMs: 2_000,
  });
  sync = new DocumentSync({ client, store: kb, runningSyncJobIds, coalesceMs: 25 });
  sync.register(queue);
  changed = knowledgeChangeHook(sync, queue);
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(() => fake.clearRequests());

let slugs = 0;
function article(overrides: Partial<KbArticleValues> = {}): KbArticleValues {
  return {
    slug: `topic-${++slugs}`,
    language: 'en',
    title: `Topic ${slugs}`,
    body: `Body of topic ${slugs}: roaming, data and refunds.`,
    tags: [],
    published: true,
    updatedBy: 'admin',
    ...overrides,
  };
}

async function row(id: number) {
  const [found] = await database.db.select().from(kbArticles).where(eq(kbArticles.id, id));
  return found!;
}

const syncJobs = async () => (await database.db.select().from(jobs).where(eq(jobs.type, ANYTHINGLLM_SYNC_JOB))).length;

describe('document sync', () => {
  it('a new published article is uploaded as raw text into the workspace, with its id and title as metadata', async () => {
    const created = (await kb.create(
      article({ title: 'Refunds: the rules v2.1', body: 'A full refund within 30 days if not activated.' }),
    ))!;
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    const [upload] = fake.calls('POST', '/api/v1/document/raw-text');
    expect(upload?.body).toEqual({
      textContent: '# Refunds: the rules v2.1\n\nA full refund within 30 days if not activated.\n',
      metadata: {
        title: 'Refunds: the rules v2.1',
        description: 'Refunds: the rules v2.1',
        docSource: `kb:${created.id}`,
      },
      addToWorkspaces: 'roamwise',
    });
    const stored = await row(created.id);
    expect(stored.remoteLocation).toMatch(/^custom-documents\/raw-refunds-the-rules-v2-[0-9a-f-]{36}\.json$/);
    expect(stored.remoteHash).toBe(contentHash(created));
    expect(stored.remoteError).toBeNull();
    expect(stored.remoteSyncedAt).not.toBeNull();
    expect(fake.workspaceDocuments().map((d) => d.location)).toContain(stored.remoteLocation);
    // Nothing changed: the next sync pushes nothing.
    fake.clearRequests();
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    expect(fake.calls('POST', '/api/v1/document/raw-text')).toHaveLength(0);
  });

  it('changes in a burst share one job', async () => {
    // The same instant for every change of the burst (a slow machine could straddle two windows).
    const at = Date.now();
    const client = new AnythingLLMClient({
      url: fake.url,
      apiKey: fake.apiKey,
      workspace: fake.workspace,
      timeoutMs: 2_000,
    });
    const burst = knowledgeChangeHook(
      new DocumentSync({ client, store: kb, runningSyncJobIds, coalesceMs: 200, now: () => at }),
      queue,
    );
    const before = await syncJobs();
    for (let i = 0; i < 5; i++) {
      await kb.create(article());
      await burst({ deletedRemoteLocations: [] });
    }
    expect((await syncJobs()) - before).toBe(1);
    await queue.runUntilIdle();
    expect(fake.calls('POST', '/api/v1/document/raw-text')).toHaveLength(5);
  });

  it('an edit removes the old copy (update-embeddings deletes, remove-documents) before uploading the new one', async () => {
    const created = (await kb.create(article()))!;
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    const old = (await row(created.id)).remoteLocation!;
    fake.clearRequests();
    const outcome = await kb.update(created.id, created.updatedAt, {
      ...article({ slug: created.slug }),
      title: 'Edited title',
    });
    expect(outcome.status).toBe('updated');
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/workspace/roamwise/update-embeddings',
      'DELETE /api/v1/system/remove-documents',
      'POST /api/v1/document/raw-text',
    ]);
    expect(fake.requests[0]!.body).toEqual({ adds: [], deletes: [old] });
    expect(fake.requests[1]!.body).toEqual({ names: [old] });
    const stored = await row(created.id);
    expect(stored.remoteLocation).not.toBe(old);
    expect(stored.remoteHash).toBe(contentHash({ ...created, title: 'Edited title', body: stored.body }));
    expect(fake.documents.has(old)).toBe(false);
    expect(fake.documents.get(stored.remoteLocation!)?.description).toBe('Edited title');
  });

  it('a deleted article: its remote copy is removed', async () => {
    const created = (await kb.create(article()))!;
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    const location = (await row(created.id)).remoteLocation!;
    fake.clearRequests();
    const removed = await kb.remove(created.id);
    await changed({ deletedRemoteLocations: [removed!.remoteLocation!] });
    await queue.runUntilIdle();
    expect(fake.calls('POST', '/api/v1/workspace/roamwise/update-embeddings')[0]?.body).toEqual({
      adds: [],
      deletes: [location],
    });
    expect(fake.calls('DELETE', '/api/v1/system/remove-documents')[0]?.body).toEqual({ names: [location] });
    expect(fake.documents.has(location)).toBe(false);
    expect(fake.calls('POST', '/api/v1/document/raw-text')).toHaveLength(0);
  });

  it('an unpublished article: its copy is removed and its location cleared; published again, it is uploaded again', async () => {
    const created = (await kb.create(article()))!;
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    const location = (await row(created.id)).remoteLocation!;
    const hidden = await kb.update(created.id, created.updatedAt, {
      ...article({ slug: created.slug, title: created.title, body: created.body }),
      published: false,
    });
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    expect(fake.documents.has(location)).toBe(false);
    expect(await row(created.id)).toMatchObject({ remoteLocation: null, remoteHash: null, remoteError: null });
    if (hidden.status !== 'updated') throw new Error('not updated');
    await kb.update(created.id, hidden.after.updatedAt, {
      ...article({ slug: created.slug, title: created.title, body: created.body }),
      published: true,
    });
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    expect((await row(created.id)).remoteLocation).toMatch(/^custom-documents\//);
  });

  it('a failure is recorded on the article, and the job retries until it succeeds', async () => {
    const created = (await kb.create(article()))!;
    fake.fail('raw-text', 'error500');
    await changed({ deletedRemoteLocations: [] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await queue.runOnce()).toBe(true);
    const failed = await row(created.id);
    expect(failed.remoteError).toMatch(/raw-text answered 500: Document processing API is not online/);
    expect(failed.remoteLocation).toBeNull();
    await queue.runUntilIdle();
    const synced = await row(created.id);
    expect(synced.remoteError).toBeNull();
    expect(synced.remoteLocation).toMatch(/^custom-documents\//);
  });

  it('an edit whose upload fails after the old copy was removed keeps no stale location', async () => {
    const created = (await kb.create(article()))!;
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    await kb.update(created.id, (await row(created.id)).updatedAt, {
      ...article({ slug: created.slug }),
      body: 'New body.',
    });
    fake.fail('raw-text', 'not-json');
    await changed({ deletedRemoteLocations: [] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await queue.runOnce();
    expect(await row(created.id)).toMatchObject({ remoteLocation: null, remoteHash: null });
    expect((await row(created.id)).remoteError).toContain('without a JSON object');
    await queue.runUntilIdle();
    expect((await row(created.id)).remoteError).toBeNull();
  });

  it('a sync waits while an earlier one runs (one at a time across instances)', async () => {
    const created = (await kb.create(article()))!;
    busy = [[1], [1]];
    await changed({ deletedRemoteLocations: [] });
    await queue.runUntilIdle();
    expect(busy).toHaveLength(0);
    expect((await row(created.id)).remoteLocation).toMatch(/^custom-documents\//);
  });

  it('the start-up sync pushes articles written without a hook (the seed), and chat answers cite them by their titles', async () => {
    const seeded = (await kb.create(
      article({ title: 'Hotspot and tethering', body: 'Hotspot tethering is allowed on every plan.' }),
    ))!;
    await chatSchedule({
      queue,
      purge: new ConversationPurge({ conversations: { deleteIdleBefore: async () => 0 } }),
      sync,
    }).start();
    await database.db.delete(jobs).where(eq(jobs.type, 'chat-purge'));
    await queue.runUntilIdle();
    expect((await row(seeded.id)).remoteLocation).toMatch(/^custom-documents\/raw-hotspot-and-tethering-/);
    const client = new AnythingLLMClient({
      url: fake.url,
      apiKey: fake.apiKey,
      workspace: fake.workspace,
      timeoutMs: 2_000,
    });
    const engine = new AnythingLLMEngine({ client, titles: articleTitlesFrom(kb) });
    const answer = await engine.answer({
      message: 'Is tethering allowed?',
      language: 'en',
      sessionId: 'session-123456',
    });
    expect(answer.sources[0]).toEqual({ title: 'Hotspot and tethering' });
    // Renamed: the next answer shows the new title at once.
    await kb.update(seeded.id, (await row(seeded.id)).updatedAt, {
      ...article({ slug: seeded.slug, body: seeded.body }),
      title: 'Hotspot',
    });
    expect(
      (await engine.answer({ message: 'Is tethering allowed?', language: 'en', sessionId: 'session-123456' }))
        .sources[0],
    ).toEqual({ title: 'Hotspot' });
  });

  it('without a key: every changed article records the error and the job fails at once', async () => {
    const noKey = new DocumentSync({
      client: new AnythingLLMClient({ url: fake.url, apiKey: undefined, workspace: fake.workspace, timeoutMs: 2_000 }),
      store: kb,
      runningSyncJobIds: async () => [],
      coalesceMs: 0,
    });
    await kb.create(article());
    const noKeyQueue = new JobQueue(jobsRepo, { backoffBaseMs: 5 });
    noKey.register(noKeyQueue);
    await noKey.enqueue(noKeyQueue);
    expect(await noKeyQueue.runOnce()).toBe(true);
    const [job] = await jobsRepo.listByStatus(['failed'], { limit: 1 });
    expect(job).toMatchObject({ type: ANYTHINGLLM_SYNC_JOB, attempts: 1 });
    expect(job!.lastError).toContain('no API key configured');
    const [first] = await database.db
      .select()
      .from(kbArticles)
      .where(eq(kbArticles.remoteError, 'AnythingLLM: no API key configured (ANYTHINGLLM_API_KEY)'));
    expect(first).toBeDefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('with CHAT_ENGINE=local the hook does nothing', async () => {
    const before = await syncJobs();
    await knowledgeChangeHook(undefined, queue)({ deletedRemoteLocations: ['custom-documents/x.json'] });
    expect(await syncJobs()).toBe(before);
  });
});
