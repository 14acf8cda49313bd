import type { ChatSource } from '@esim/contract/chat';
import type { Country } from '@esim/contract/catalog';
import { type Language, LANGUAGE_CODES } from '@esim/contract/languages';
import type { KnowledgeSource } from '../knowledge-base/knowledge-source.ts';
import type { ChatAnswer, ChatEngine, ChatQuestion, RetrievalHit } from '../chat-engine.ts';
import { type QueryPlan, queryPlan } from './analysis.ts';
import type { CatalogueFacts } from './catalogue-facts.ts';
import { fold, foldedTokens } from './fold.ts';
import { Gazetteer } from './gazetteer.ts';
import { deviceAnswer, destinationAnswer, type IntentInput, refundAnswer, speedPolicyAnswer } from './intents.ts';
import { type ChunkHit, KnowledgeIndex } from './knowledge-index.ts';
import { questionConcepts } from './lexicon.ts';
import { type ParsedArticle, type ScoredSentence, scoreSentences } from './passages.ts';
import { TEXTS } from './texts.ts';

/**
 * The local chat engine (`CHAT_ENGINE=local`, the default; decision record 0017). No network, no model: for each question, in order,
 * 1. the structured intents answered from the store's own data (`intents.ts`): whether a device
 *    supports eSIM, plans and prices or coverage of a destination, the refund policy, the
 *    unlimited plans' speed policy;
 * 2. retrieval over the published knowledge base (`knowledge-index.ts`, MiniSearch BM25+ with
 *    per-language stemming and the concept lexicon), in the question's language first; the reply
 *    is the best one to three sentences of the best article (Lucene PassageScorer,
 *    `passages.ts`), plus the best sentence of a second article when it scores close, never a
 *    whole article, under 600 characters, with the titles used as sources. When nothing fits in
 *    the question's language, the other languages are searched and the reply says, in the
 *    question's language, which language the article is in;
 * 3. the fallback, which says so and offers the support channels.
 *
 * The index is rebuilt when `knowledge.revision()` changes, checked on every call, so an edit made
 * on any instance is used by the next question; concurrent callers share one rebuild.
 */

/** Options of {@link LocalChatEngine}. */
export interface LocalChatEngineOptions {
  knowledge: KnowledgeSource;
  catalogue: CatalogueFacts;
  /** The storefront's languages, used in page links (`/{lang}/{slug}`); default all five. */
  publicLanguages?: readonly Language[];
}

/** Longest reply of the knowledge answer, characters (a chat bubble, not an article). */
export const MAX_ANSWER_CHARS = 600;
/** Budget for the quoted sentences (the rest is for a lead-in). */
const QUOTE_BUDGET = 520;
/** Sentences quoted at most. */
const MAX_SENTENCES = 3;
/** A second article is quoted when its score is at least this share of the first's. */
const SECOND_ARTICLE_SHARE = 0.6;
/** A sentence joins the best one when it scores at least this share of it. */
const SENTENCE_SHARE = 0.45;

/** Confidence gate: minimum BM25+ score of the best chunk. */
const MIN_SCORE = 4;
/** Share of the question's groups (content words and concepts) the best chunk must match. */
const MIN_COVERAGE = 0.3;

/** The order other languages are searched in when the question's own has nothing that fits. */
const FALLBACK_ORDER: readonly Language[] = ['en', ...LANGUAGE_CODES.filter((l) => l !== 'en')];

/**
 * Whether a search hit is good enough to answer from (below it the engine says so and
 * offers the support channels rather than guess): a
 * minimum score; at least one matched word or concept that is not generic ("esim", "plan",
 * "what is"), unless the question has nothing else; and a minimum share of the question's words
 * and concepts matched. Across languages only concepts and international words can match, so
 * there the share is taken over the question's concepts, and at least one specific concept must match.
 */
