import type { Language } from '@esim/contract/languages';
import type { KbDocument } from '../knowledge-base/knowledge-source.ts';
import { type Analysis, analyze, type QueryPlan } from './analysis.ts';

/**
 * Articles cut into what the engine indexes and quotes:
 * sections under their headings, chunks of one to three paragraphs, and sentences (list items
 * count as sentences). Sentences are scored against a question with Lucene's `PassageScorer`
 * (each sentence "a miniature document within the document"), and the best one to three, in the
 * article's order, make the reply.
 */

/** One sentence (or list item) of an article, in plain text. */
export interface Sentence {
  text: string;
  /** Offset of the sentence in the article's plain text (for the position norm). */
  start: number;
  /** Index of the chunk it belongs to. */
  chunk: number;
  /** Index of its paragraph in the article. */
  paragraph: number;
  listItem: boolean;
  /** The short line ending in ":" that introduces the list the item belongs to ("Install on a Samsung Galaxy:"). */
  intro: string | undefined;
  analysis: Analysis;
}

/** One to three paragraphs of one section. */
export interface Chunk {
  index: number;
  heading: string;
  text: string;
  /** The heading as the engine reads it; undefined under the article's title. */
  headingAnalysis: Analysis | undefined;
}

/** An article cut up for the engine. */
export interface ParsedArticle {
  doc: KbDocument;
  chunks: Chunk[];
  sentences: Sentence[];
  /** Length of the article's plain text, characters. */
  length: number;
}

/** Paragraphs per chunk at most, and characters per chunk above which a chunk is closed early. */
const CHUNK_PARAGRAPHS = 3;
const CHUNK_CHARS = 700;

/** Markdown inline syntax to plain text: links keep their text, emphasis and code marks go. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Block {
  heading: string;
  lines: string[];
  list: boolean;
}

/** Splits Markdown into paragraphs (a list is one paragraph whose items are its sentences) under their headings. */
function blocks(markdown: string, title: string): Block[] {
  const result: Block[] = [];
  let heading = title;
  let current: Block | undefined;
  const close = () => {
    if (current && current.lines.length > 0) result.push(current);
    current = undefined;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const headingMatch = /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
    if (headingMatch) {
      close();
      heading = inlineText(headingMatch[1]!);
      continue;
    }
    if (line === '' || /^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      close();
      continue;
    }
    if (/^\|?\s*:?-{2,}/.test(line) && line.includes('-') && /^[|:\-\s]+$/.test(line)) continue; // table rule
    const item = /^(?:[-*+]|\d{1,2}[.)])\s+(.*)$/.exec(line);
    const tableRow = line.startsWith('|')
      ? line
          .split('|')
          .map((c) => inlineText(c))
          .filter(Boolean)
          .join(' – ')
      : undefined;
    const text = tableRow ?? inlineText((item ? item[1]! : line).replace(/^>\s?/, ''));
    if (!text) continue;
    const isItem = Boolean(item) || tableRow !== undefined;
    if (current && current.list !== isItem && !(current.list && !isItem && !item && raw.startsWith(' '))) close();
    current ??= { heading, lines: [], list: isItem };
    if (isItem || current.lines.length === 0) current.lines.push(text);
    else current.lines[current.lines.length - 1] += ` ${text}`;
  }
  close();
  return result;
}

const ABBREVIATIONS = new Set(
  'e.g i.e etc vs approx incl no nr z.b bzw ca usw ggf inkl evtl sog p.ej ej etc. mr mrs ms dr st min max vb örn orn bkz yak sa av ap env cf mo di mi do fr sa so'.split(
    ' ',
  ),
);

