import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnythingLLM, startFakeAnythingLLM } from '../../../../test/anythingllm-fake.ts';
import { loadConfig } from '../../../config.ts';
import { AnythingLLMClient, AnythingLLMError, type AnythingLLMFailure } from './anythingllm-client.ts';
import { AnythingLLMEngine, type ArticleTitles, sourceTitles, titleFromSlug } from './anythingllm-engine.ts';

/**
 * The AnythingLLM adapter against the local fake of its developer API: answer, sources, no key,
 * abort, time-out.
 */

let fake: FakeAnythingLLM;
beforeAll(async () => {
  fake = await startFakeAnythingLLM();
});
afterAll(() => fake.close());
beforeEach(() => fake.clearRequests());

const client = (
  overrides: Partial<{ apiKey: string | undefined; timeoutMs: number; url: string; workspace: string }> = {},
) =>
  new AnythingLLMClient({
    url: fake.url,
    apiKey: fake.apiKey,
    workspace: fake.workspace,
    timeoutMs: 5_000,
    ...overrides,
  });

/** Titles the knowledge base knows now (article 1 renamed since it was pushed). */
const titles: ArticleTitles = async (ids) =>
  new Map([[1, 'Refunds and cancellations']].filter(([id]) => ids.includes(id as number)) as [number, string][]);

const engine = (c = client()) => new AnythingLLMEngine({ client: c, titles });
const question = {
  message: 'Can I get a refund if my eSIM is not activated?',
  language: 'en' as const,
  sessionId: '1732456789012-k3j9x2m4q8',
};

/** Runs `promise` and returns the AnythingLLMError it rejects with. */
async function failure(promise: Promise<unknown>): Promise<AnythingLLMError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnythingLLMError);
  return error as AnythingLLMError;
}

describe('workspace chat', () => {
  beforeAll(async () => {
    const c = client();
    // Pushed by the document sync (docSource kb:<id>, description = title at push time).
    await c.uploadRawText(
      '# Refunds\n\nA full refund within 30 days if the eSIM is not activated.\n\nNo refund after activation of the eSIM.',
      {
        title: 'Refunds',
        description: 'Refunds',
        docSource: 'kb:1',
      },
    );
    await c.uploadRawText('# Hotspot\n\nHotspot is allowed on all plans; the data counts toward the plan.', {
      title: 'Hotspot & tethering',
      description: 'Hotspot & tethering',
      docSource: 'kb:2',
    });
    // Put in the workspace by someone else, without metadata.
    await c.uploadRawText('Activated eSIM refund rules for resellers.', { title: 'Reseller refund rules.v2' });
  });

  it('sends the documented request and maps the sources back to article titles, once each', async () => {
    const answer = await engine().answer(question);
    const [call] = fake.calls('POST', '/api/v1/workspace/roamwise/chat');
    expect(call).toMatchObject({
      authorization: `Bearer ${fake.apiKey}`,
      body: { message: question.message, mode: 'chat', sessionId: question.sessionId, reset: false },
    });
    expect(answer.kind).toBe('remote');
    expect(answer.language).toBe('en');
    expect(answer.textResponse).toContain('30 days');
    // Article 1: its current title (not the one pushed); the reseller document: its slug made readable.
    expect(answer.sources).toEqual([{ title: 'Refunds and cancellations' }, { title: 'Reseller refund rules' }]);
  });

  it('uses the pushed title (description) for an article the knowledge base no longer lists', async () => {
    const answer = await engine().answer({ ...question, message: 'Is hotspot allowed on my plan?' });
    expect(answer.sources).toEqual([{ title: 'Hotspot & tethering' }]);
  });

  it('maps the shapes AnythingLLM sends: kb ids, descriptions, slug titles, duplicates, defaults', async () => {
    const sources = await sourceTitles(
      [
        { title: 'refunds.txt', description: 'Refunds', docSource: 'kb:1', text: 'chunk 1' },
        { title: 'refunds.txt', description: 'Refunds', docSource: 'kb:1', text: 'chunk 2' },
        { title: 'how-to-install-on-iphone.txt', description: 'no description found', docSource: 'no source set' },
        { title: 'how-to-install-on-iphone.txt', description: 'no description found', docSource: 'no source set' },
        { title: 'x.txt', description: 'Refunds and cancellations', docSource: 'kb:99' },
        {},
      ],
      titles,
    );
    expect(sources).toEqual([{ title: 'Refunds and cancellations' }, { title: 'How to install on iphone' }]);
    expect(titleFromSlug('data-roaming-settings.txt')).toBe('Data roaming settings');
  });
});