function fits(hit: ChunkHit | undefined, plan: QueryPlan, crossLanguage: boolean): boolean {
  if (!hit || hit.score < MIN_SCORE) return false;
  const matched = [...hit.groups];
  const specific = matched.filter((g) => !plan.genericGroups.has(g));
  const allGeneric = specific.length === 0 && plan.genericGroups.size === plan.groups;
  if (specific.length === 0 && !(allGeneric && matched.length === plan.groups)) return false;
  if (!crossLanguage) return matched.length / Math.max(1, plan.groups) >= MIN_COVERAGE;
  const conceptGroups = plan.conceptGroups;
  const matchedConcepts = matched.filter((g) => conceptGroups.has(g));
  const specificConcepts = matchedConcepts.filter((g) => !plan.genericGroups.has(g));
  return specificConcepts.length > 0 && matchedConcepts.length / Math.max(1, conceptGroups.size) >= 0.5;
}

/** Ends a list item with a full stop so that quoted items read as sentences. */
const asSentence = (text: string) => (/[.!?:;…)]$/.test(text) ? text : `${text}.`);

/** Cuts text to at most `max` characters at a word boundary, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** Sentences of the article's first paragraph (its direct answer, as the articles are written) score this much more. */
const LEAD_BOOST = 1.5;
/** Sentences of the chunk the search found score this much more. */
const CHUNK_BOOST = 1.25;

/**
 * The best sentences of an article for a question: the top-scoring one; the article's lead
 * sentence when the best is elsewhere and the lead matches the question at all; the next steps
 * when the best is an item of a list; then sentences scoring at least 45% of the best; at most
 * three, within the budget, in the article's order.
 */