/** Splits a paragraph into sentences, keeping abbreviations ("e.g.", "z. B.") and, in German and Turkish, ordinals ("2. Generation") together. */
export function splitSentences(paragraph: string, language: Language): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /([.!?…])["”»)]?\s+(?=["“«¿¡(]?[\p{Lu}\p{N}])/gu;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[0].length;
    const before = paragraph.slice(start, match.index + 1);
    const lastWord = /(\S+)$/.exec(before.slice(0, -1))?.[1]?.toLowerCase() ?? '';
    if (match[1] === '.') {
      if (ABBREVIATIONS.has(lastWord) || ABBREVIATIONS.has(lastWord.replace(/\./g, '.'))) continue;
      if (/^[a-z]$/i.test(lastWord) || /^([a-z]\.)+[a-z]$/i.test(lastWord)) continue; // "z. B.", "U.S."
      if ((language === 'de' || language === 'tr') && /^\d{1,2}$/.test(lastWord)) continue;
    }
    const sentence = paragraph.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** Cuts an article into chunks and sentences (see the module comment). */
export function parseArticle(doc: KbDocument): ParsedArticle {
  const chunks: Chunk[] = [];
  const sentences: Sentence[] = [];
  let offset = 0;
  let paragraphIndex = 0;
  let chunk: { heading: string; parts: string[]; chars: number } | undefined;
  const flush = () => {
    if (chunk && chunk.parts.length > 0) {
      const headingAnalysis = chunk.heading === doc.title ? undefined : analyze(chunk.heading, doc.language);
      chunks.push({ index: chunks.length, heading: chunk.heading, text: chunk.parts.join('\n'), headingAnalysis });
    }
    chunk = undefined;
  };
  const all = blocks(doc.body, doc.title);
  all.forEach((block, blockIndex) => {
    const paragraphText = block.lines.join(block.list ? '\n' : ' ');
    const next = all[blockIndex + 1];
    const isIntro =
      !block.list &&
      block.lines.length === 1 &&
      paragraphText.endsWith(':') &&
      paragraphText.length <= 100 &&
      next?.list === true &&
      next.heading === block.heading;
    const previous = all[blockIndex - 1];
    const intro =
      block.list &&
      previous &&
      !previous.list &&
      previous.lines.length === 1 &&
      previous.lines[0]!.endsWith(':') &&
      previous.lines[0]!.length <= 100
        ? previous.lines[0]
        : undefined;
    if (
      chunk &&
      (chunk.heading !== block.heading ||
        (chunk.parts.length >= CHUNK_PARAGRAPHS && !isIntro && !intro) ||
        chunk.chars + paragraphText.length > CHUNK_CHARS)
    )
      flush();
    chunk ??= { heading: block.heading, parts: [], chars: 0 };
    chunk.parts.push(paragraphText);
    chunk.chars += paragraphText.length;
    if (isIntro) return;
    const chunkIndex = chunks.length;
    const pieces = block.list ? block.lines : splitSentences(paragraphText, doc.language);
    for (const text of pieces) {
      sentences.push({
        text,
        start: offset,
        chunk: chunkIndex,
        paragraph: paragraphIndex,
        listItem: block.list,
        intro,
        analysis: analyze(intro ? `${intro} ${text}` : text, doc.language),
      });
      offset += text.length + 1;
    }
    paragraphIndex += 1;
  });
  flush();
  return { doc, chunks, sentences, length: offset };
}

/** Lucene PassageScorer constants: k1, b, and the pivot ("typical average english sentence length"). */
const K1 = 1.2;
const B = 0.75;
const PIVOT = 87;

/** How a query group is found in a sentence: by its word forms or by its concept. */
interface GroupMatcher {
  weight: number;
  matches: (analysis: Analysis) => number;
}

function matchers(plan: QueryPlan): GroupMatcher[] {
  const byGroup = new Map<number, QueryPlan['terms']>();
  for (const term of plan.terms) byGroup.set(term.group, [...(byGroup.get(term.group) ?? []), term]);
  const result: GroupMatcher[] = [];
  for (const terms of byGroup.values()) {
    const concept = terms.find((t) => t.kind === 'concept');
    if (concept) {
      const id = concept.term.slice(1);
      result.push({ weight: concept.weight, matches: (a) => a.concepts.filter((c) => c === id).length });
      continue;
    }
    const generic = terms.some((t) => t.generic);
    const forms = terms.filter((t) => t.kind !== 'f5');
    const f5 = terms.find((t) => t.kind === 'f5')?.term.slice(1);
    result.push({
      weight: generic ? 0.3 : 1,
      matches: (a) =>
        a.words.filter(
          (w) =>
            !w.stop &&
            (forms.some(
              (t) =>
                w.folded === t.term ||
                w.stem === t.term ||
                (t.prefix && (w.folded.startsWith(t.term) || w.stem.startsWith(t.term))),
            ) ||
              (f5 !== undefined && w.f5 === f5)),
        ).length,
    });
  }
  return result;
}