describe('errors', () => {
  const expectReason = async (promise: Promise<unknown>, reason: AnythingLLMFailure) => {
    const error = await failure(promise);
    expect(error.reason).toBe(reason);
    return error;
  };

  it('no key configured: fails without a call', async () => {
    await expectReason(engine(client({ apiKey: undefined })).answer(question), 'no_key');
    expect(fake.requests).toHaveLength(0);
    expect(new AnythingLLMError('no_key', 'x').retryable).toBe(false);
  });

  it('an unknown key: 403 No valid api key found.', async () => {
    const error = await expectReason(engine(client({ apiKey: 'wrong-key' })).answer(question), 'forbidden');
    expect(error.status).toBe(403);
    expect(error.message).toContain('No valid api key found.');
  });

  it('abort with 200 (no completion), with 500 (LLM down), and 400 (invalid workspace)', async () => {
    fake.fail('chat', 'abort200');
    const at200 = await expectReason(engine().answer(question), 'abort');
    expect(at200.status).toBe(200);
    expect(at200.message).toContain('No text completion could be completed with this input.');
    fake.fail('chat', 'abort500');
    expect((await expectReason(engine().answer(question), 'abort')).status).toBe(500);
    const invalid = await expectReason(engine(client({ workspace: 'nope' })).answer(question), 'abort');
    expect(invalid.status).toBe(400);
    expect(invalid.message).toContain('Workspace nope is not a valid workspace.');
  });

  it('a 500 of another shape, and an answer that is not JSON', async () => {
    fake.fail('chat', 'error500');
    expect((await expectReason(engine().answer(question), 'http_error')).status).toBe(500);
    fake.fail('chat', 'not-json');
    await expectReason(engine().answer(question), 'invalid_response');
  });

  it('time-out: a slow server past ANYTHINGLLM_TIMEOUT_MS', async () => {
    fake.slowMs = 3_000;
    fake.fail('chat', 'slow');
    const started = Date.now();
    const error = await expectReason(engine(client({ timeoutMs: 200 })).answer(question), 'timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.message).toContain('200 ms');
  });

  it('network: nothing listening', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    await expectReason(engine(client({ url: `http://127.0.0.1:${port}` })).answer(question), 'network');
  });

  it('the key check: GET /api/v1/auth', async () => {
    expect(await client().checkAuth()).toBe(true);
    await expectReason(client({ apiKey: 'wrong' }).checkAuth(), 'forbidden');
  });
});

describe('configuration', () => {
  it('CHAT_ENGINE=anythingllm without ANYTHINGLLM_URL stops start-up with a clear message', () => {
    expect(() => loadConfig({ CHAT_ENGINE: 'anythingllm' })).toThrow(
      /ANYTHINGLLM_URL: required when CHAT_ENGINE=anythingllm/,
    );
    expect(() => loadConfig({ CHAT_ENGINE: 'anythingllm', ANYTHINGLLM_URL: '' })).toThrow(
      /ConfigError|ANYTHINGLLM_URL/,
    );
  });

  it('with a URL and no key it starts (the replies are the error reply)', () => {
    const config = loadConfig({ CHAT_ENGINE: 'anythingllm', ANYTHINGLLM_URL: 'http://127.0.0.1:3001/' });
    expect(config.chat.anythingllm).toMatchObject({
      url: 'http://127.0.0.1:3001',
      apiKey: undefined,
      workspace: 'roamwise',
    });
  });
});