function pickSentences(
  article: ParsedArticle,
  plan: QueryPlan,
  question: string,
  chunk: number,
  budget: number,
): ScoredSentence[] {
  const scored = scoreSentences(article, plan, fold(question)).map((s) => {
    let score = s.score;
    if (s.sentence.chunk === chunk) score *= CHUNK_BOOST;
    if (s.sentence.paragraph === 0) score *= LEAD_BOOST;
    return { ...s, score };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  if (!best) return [];
  if (best.score <= 0) return [scored.find((s) => s.sentence.chunk === chunk) ?? scored[0]!];
  const chosen = [best];
  let length = best.sentence.text.length + (best.sentence.intro?.length ?? 0);
  const add = (candidate: ScoredSentence | undefined): boolean => {
    if (!candidate || chosen.includes(candidate) || chosen.length >= MAX_SENTENCES) return false;
    const extra =
      candidate.sentence.text.length +
      1 +
      (candidate.sentence.intro && !chosen.some((c) => c.sentence.intro === candidate.sentence.intro)
        ? candidate.sentence.intro.length + 1
        : 0);
    if (length + extra > budget) return false;
    chosen.push(candidate);
    length += extra;
    return true;
  };
  const lead = scored[0];
  if (lead && lead !== best && lead.sentence.paragraph === 0 && lead.score > 0) add(lead);
  if (best.sentence.listItem) {
    for (
      let i = best.index + 1;
      i < scored.length && scored[i]!.sentence.paragraph === best.sentence.paragraph;
      i += 1
    ) {
      if (!add(scored[i])) break;
    }
  } else if (best.sentence.text.length < 90) {
    const next = scored[best.index + 1];
    if (next && next.sentence.paragraph === best.sentence.paragraph) add(next);
  }
  for (const candidate of ranked.slice(1)) {
    if (candidate.score < best.score * SENTENCE_SHARE) break;
    add(candidate);
  }
  // An item quoted from the middle of a list reads better with the items before it (the list's
  // main entries come first): add them, in order, while the budget allows, beyond the sentence cap.
  for (const item of [...chosen].filter((c) => c.sentence.listItem)) {
    for (let i = item.index - 1; i >= 0 && scored[i]!.sentence.paragraph === item.sentence.paragraph; i -= 1) {
      const previous = scored[i]!;
      if (chosen.includes(previous)) continue;
      const extra = previous.sentence.text.length + 1;
      if (length + extra > budget) break;
      chosen.push(previous);
      length += extra;
    }
  }
  return chosen.sort((a, b) => a.index - b.index);
}

/** The quoted text of chosen sentences: list items end with a full stop, a list's intro line comes once before its first item. */
function quote(sentences: readonly ScoredSentence[]): string {
  const parts: string[] = [];
  let intro: string | undefined;
  for (const { sentence } of sentences) {
    if (sentence.intro && sentence.intro !== intro) parts.push(sentence.intro);
    intro = sentence.intro;
    parts.push(sentence.listItem ? asSentence(sentence.text) : sentence.text);
  }
  return parts.join(' ');
}

/** The local chat engine; see the module comment. */
export class LocalChatEngine implements ChatEngine {
  readonly name = 'local' as const;
  private index: KnowledgeIndex | undefined;
  private pending: { revision: number; promise: Promise<KnowledgeIndex> } | undefined;
  private gazetteer: { destinations: readonly Country[]; gazetteer: Gazetteer } | undefined;
  private readonly publicLanguages: readonly Language[];

  constructor(private readonly options: LocalChatEngineOptions) {
    this.publicLanguages = options.publicLanguages ?? LANGUAGE_CODES;
  }

  /**
   * Answers a question (see the module comment for the order). Never throws for a question: a
   * catalogue that cannot be read leaves the knowledge base and the fallback.
   * @throws Error only when the knowledge base cannot be read and no earlier index exists.
   */
  async answer(question: ChatQuestion): Promise<ChatAnswer> {
    const language = question.language;
    const message = question.message.trim().slice(0, 2000);
    const index = await this.currentIndex();
    const tokens = foldedTokens(message);
    const input: IntentInput = {
      message,
      language,
      tokens,
      concepts: new Set(questionConcepts(tokens, language).map((m) => m.concept)),
      articleSource: (slug) => this.articleSource(index, slug, language),
    };
    const device = deviceAnswer(input);
    if (device) return device;
    try {
      const destinations = await this.options.catalogue.destinations();
      const destination = await destinationAnswer(
        input,
        this.gazetteerFor(destinations),
        this.options.catalogue,
        destinations,
      );
      if (destination) return this.localiseLinks(destination);
    } catch {
      // The catalogue could not be read: the knowledge base may still answer.
    }
    const policy = refundAnswer(input) ?? speedPolicyAnswer(input);
    if (policy) return policy;
    return this.knowledgeAnswer(index, message, language) ?? this.fallback(language);
  }

  /**
   * The articles that match a question best (the admin's "try a question" box): one hit per
   * article, best first, at most `limit`, with the score of its best chunk and that chunk's text.
   * Searches the question's language, and the others when it finds nothing there.
   */
  async retrieve(question: string, language: Language, limit = 5): Promise<RetrievalHit[]> {
    const index = await this.currentIndex();
    const plan = queryPlan(question, language);
    let hits = index.search(plan, language);
    if (hits.length === 0) hits = FALLBACK_ORDER.filter((l) => l !== language).flatMap((l) => index.search(plan, l));
    const seen = new Set<number>();
    const result: RetrievalHit[] = [];
    for (const hit of hits.sort((a, b) => b.score - a.score)) {
      const doc = hit.article.doc;
      if (seen.has(doc.id)) continue;
      seen.add(doc.id);
      result.push({
        articleId: doc.id,
        slug: doc.slug,
        language: doc.language,
        title: doc.title,
        score: Math.round(hit.score * 1000) / 1000,
        passage: hit.article.chunks[hit.chunk]?.text ?? '',
      });
      if (result.length >= limit) break;
    }
    return result;
  }

  /**
   * Builds the index and the destination look-up ahead of the first question (a full build takes
   * about 100 ms; at start-up, so that the first visitor does not wait for it). Never throws: a
   * failure leaves the work to the first question.
   */
  async warm(): Promise<void> {
    try {
      await this.currentIndex();
      this.gazetteerFor(await this.options.catalogue.destinations());
    } catch {
      // The first question builds what is missing.
    }
  }

  /** The index of the current knowledge-base revision, rebuilt when the revision changed (one rebuild for concurrent callers). */
  private async currentIndex(): Promise<KnowledgeIndex> {
    let revision: number;
    try {
      revision = await this.options.knowledge.revision();
    } catch (error) {
      if (this.index) return this.index;
      throw error;
    }
    if (this.index?.revision === revision) return this.index;
    if (this.pending?.revision === revision) return this.pending.promise;
    const previous = this.index;
    const promise = this.options.knowledge
      .published()
      .then((documents) => KnowledgeIndex.build(revision, documents, previous));
    this.pending = { revision, promise };
    try {
      const built = await promise;
      if (!this.index || this.index.revision !== revision) this.index = built;
      return built;
    } catch (error) {
      if (this.index) return this.index;
      throw error;
    } finally {
      if (this.pending?.promise === promise) this.pending = undefined;
    }
  }

  private gazetteerFor(destinations: readonly Country[]): Gazetteer {
    if (this.gazetteer?.destinations !== destinations)
      this.gazetteer = { destinations, gazetteer: Gazetteer.build(destinations) };
    return this.gazetteer.gazetteer;
  }

  /** Page links in the reply's language when the storefront serves it, else in English. */
  private localiseLinks(answer: ChatAnswer): ChatAnswer {
    if (this.publicLanguages.includes(answer.language)) return answer;
    return {
      ...answer,
      sources: answer.sources.map((s) => (s.url ? { ...s, url: s.url.replace(/^\/[a-z]{2}\//, '/en/') } : s)),
    };
  }

  /** The title of a topic's article in `language`, else in English, else in any language; undefined when none is published. */
  private articleSource(index: KnowledgeIndex, slug: string, language: Language): ChatSource | undefined {
    const versions = index.bySlug.get(slug);
    const article = versions?.get(language) ?? versions?.get('en') ?? versions?.values().next().value;
    return article ? { title: article.doc.title } : undefined;
  }

  /** A reply built from the best passages, or undefined when nothing fits in any language. */
  private knowledgeAnswer(index: KnowledgeIndex, message: string, language: Language): ChatAnswer | undefined {
    const plan = queryPlan(message, language);
    if (plan.terms.length === 0) return undefined;
    let hits = index.search(plan, language);
    let articleLanguage = language;
    if (!fits(hits[0], plan, false)) {
      hits = [];
      for (const other of FALLBACK_ORDER) {
        if (other === language) continue;
        const found = index.search(plan, other);
        if (fits(found[0], plan, true)) {
          hits = found;
          articleLanguage = other;
          break;
        }
      }
    }
    const top = hits[0];
    if (!top) return undefined;
    const t = TEXTS[language];
    const leadIn = articleLanguage === language ? '' : `${t.otherLanguage(articleLanguage)} `;
    const budget = Math.min(QUOTE_BUDGET, MAX_ANSWER_CHARS - leadIn.length);
    const first = pickSentences(top.article, plan, message, top.chunk, budget);
    const quoted = [...first];
    const sources: ChatSource[] = [{ title: top.article.doc.title }];
    // A second article only when it answers a part of the question the first does not match.
    const second = hits.find((h) => h.article.doc.slug !== top.article.doc.slug);
    const complements =
      second !== undefined && [...second.groups].some((g) => !top.groups.has(g) && !plan.genericGroups.has(g));
    const used = quote(first).length + 1;
    if (second && complements && second.score >= top.score * SECOND_ARTICLE_SHARE && first.length < MAX_SENTENCES) {
      const extra = pickSentences(second.article, plan, message, second.chunk, budget - used)[0];
      if (extra && extra.score > 0 && used + extra.sentence.text.length + 1 <= budget) {
        quoted.push(extra);
        sources.push({ title: second.article.doc.title });
      }
    }
    const text = `${quote(first)}${quoted.length > first.length ? ` ${quote(quoted.slice(first.length))}` : ''}`;
    return {
      textResponse: clip(`${leadIn}${text}`, MAX_ANSWER_CHARS),
      sources,
      language: language,
      kind: 'knowledge',
    };
  }

  private fallback(language: Language): ChatAnswer {
    return { textResponse: TEXTS[language].fallback, sources: [], language, kind: 'fallback' };
  }
}
