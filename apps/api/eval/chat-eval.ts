import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isLanguage, type Language, LANGUAGE_CODES } from '@esim/contract/languages';
import { type Database, openDatabase } from '../src/db/client.ts';
import { CatalogRepository } from '../src/modules/catalog/catalog.repository.ts';
import { CatalogService } from '../src/modules/catalog/catalog.service.ts';
import type { ChatAnswer } from '../src/modules/chat/chat-engine.ts';
import { CatalogueFacts } from '../src/modules/chat/engine/catalogue-facts.ts';
import { fold } from '../src/modules/chat/engine/fold.ts';
import { detectLanguage } from '../src/modules/chat/engine/language.ts';
import { LocalChatEngine } from '../src/modules/chat/engine/local-engine.ts';
import { PopularityRepository } from '../src/modules/orders/popularity.repository.ts';
import { type KbDocument, StaticKnowledgeSource } from '../src/modules/chat/knowledge-base/knowledge-source.ts';
import { loadSeedArticles, SEED_CONTENT_DIR } from '../src/modules/chat/knowledge-base/seed-content.ts';
import { SandboxEsimProvider } from '../src/providers/esim/sandbox.ts';

/**
 * The chat assistant's evaluation (`npm run eval:chat`; decision record 0017): the project's own
 * question set, `apps/api/eval/questions/*.json`, run against the local engine over the shipped
 * knowledge base (`apps/api/content/knowledge-base/`) and the real catalogue (the sandbox
 * provider's, imported into an in-memory PGlite database as on a first start). For each question:
 * - the language is detected as the API does (`detectLanguage(question, pageLanguage)`; the page
 *   language is the file's, or the question's `pageLanguage` in `mixed.json`), and checked when
 *   the question names the `language` it expects;
 * - "cites a right article": one of the reply's sources is the title of an article whose slug is
 *   in `cite` (any language; questions with an empty `cite` are not counted);
 * - "states the facts": for every fact, at least one of its alternatives appears in the reply,
 *   compared folded (case and accents folded by the engine's own `fold`).
 * Targets: at least 90% cite a right article and 85% state the facts.
 */

/** One question of a question file. */
export interface EvalQuestion {
  id: string;
  question: string;
  /** Slugs any of which counts as a right source; empty for catalogue and device questions. */
  cite: string[];
  /** Facts the reply must state, each a list of alternative substrings. */
  facts: string[][];
  kind?: string;
  /** `mixed.json`: the page's language (the detection's fallback). */
  pageLanguage?: Language;
  /** `mixed.json`: the language the question is in (and the reply must be in). */
  language?: Language;
}

/** A question's outcome. */
export interface EvalResult {
  file: string;
  question: EvalQuestion;
  /** The language expected (the question's `language`, else its file's). */
  language: Language;
  detected: Language;
  answer: ChatAnswer;
  /** Slugs of the articles the reply cites. */
  citedSlugs: string[];
  /** Whether a right article is cited; `null` when the question has no `cite`. */
  cites: boolean | null;
  /** Facts of which no alternative appears. */
  missing: string[][];
  ms: number;
}

/** Shares per language and overall. */
export interface EvalSummary {
  language: Language | 'all';
  questions: number;
  citeQuestions: number;
  cited: number;
  factsStated: number;
  languageRight: number;
  /** Share of the questions with a `cite` that cite a right article (0-1). */
  citeShare: number;
  /** Share of all questions whose reply states every fact (0-1). */
  factShare: number;
}

/** The issue's targets. */
export const EVAL_TARGETS = { citeShare: 0.9, factShare: 0.85 } as const;

/** Where the question files are. */
export const QUESTIONS_DIR = path.resolve(import.meta.dirname, 'questions');

/** Reads every `{lang}.json` and `mixed.json` of the question folder (others are ignored). */
export function loadQuestions(
  dir: string = QUESTIONS_DIR,
): { file: string; language: Language | undefined; questions: EvalQuestion[] }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const base = name.slice(0, -'.json'.length);
      const questions = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as EvalQuestion[];
      if (!Array.isArray(questions)) throw new Error(`${name}: not an array of questions`);
      return { file: name, language: isLanguage(base) ? base : undefined, questions };
    });
}

/** The shipped articles as the engine reads them (ids in file order). */
export function seedDocuments(dir: string = SEED_CONTENT_DIR): KbDocument[] {
  const updatedAt = new Date();
  return loadSeedArticles(dir).map((article, i) => ({ id: i + 1, ...article, updatedAt }));
}

