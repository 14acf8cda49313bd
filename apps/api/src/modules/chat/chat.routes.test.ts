import { chatResponseSchema } from '@esim/contract/chat';
import type { Language } from '@esim/contract/languages';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { chatConversations } from './chat.schema.ts';
import { JobQueue } from '../../lib/jobs.ts';
import { JobsRepository } from '../../lib/jobs.repository.ts';
import { registerTextGuard } from '../../lib/text-guard.ts';
import { Throttler } from '../../lib/throttle.ts';
import { ThrottleRepository } from '../../lib/throttle.repository.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { AnythingLLMError } from './anythingllm/anythingllm-client.ts';
import type { ChatAnswer, ChatEngine, ChatQuestion } from './chat-engine.ts';
import { CHAT_ERROR_REPLIES } from './chat-language.ts';
import { chatThrottle, chatThrottlePolicy } from './chat-throttle.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService } from './chat.service.ts';
import { CHAT_PURGE_JOB, ConversationPurge } from './conversation-purge.ts';

/**
 * `POST /api/anythingllm/chat` (validation, rate limit, language choice):
 * the route, the service and the repository on a real database (PGlite, or PostgreSQL with
 * `DATABASE_URL`), with a stub engine that echoes what it was asked.
 */

/** An engine that answers with the question's language and message, or throws `failure`. */
class StubEngine implements ChatEngine {
  readonly name = 'local' as const;
  readonly questions: ChatQuestion[] = [];
  failure: Error | undefined;

  async answer(question: ChatQuestion): Promise<ChatAnswer> {
    this.questions.push(question);
    if (this.failure) throw this.failure;
    return {
      textResponse: `(${question.language}) ${question.message.slice(0, 50)}`,
      sources: [{ title: 'Refunds' }, { title: 'Japan plans', url: '/en/japan' }],
      language: question.language,
      kind: 'knowledge',
    };
  }
}

