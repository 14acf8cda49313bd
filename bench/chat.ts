/**
 * The chat assistant's benchmark of `npm run bench`: the assistant's p50/p99 answer time, budget
 * p99 under 150 ms (decision record 0017).
 *
 * Measured in-process, on the engine the API runs with `CHAT_ENGINE=local`: the shipped knowledge
 * base (`apps/api/content/knowledge-base`, 5 languages) and the sandbox catalogue imported into an
 * in-memory PGlite database, as `npm run eval:chat` builds them (`apps/api/eval/chat-eval.ts`).
 * - Answer time: every question of `apps/api/eval/questions/*.json`, `BENCH_CHAT_ROUNDS` rounds
 *   (default 20), one at a time, after one warm-up round; p50, p95, p99 and the worst, overall
 *   and per kind of reply (catalogue, device, knowledge...). Each figure is `performance.now()`
 *   around `engine.answer()`: language detection is the API's and is left out.
 * - Index build: the whole knowledge base (cold, then warm: median of 5), and the rebuild after
 *   one article changed (median of 5), as the engine does when `kb_revision` moves.
 * The HTTP route adds Fastify, validation, the rate limits and two inserts per message; the
 * per-session and per-address chat limits make an autocannon run of one client meaningless.
 *
 * Run alone with `node --import tsx bench/chat.ts`.
 */
import { createEvalEngine, loadQuestions, seedDocuments } from '../apps/api/eval/chat-eval.ts';
import { detectLanguage } from '../apps/api/src/modules/chat/engine/language.ts';
import { KnowledgeIndex } from '../apps/api/src/modules/chat/engine/knowledge-index.ts';

/** Figures of the chat benchmark, ms. */
export interface ChatRun {
  questions: number;
  answers: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  byKind: { kind: string; answers: number; p50Ms: number; p99Ms: number }[];
  articles: number;
  coldBuildMs: number;
  buildMs: number;
  rebuildAfterEditMs: number;
  /** The budget: p99 answer time strictly below this. */
  budgetP99Ms: number;
  pass: boolean;
}

const BUDGET_P99_MS = 150;
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_CHAT_ROUNDS) || 20));

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Runs the chat benchmark (see the module comment). */
export async function measureChat(): Promise<ChatRun> {
  const setup = await createEvalEngine();
  try {
    const questions = loadQuestions().flatMap((file) =>
      file.questions.map((q) => ({
        message: q.question,
        language: detectLanguage(q.question, q.pageLanguage ?? file.language ?? 'en'),
      })),
    );
    // Index build, outside the engine: the whole base, then after one edit.
    const documents = seedDocuments();
    let started = performance.now();
    let index = KnowledgeIndex.build(1, documents);
    const coldBuildMs = performance.now() - started;
    const builds: number[] = [];
    const rebuilds: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      started = performance.now();
      index = KnowledgeIndex.build(2 + i, documents);
      builds.push(performance.now() - started);
      const edited = documents.map((d, k) =>
        k === i * 7 ? { ...d, body: `${d.body}\n\nEdited ${i}.`, updatedAt: new Date(Date.now() + i) } : d,
      );
      started = performance.now();
      KnowledgeIndex.build(10 + i, edited, index);
      rebuilds.push(performance.now() - started);
    }

    const ask = (q: (typeof questions)[number], i: number) =>
      setup.engine.answer({ message: q.message, language: q.language, sessionId: `bench-chat-${i}` });
    for (const [i, q] of questions.entries()) await ask(q, i); // warm-up: index, gazetteer, JIT
    const times: number[] = [];
    const byKind = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, q] of questions.entries()) {
        const t = performance.now();
        const answer = await ask(q, i);
        const ms = performance.now() - t;
        times.push(ms);
        byKind.set(answer.kind, [...(byKind.get(answer.kind) ?? []), ms]);
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p99Ms = percentile(sorted, 99);
    return {
      questions: questions.length,
      answers: times.length,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      p99Ms,
      maxMs: sorted.at(-1) ?? Number.NaN,
      byKind: [...byKind]
        .map(([kind, values]) => {
          const s = [...values].sort((a, b) => a - b);
          return { kind, answers: s.length, p50Ms: percentile(s, 50), p99Ms: percentile(s, 99) };
        })
        .sort((a, b) => a.kind.localeCompare(b.kind)),
      articles: documents.length,
      coldBuildMs,
      buildMs: median(builds),
      rebuildAfterEditMs: median(rebuilds),
      budgetP99Ms: BUDGET_P99_MS,
      pass: p99Ms < BUDGET_P99_MS,
    };
  } finally {
    await setup.close();
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
    )
    .join('\n');
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

/** The benchmark's section of the report, as lines (run.ts adds them to its output). */
export function chatReport(run: ChatRun): string[] {
  return [
    `Chat assistant, local engine (${run.questions} eval questions x ${ROUNDS} rounds, one at a time, in-process; ${run.articles} articles)`,
    table([
      ['replies', 'answers', 'p50 ms', 'p99 ms'],
      ['all', String(run.answers), ms(run.p50Ms), ms(run.p99Ms)],
      ...run.byKind.map((k) => [k.kind, String(k.answers), ms(k.p50Ms), ms(k.p99Ms)]),
    ]),
    `p95 ${ms(run.p95Ms)} ms, worst ${ms(run.maxMs)} ms. Index build: ${ms(run.coldBuildMs)} ms cold, ${ms(run.buildMs)} ms warm, ${ms(run.rebuildAfterEditMs)} ms after one article changed.`,
    `${run.pass ? 'PASS' : 'FAIL'}  chat answer p99 < ${run.budgetP99Ms} ms: ${ms(run.p99Ms)} ms`,
    '',
  ];
}

/** Measures and returns the report's lines (the one call `bench/run.ts` makes). */
export async function chatBench(): Promise<string[]> {
  console.error(`Chat assistant (local engine, ${ROUNDS} rounds of the eval questions)...`);
  return chatReport(await measureChat());
}

if (process.argv[1]?.endsWith('bench/chat.ts')) {
  process.stdout.write(`${(await chatBench()).join('\n')}\n`);
}