/** An engine over the shipped articles and the sandbox catalogue in an in-memory database; `close()` when done. */
export async function createEvalEngine(options: { articlesDir?: string } = {}): Promise<{
  engine: LocalChatEngine;
  documents: KbDocument[];
  knowledge: StaticKnowledgeSource;
  close: () => Promise<void>;
}> {
  const database: Database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const catalog = new CatalogService(
    new CatalogRepository(database.db),
    new SandboxEsimProvider({ db: database.db, latencyMs: 0 }),
  );
  await catalog.ensureSeeded();
  const documents = seedDocuments(options.articlesDir);
  const knowledge = new StaticKnowledgeSource(documents);
  const engine = new LocalChatEngine({
    knowledge,
    catalogue: new CatalogueFacts({ catalog, popularity: new PopularityRepository(database.db) }),
  });
  return { engine, documents, knowledge, close: () => database.close() };
}

/** Whether a reply states a fact: one of its alternatives appears, folded. */
export function statesFact(reply: string, alternatives: readonly string[]): boolean {
  const text = fold(reply).replace(/\s+/g, ' ');
  return alternatives.some((alternative) => text.includes(fold(alternative).replace(/\s+/g, ' ')));
}

/** Runs every question through the engine. */
export async function runEval(options: {
  engine: LocalChatEngine;
  documents: KbDocument[];
  questionsDir?: string;
}): Promise<EvalResult[]> {
  const slugByTitle = new Map<string, string>();
  for (const doc of options.documents) slugByTitle.set(doc.title, doc.slug);
  const results: EvalResult[] = [];
  for (const file of loadQuestions(options.questionsDir)) {
    for (const question of file.questions) {
      const page = question.pageLanguage ?? file.language ?? 'en';
      const expected = question.language ?? file.language ?? page;
      const detected = detectLanguage(question.question, page);
      const started = performance.now();
      const answer = await options.engine.answer({
        message: question.question,
        language: detected,
        sessionId: `eval-${question.id}`,
      });
      const ms = performance.now() - started;
      const citedSlugs = answer.sources.flatMap((s) => {
        const slug = slugByTitle.get(s.title);
        return slug ? [slug] : [];
      });
      results.push({
        file: file.file,
        question,
        language: expected,
        detected,
        answer,
        citedSlugs,
        cites: question.cite.length === 0 ? null : citedSlugs.some((slug) => question.cite.includes(slug)),
        missing: question.facts.filter((alternatives) => !statesFact(answer.textResponse, alternatives)),
        ms,
      });
    }
  }
  return results;
}

/** Shares per language (in the store's order) and overall. */
export function summarise(results: readonly EvalResult[]): EvalSummary[] {
  const summary = (language: Language | 'all', rows: readonly EvalResult[]): EvalSummary => {
    const citeRows = rows.filter((r) => r.cites !== null);
    const cited = citeRows.filter((r) => r.cites).length;
    const factsStated = rows.filter((r) => r.missing.length === 0).length;
    return {
      language,
      questions: rows.length,
      citeQuestions: citeRows.length,
      cited,
      factsStated,
      languageRight: rows.filter((r) => r.detected === r.language).length,
      citeShare: citeRows.length ? cited / citeRows.length : 1,
      factShare: rows.length ? factsStated / rows.length : 1,
    };
  };
  return [
    ...LANGUAGE_CODES.map((language) =>
      summary(
        language,
        results.filter((r) => r.language === language),
      ),
    ).filter((s) => s.questions > 0),
    summary('all', results),
  ];
}

/** Whether the overall shares meet the targets. */
export function meetsTargets(overall: EvalSummary): boolean {
  return overall.citeShare >= EVAL_TARGETS.citeShare && overall.factShare >= EVAL_TARGETS.factShare;
}

/** The failures as readable lines: what was asked, what came back, what was missing. */
export function describeFailures(results: readonly EvalResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    const problems: string[] = [];
    if (r.cites === false)
      problems.push(
        `cites [${r.citedSlugs.join(', ') || r.answer.sources.map((s) => s.title).join(' | ') || 'nothing'}], wants one of [${r.question.cite.join(', ')}]`,
      );
    if (r.missing.length > 0)
      problems.push(
        `misses ${r.missing.map((alternatives) => alternatives.map((a) => `"${a}"`).join(' or ')).join('; ')}`,
      );
    if (r.detected !== r.language) problems.push(`language ${r.detected}, expected ${r.language}`);
    if (problems.length === 0) continue;
    lines.push(`- ${r.question.id} (${r.answer.kind}): ${r.question.question}`);
    for (const problem of problems) lines.push(`    ${problem}`);
    lines.push(`    reply: ${r.answer.textResponse.replace(/\s+/g, ' ')}`);
  }
  return lines;
}