let database: Database;
let repo: ChatRepository;
const logged: { obj: object; msg: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  repo = new ChatRepository(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A Fastify app with the API's validation, error handler and text guard, and only the chat route. */
async function chatApp(
  engine: ChatEngine,
  limits = { rateLimitPerSession: 1_000, rateLimitPerAddress: 1_000 },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);
  const log = {
    warn: (obj: object, msg: string) => logged.push({ obj, msg }),
    error: (obj: object, msg: string) => logged.push({ obj, msg }),
  };
  const chat = new ChatService({ engine, conversations: repo, log });
  const throttler = new Throttler(new ThrottleRepository(database.db));
  await app.register(chatRoutes, { chat, throttle: chatThrottle(throttler, chatThrottlePolicy(limits)) });
  await app.ready();
  return app;
}

let sessions = 0;
/** A fresh chat session id as the widget makes them (timestamp and a random string). */
const newSession = () => `${Date.now()}-test${String(++sessions).padStart(4, '0')}`;

function ask(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/anythingllm/chat',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('validation', () => {
  let app: FastifyInstance;
  const engine = new StubEngine();
  beforeAll(async () => {
    app = await chatApp(engine);
  });
  afterAll(() => app.close());

  const valid = () => ({ message: 'How do refunds work?', mode: 'chat', sessionId: newSession(), reset: false });

  it.each([
    ['missing message', { mode: 'chat', sessionId: 'abcdefgh123', reset: false }, 'message'],
    ['empty message', { ...valid(), message: '' }, 'message'],
    ['whitespace-only message', { ...valid(), message: ' \n\t  ' }, 'message'],
    ['message over 2,000 characters', { ...valid(), message: 'a'.repeat(2001) }, 'message'],
    ['message that is not text', { ...valid(), message: 42 }, 'message'],
    ['NUL in the message', { ...valid(), message: 'refund\u0000please' }, 'message'],
    ['control character in the message', { ...valid(), message: 'refund\u0007please' }, 'message'],
    ['missing sessionId', { message: 'hi there', mode: 'chat', reset: false }, 'sessionId'],
    ['short sessionId', { ...valid(), sessionId: 'abc' }, 'sessionId'],
    ['sessionId with spaces', { ...valid(), sessionId: 'abc def ghi' }, 'sessionId'],
    ['mode other than chat', { ...valid(), mode: 'query' }, 'mode'],
    ['reset true', { ...valid(), reset: true }, 'reset'],
    ['unknown page language', { ...valid(), language: 'it' }, 'language'],
  ])('%s: 400 naming the field', async (_name, body, field) => {
    const before = engine.questions.length;
    const res = await ask(app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', field } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(engine.questions.length).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    expect((await ask(app, '{"message":')).statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/anythingllm/chat',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(400);
    const xml = await app.inject({
      method: 'POST',
      url: '/api/anythingllm/chat',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('refuses an oversized body before parsing it', async () => {
    const res = await ask(app, { ...valid(), message: `${' '.repeat(40_000)}hello` });
    expect(res.statusCode).toBe(413);
  });

  it('trims the message: 2,000 characters with white space around are accepted, and sent trimmed', async () => {
    const message = 'b'.repeat(2000);
    const res = await ask(app, { ...valid(), message: `  ${message}\n` });
    expect(res.statusCode).toBe(200);
    expect(engine.questions.at(-1)?.message).toBe(message);
  });

  it('answers the contract shape with no-store; mode and reset may be left out', async () => {
    const sessionId = newSession();
    const res = await ask(app, { message: 'How do refunds work?', sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = chatResponseSchema.parse(res.json());
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.sources).toEqual([{ title: 'Refunds' }, { title: 'Japan plans', url: '/en/japan' }]);
    expect(engine.questions.at(-1)).toMatchObject({ sessionId, message: 'How do refunds work?' });
  });
});

describe('rate limit', () => {
  it('limits messages per chat session: 429 rate_limited with Retry-After, other sessions unaffected', async () => {
    const app = await chatApp(new StubEngine(), { rateLimitPerSession: 3, rateLimitPerAddress: 1_000 });
    const sessionId = newSession();
    for (let i = 0; i < 3; i++)
      expect((await ask(app, { message: `question ${i}`, sessionId }, {}, '198.51.100.1')).statusCode).toBe(200);
    const refused = await ask(app, { message: 'one more', sessionId }, {}, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(refused.json().error.message).toMatch(
      /Too many chat messages\. Please wait \d+ (seconds?|minute) and try again\./,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(
      (await ask(app, { message: 'another visitor', sessionId: newSession() }, {}, '198.51.100.1')).statusCode,
    ).toBe(200);
    // Refused messages are not stored.
    expect((await repo.findBySession(sessionId))?.messageCount).toBe(6);
    await app.close();
  });

  it('limits messages per client address whatever the session', async () => {
    const app = await chatApp(new StubEngine(), { rateLimitPerSession: 1_000, rateLimitPerAddress: 3 });
    for (let i = 0; i < 3; i++)
      expect((await ask(app, { message: 'hello', sessionId: newSession() }, {}, '203.0.113.9')).statusCode).toBe(200);
    const refused = await ask(app, { message: 'hello', sessionId: newSession() }, {}, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // IPv6 addresses count by /64.
    for (let i = 0; i < 3; i++)
      expect(
        (await ask(app, { message: 'hello', sessionId: newSession() }, {}, `2001:db8:1:2::${i + 1}`)).statusCode,
      ).toBe(200);
    expect((await ask(app, { message: 'hello', sessionId: newSession() }, {}, '2001:db8:1:2::99')).statusCode).toBe(
      429,
    );
    expect((await ask(app, { message: 'hello', sessionId: newSession() }, {}, '203.0.113.10')).statusCode).toBe(200);
    await app.close();
  });
});

describe('language choice', () => {
  let app: FastifyInstance;
  const engine = new StubEngine();
  beforeAll(async () => {
    app = await chatApp(engine);
  });
  afterAll(() => app.close());

  async function languageOf(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Language> {
    const res = await ask(app, { sessionId: newSession(), ...body }, headers);
    expect(res.statusCode).toBe(200);
    const language = chatResponseSchema.parse(res.json()).language!;
    expect(engine.questions.at(-1)?.language).toBe(language);
    return language;
  }

  it("answers in the message's own language over the page's and the browser's", async () => {
    expect(
      await languageOf(
        { message: 'How long does it take to get my money back after I cancel the order?', language: 'de' },
        { 'accept-language': 'fr' },
      ),
    ).toBe('en');
    expect(await languageOf({ message: 'eSIM kartımı nasıl yüklerim?', language: 'en' })).toBe('tr');
    expect(await languageOf({ message: '¿Cuánto tiempo tarda el reembolso de mi pedido?', language: 'en' })).toBe('es');
  });

  it("falls back to the page's language when the message's cannot be told", async () => {
    expect(await languageOf({ message: 'eSIM?', language: 'fr' }, { 'accept-language': 'de' })).toBe('fr');
  });

  it('then to the first supported language of Accept-Language, by quality', async () => {
    expect(await languageOf({ message: 'eSIM?' }, { 'accept-language': 'de-CH, de;q=0.9, en;q=0.8' })).toBe('de');
    expect(await languageOf({ message: 'eSIM?' }, { 'accept-language': 'ja, it;q=0.9, es;q=0.5, fr;q=0.4' })).toBe(
      'es',
    );
    expect(await languageOf({ message: 'eSIM?' }, { 'accept-language': 'tr;q=0, fr;q=0.2' })).toBe('fr');
  });

  it('then English', async () => {
    expect(await languageOf({ message: 'eSIM?' })).toBe('en');
    expect(await languageOf({ message: 'eSIM?' }, { 'accept-language': 'ja, zh-CN' })).toBe('en');
    expect(await languageOf({ message: 'eSIM?' }, { 'accept-language': ';;;,q=abc' })).toBe('en');
  });
});

describe('engine errors', () => {
  it.each([
    ['tr', 'Üzgünüm, bir hata oluştu. Lütfen tekrar deneyin.'],
    ['en', CHAT_ERROR_REPLIES.en],
    ['de', CHAT_ERROR_REPLIES.de],
  ] as const)(
    'answer 200 with the localised error reply (%s), logged and stored as kind error',
    async (language, text) => {
      const engine = new StubEngine();
      engine.failure = new AnythingLLMError('timeout', 'AnythingLLM: POST /chat took longer than 100 ms');
      const app = await chatApp(engine);
      const sessionId = newSession();
      logged.length = 0;
      const res = await ask(app, { message: 'eSIM?', sessionId, language });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ textResponse: text, sources: [], language });
      expect(logged.some((l) => l.msg.includes('chat engine failed (timeout)'))).toBe(true);
      const stored = await repo.findBySession(sessionId);
      expect(stored?.messages.at(-1)).toMatchObject({ sender: 'agent', kind: 'error', message: text, language });
      await app.close();
    },
  );

  it('a plain Error is no 500 either', async () => {
    const engine = new StubEngine();
    engine.failure = new TypeError('boom');
    const app = await chatApp(engine);
    const res = await ask(app, { message: 'eSIM?', sessionId: newSession() });
    expect(res.statusCode).toBe(200);
    expect(res.json().textResponse).toBe(CHAT_ERROR_REPLIES.en);
    await app.close();
  });
});

describe('conversations', () => {
  it('stores each exchange in the session conversation: messages, sources, language, kind, latency', async () => {
    const app = await chatApp(new StubEngine());
    const sessionId = newSession();
    await ask(app, { message: 'How long does it take to get my money back after I cancel the order?', sessionId });
    await ask(app, { message: 'eSIM?', sessionId, language: 'fr' });
    const stored = await repo.findBySession(sessionId);
    expect(stored).toMatchObject({ sessionId, engine: 'local', messageCount: 4, language: 'fr' });
    expect(stored!.messages.map((m) => [m.sender, m.language])).toEqual([
      ['user', 'en'],
      ['agent', 'en'],
      ['user', 'fr'],
      ['agent', 'fr'],
    ]);
    const reply = stored!.messages[1]!;
    expect(reply).toMatchObject({
      kind: 'knowledge',
      sources: [{ title: 'Refunds' }, { title: 'Japan plans', url: '/en/japan' }],
    });
    expect(reply.latencyMs).toBeGreaterThanOrEqual(0);
    expect(stored!.messages[0]).toMatchObject({ kind: null, latencyMs: null, sources: [] });
    expect(stored!.lastMessageAt.getTime()).toBeGreaterThanOrEqual(stored!.startedAt.getTime());
    await app.close();
  });

  it('purges conversations 30 days after their last message, by a recurring job that runs once per period', async () => {
    const app = await chatApp(new StubEngine());
    const [old, recent] = [newSession(), newSession()];
    await ask(app, { message: 'old question', sessionId: old });
    await ask(app, { message: 'recent question', sessionId: recent });
    await app.close();
    const day = 86_400_000;
    const setLast = (sessionId: string, daysAgo: number) =>
      database.db
        .update(chatConversations)
        .set({ lastMessageAt: new Date(Date.now() - daysAgo * day) })
        .where(eq(chatConversations.sessionId, sessionId));
    await setLast(old, 30.1);
    await setLast(recent, 29.9);

    const jobsRepo = new JobsRepository(database.db);
    const queue = new JobQueue(jobsRepo, { backoffBaseMs: 5 });
    let clock = Date.now();
    const purge = new ConversationPurge({ conversations: repo, now: () => clock });
    purge.register(queue);
    // Two instances scheduling the same period: one job.
    await purge.scheduleNext(queue);
    await purge.scheduleNext(queue);
    const scheduled = (await jobsRepo.listByStatus(['queued'], { limit: 50 })).filter((j) => j.type === CHAT_PURGE_JOB);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    // Run it now, as if its period had come.
    clock = scheduled[0]!.runAt.getTime();
    await database.db.execute(sql`update jobs set run_at = now() where id = ${scheduled[0]!.id}`);
    expect(await queue.runOnce()).toBe(true);
    expect(await repo.findBySession(old)).toBeUndefined();
    expect(await repo.findBySession(recent)).toBeDefined();
    // The next period's run is queued.
    const next = (await jobsRepo.listByStatus(['queued'], { limit: 50 })).filter((j) => j.type === CHAT_PURGE_JOB);
    expect(next).toHaveLength(1);
    expect(next[0]!.id).not.toBe(scheduled[0]!.id);
  });
});