/** A sentence with its score against a question. */
export interface ScoredSentence {
  sentence: Sentence;
  index: number;
  score: number;
}

/** Question words that ask for a number (how much, how long, when...), folded, in the five languages. */
const NUMBER_QUESTION =
  /\b(how (much|long|many|fast)|when|kac|ne kadar|ne zaman|hangi hiz|cuanto|cuanta|cuantos|cuando|combien|quand|wie (viel|lange|schnell)|wann)\b/;

/** Question words that ask for a list (which, what kinds...), folded, in the five languages. */
const LIST_QUESTION =
  /\b(which|what (kind|type)s?|hangi|hangileri|que|cuales|quel|quels|quelles|welche|welcher|welches)\b/;

/**
 * Scores every sentence of an article against a question plan with Lucene's PassageScorer:
 * `norm(start) * Σ weight * tf`, with
 * `weight = (k1+1) * ln(1 + (numDocs+0.5)/(totalTermFreq+0.5))`, `numDocs ≈ 1 + length/pivot`,
 * `tf = f/(f + k1*((1-b) + b*len/pivot))`, `norm = 1 + 1/ln(pivot+start)`. Sentences with a
 * number score 30% more when the question asks "how much / how long / when", and enumerations
 * (list items, sentences with two commas or more) when it asks "which".
 */
export function scoreSentences(article: ParsedArticle, plan: QueryPlan, foldedQuestion: string): ScoredSentence[] {
  const groups = matchers(plan);
  const numDocs = 1 + article.length / PIVOT;
  const counts = article.sentences.map((s) => groups.map((g) => g.matches(s.analysis)));
  const totals = groups.map((_, gi) => counts.reduce((sum, row) => sum + row[gi]!, 0));
  const weights = groups.map((g, gi) => g.weight * (K1 + 1) * Math.log(1 + (numDocs + 0.5) / (totals[gi]! + 0.5)));
  const wantsNumber = NUMBER_QUESTION.test(foldedQuestion);
  const wantsList = LIST_QUESTION.test(foldedQuestion);
  const mass = (row: readonly number[], len: number): number => {
    let sum = 0;
    row.forEach((f, gi) => {
      if (f > 0) sum += weights[gi]! * (f / (f + K1 * (1 - B + (B * len) / PIVOT)));
    });
    return sum;
  };
  // A section heading that matches lends its score to the section's sentences (most to the first).
  const headingScores = article.chunks.map((chunk) =>
    chunk.headingAnalysis
      ? mass(
          groups.map((g) => g.matches(chunk.headingAnalysis!)),
          chunk.heading.length,
        )
      : 0,
  );
  return article.sentences.map((sentence, index) => {
    const len = sentence.text.length;
    const firstOfChunk = index === 0 || article.sentences[index - 1]!.chunk !== sentence.chunk;
    const heading = (headingScores[sentence.chunk] ?? 0) * (firstOfChunk ? 0.8 : 0.5);
    let score = (mass(counts[index]!, len) + heading) * (1 + 1 / Math.log(PIVOT + sentence.start));
    if (wantsNumber && /\d/.test(sentence.text)) score *= 1.3;
    if (wantsList && (sentence.listItem || (sentence.text.match(/,/g)?.length ?? 0) >= 2)) score *= 1.3;
    // A question in an article ("Still no connection?") introduces an answer; it is not one.
    if (/\?["”»)]?$/.test(sentence.text)) score *= 0.5;
    return { sentence, index, score };
  });
}
