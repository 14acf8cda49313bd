import { type Language, LANGUAGE_CODES } from '@esim/contract/languages';
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { KbDocument } from '../knowledge-base/knowledge-source.ts';
import { analyze, indexTerms, type QueryPlan } from './analysis.ts';
import { type ParsedArticle, parseArticle } from './passages.ts';

/**
 * The full-text index of the published articles (MiniSearch with per-language stemming and
 * Turkish-safe lower-casing; decision record 0017): one MiniSearch index per
 * language over the articles' chunks, with the title (boost 2), the chunk's heading (1.5), the
 * article's tags (1.3) and the chunk's text (1) as fields. Terms come from `analysis.ts`; the
 * index receives them ready-made (space-separated, no further processing). BM25+ as MiniSearch
 * has it; prefix and fuzzy search per term as the query plan says.
 */

/** A chunk as indexed. */
interface ChunkDocument {
  id: string;
  articleId: number;
  chunk: number;
  title: string;
  heading: string;
  tags: string;
  text: string;
}

/** A chunk found by a search, with its article. */
export interface ChunkHit {
  article: ParsedArticle;
  chunk: number;
  score: number;
  /** The query groups the chunk matched. */
  groups: Set<number>;
}

const FIELDS = ['title', 'heading', 'tags', 'text'] as const;
const BOOST = { title: 2, heading: 1.5, tags: 1.3, text: 1 };

const spaceSplit = (text: string) => text.split(' ');
const identity = (term: string) => term || null;

/** An article parsed and turned into chunk documents, reusable by the next revision while unchanged. */
interface Prepared {
  /** What the article looked like (id, slug, language, title, body, tags, update time). */
  key: string;
  article: ParsedArticle;
  chunks: ChunkDocument[];
}

const keyOf = (doc: KbDocument) =>
  JSON.stringify([doc.slug, doc.language, doc.title, doc.body, doc.tags, doc.updatedAt.getTime()]);

function prepare(doc: KbDocument): Prepared {
  const article = parseArticle(doc);
  const title = indexTerms(analyze(doc.title, doc.language)).join(' ');
  const tags = indexTerms(analyze(doc.tags.join(', '), doc.language)).join(' ');
  const chunkTerms = article.chunks.map(() => [] as string[]);
  for (const sentence of article.sentences) chunkTerms[sentence.chunk]?.push(...indexTerms(sentence.analysis));
  const chunks = article.chunks.map((chunk) => ({
    id: `${doc.id}:${chunk.index}`,
    articleId: doc.id,
    chunk: chunk.index,
    title,
    heading: chunk.headingAnalysis ? indexTerms(chunk.headingAnalysis).join(' ') : '',
    tags,
    text: (chunkTerms[chunk.index] ?? []).join(' '),
  }));
  return { key: keyOf(doc), article, chunks };
}

/**
 * The index of one knowledge-base revision. Build with {@link KnowledgeIndex.build}; given the
 * previous revision's index, unchanged articles are not parsed again and the index of a language
 * whose articles did not change is reused, so the rebuild after an edit costs about one language.
 */
export class KnowledgeIndex {
  private constructor(
    readonly revision: number,
    readonly articles: Map<number, ParsedArticle>,
    private readonly byLanguage: Map<Language, MiniSearch<ChunkDocument>>,
    /** slug -> language -> article. */
    readonly bySlug: Map<string, Map<Language, ParsedArticle>>,
    private readonly prepared: Map<number, Prepared>,
    /** Per language, the ids and keys of its articles (to tell whether its index can be reused). */
    private readonly signatures: Map<Language, string>,
  ) {}

  /** Parses and indexes the published articles of one revision (reusing what `previous` has of them). */
  static build(revision: number, documents: readonly KbDocument[], previous?: KnowledgeIndex): KnowledgeIndex {
    const articles = new Map<number, ParsedArticle>();
    const bySlug = new Map<string, Map<Language, ParsedArticle>>();
    const prepared = new Map<number, Prepared>();
    const perLanguage = new Map<Language, Prepared[]>(LANGUAGE_CODES.map((l) => [l, []]));
    for (const doc of documents) {
      const old = previous?.prepared.get(doc.id);
      const item = old && old.key === keyOf(doc) ? old : prepare(doc);
      prepared.set(doc.id, item);
      articles.set(doc.id, item.article);
      const slugMap = bySlug.get(doc.slug) ?? new Map<Language, ParsedArticle>();
      slugMap.set(doc.language, item.article);
      bySlug.set(doc.slug, slugMap);
      perLanguage.get(doc.language)?.push(item);
    }
    const byLanguage = new Map<Language, MiniSearch<ChunkDocument>>();
    const signatures = new Map<Language, string>();
    for (const [language, items] of perLanguage) {
      const signature = items.map((item) => `${item.article.doc.id}:${item.key.length}:${item.key}`).join('\n');
      signatures.set(language, signature);
      const reusable = previous?.byLanguage.get(language);
      if (reusable && previous?.signatures.get(language) === signature) {
        byLanguage.set(language, reusable);
        continue;
      }
      const index = new MiniSearch<ChunkDocument>({
        fields: [...FIELDS],
        storeFields: ['articleId', 'chunk'],
        tokenize: spaceSplit,
        processTerm: identity,
      });
      index.addAll(items.flatMap((item) => item.chunks));
      byLanguage.set(language, index);
    }
    return new KnowledgeIndex(revision, articles, byLanguage, bySlug, prepared, signatures);
  }

  /** Whether any article is published in a language. */
  has(language: Language): boolean {
    return (this.byLanguage.get(language)?.documentCount ?? 0) > 0;
  }

  /** The best chunks of a language's articles for a question plan, best first. */
  search(plan: QueryPlan, language: Language, limit = 20): ChunkHit[] {
    const index = this.byLanguage.get(language);
    if (!index || index.documentCount === 0 || plan.terms.length === 0) return [];
    const query: Query = {
      combineWith: 'OR',
      queries: plan.terms.map((t) => ({
        queries: [t.term],
        prefix: t.prefix,
        fuzzy: t.fuzzy,
        boostTerm: () => t.weight * (t.generic ? 0.4 : 1),
      })),
    };
    const groupOf = new Map(plan.terms.map((t) => [t.term, t.group]));
    const results: SearchResult[] = index.search(query, { boost: BOOST, tokenize: spaceSplit, processTerm: identity });
    // MiniSearch multiplies a score by the number of query terms matched; a word's folded form
    // and its stem are two terms, so count matched groups (words and concepts) instead.
    const hits = results.flatMap((r) => {
      const article = this.articles.get(r['articleId'] as number);
      if (!article) return [];
      const groups = new Set<number>();
      for (const term of r.queryTerms) {
        const group = groupOf.get(term);
        if (group !== undefined) groups.add(group);
      }
      const score = (r.score / Math.max(1, r.queryTerms.length)) * groups.size;
      return [{ article, chunk: r['chunk'] as number, score, groups }];
    });
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
