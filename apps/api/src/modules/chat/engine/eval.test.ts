import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvalEngine, describeFailures, EVAL_TARGETS, runEval, summarise } from '../../../../eval/chat-eval.ts';

/**
 * `npm run eval:chat` as a test (decision record 0017), so CI guards the assistant's quality:
 * the project's question set against the local engine over the shipped articles and the sandbox
 * catalogue. Targets: 90% of the answers cite a right article, 85% state the facts.
 */
describe('chat evaluation (apps/api/eval)', () => {
  let setup: Awaited<ReturnType<typeof createEvalEngine>>;
  beforeAll(async () => {
    setup = await createEvalEngine();
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('meets the targets over at least 60 questions in all five languages', async () => {
    const results = await runEval(setup);
    const summaries = summarise(results);
    const overall = summaries.at(-1)!;
    const report = describeFailures(results).join('\n');
    expect(results.length).toBeGreaterThanOrEqual(60);
    expect(summaries.filter((s) => s.language !== 'all').map((s) => s.language)).toEqual([
      'en',
      'tr',
      'es',
      'fr',
      'de',
    ]);
    expect(overall.citeShare, report).toBeGreaterThanOrEqual(EVAL_TARGETS.citeShare);
    expect(overall.factShare, report).toBeGreaterThanOrEqual(EVAL_TARGETS.factShare);
  });
});
