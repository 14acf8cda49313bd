import { chatResponseSchema } from '@esim/contract/chat';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnythingLLM, startFakeAnythingLLM } from '../../../test/anythingllm-fake.ts';
import { signIn } from '../../../test/accounts.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { KnowledgeBaseRepository } from './knowledge-base/knowledge-base.repository.ts';
import { CHAT_ERROR_REPLIES } from './chat-language.ts';

/**
 * The chat assistant as `buildApp` wires it: the engine `CHAT_ENGINE` chooses, the
 * OpenAPI document, and with `anythingllm` the proxy, the start-up document sync and the
 * missing-key error reply, against the fake AnythingLLM server.
 */

interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  database: Database;
  logs: string[];
  close(): Promise<void>;
}

async function startApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const { app, services } = await buildApp({
    config: testConfig({ LOG_LEVEL: 'warn', ...env }),
    database,
    serveWeb: false,
    jobOptions: { backoffBaseMs: 5, backoffCapMs: 50 },
    logStream: { write: (line) => void logs.push(line) },
  });
  await services.catalog.ensureSeeded();
  await app.ready();
  return {
    app,
    services,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs every job that is due now (the hourly purge waits for its hour). */
async function runDueJobs(services: AppServices): Promise<void> {
  for (let i = 0; i < 100 && (await services.jobs.runOnce()); i++);
}

const chat = (app: FastifyInstance, message: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/anythingllm/chat',
    payload: { message, mode: 'chat', sessionId: `${Date.now()}-appsession`, reset: false, ...extra },
  });

describe('CHAT_ENGINE=local (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('answers through the local engine from the seeded knowledge base, with its sources', async () => {
    await new KnowledgeBaseRepository(t.database.db).ensureSeeded();
    const res = await chat(t.app, 'How do I get a refund for my eSIM?', { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = chatResponseSchema.parse(res.json());
    expect(body.textResponse).not.toBe(CHAT_ERROR_REPLIES.en);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.language).toBe('en');
  });

  it('is in the OpenAPI document with its body and responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/anythingllm/chat']?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['message', 'mode', 'sessionId', 'reset', 'language']),
    );
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});

describe('CHAT_ENGINE=anythingllm', () => {
  let fake: FakeAnythingLLM;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAnythingLLM();
    t = await startApp({
      CHAT_ENGINE: 'anythingllm',
      ANYTHINGLLM_URL: fake.url,
      ANYTHINGLLM_API_KEY: fake.apiKey,
      ANYTHINGLLM_WORKSPACE: fake.workspace,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('pushes the knowledge base at start-up and proxies questions, citing article titles', async () => {
    const kb = new KnowledgeBaseRepository(t.database.db);
    const article = await kb.create({
      slug: 'hotspot',
      language: 'en',
      title: 'Hotspot and tethering',
      body: 'Hotspot tethering is allowed on every plan; it counts toward your data.',
      tags: [],
      published: true,
      updatedBy: 'seed',
    });
    await t.services.schedules.start('chat');
    await runDueJobs(t.services);
    expect(fake.workspaceDocuments().map((d) => d.docSource)).toContain(`kb:${article!.id}`);

    const res = await chat(t.app, 'Is tethering allowed on my plan?');
    expect(res.statusCode).toBe(200);
    const body = chatResponseSchema.parse(res.json());
    expect(body.sources).toEqual([{ title: 'Hotspot and tethering' }]);
    expect(fake.calls('POST', '/api/v1/workspace/roamwise/chat').at(-1)?.body).toMatchObject({
      message: 'Is tethering allowed on my plan?',
      mode: 'chat',
      reset: false,
    });
  });

  it("an admin's create and delete in the knowledge base reach the workspace through the sync job", async () => {
    const admin = await signIn(t.app, t.services, t.database, { admin: true, twoFactor: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/knowledge-base/articles',
      headers: admin.headers,
      payload: { title: 'Top-ups', body: 'A top-up is added to the same eSIM while it is active.', language: 'en' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().article.id as number;
    // The change's job starts when its coalescing window (2 s) ends.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await runDueJobs(t.services);
    const pushed = fake.workspaceDocuments().find((d) => d.docSource === `kb:${id}`);
    expect(pushed?.description).toBe('Top-ups');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/knowledge-base/articles/${id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await runDueJobs(t.services);
    expect(fake.documents.has(pushed!.location)).toBe(false);
  });

  it('turns an AnythingLLM failure into the localised error reply', async () => {
    fake.fail('chat', 'abort500');
    const res = await chat(t.app, 'Is tethering allowed on my plan?', { language: 'tr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().textResponse).toBe(CHAT_ERROR_REPLIES.en);
    fake.fail('chat', 'abort200');
    const turkish = await chat(t.app, 'eSIM kartım çalışmıyor, ne yapmalıyım?');
    expect(turkish.json()).toMatchObject({
      textResponse: 'Üzgünüm, bir hata oluştu. Lütfen tekrar deneyin.',
      sources: [],
      language: 'tr',
    });
    expect(t.logs.some((line) => line.includes('chat engine failed (abort)'))).toBe(true);
  });
});

describe('CHAT_ENGINE=anythingllm without a key', () => {
  it('starts, warns, and answers every question with the error reply (logged "no key")', async () => {
    const fake = await startFakeAnythingLLM();
    const t = await startApp({ CHAT_ENGINE: 'anythingllm', ANYTHINGLLM_URL: fake.url });
    try {
      expect(t.logs.some((line) => line.includes('without ANYTHINGLLM_API_KEY'))).toBe(true);
      const res = await chat(t.app, 'eSIM?', { language: 'de' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ textResponse: CHAT_ERROR_REPLIES.de, sources: [], language: 'de' });
      expect(t.logs.some((line) => line.includes('chat engine failed (no_key)'))).toBe(true);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
