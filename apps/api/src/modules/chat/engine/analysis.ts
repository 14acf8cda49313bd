import type { Language } from '@esim/contract/languages';
import { foldedTokens } from './fold.ts';
import { conceptTerm, findConcepts, questionConcepts, WEAK_CONCEPTS } from './lexicon.ts';
import { isStopword, stem } from './stemming.ts';

/**
 * How the local engine reads a text, the same way for articles and questions (decision record
 * 0017): folded, phrase-normalised tokens; function words dropped; each word
 * indexed as its folded form and its Snowball stem (plus, for Turkish, whose stemmer is weak, its
 * first five letters: "F5" truncation); and a `~concept` term for every concept of the lexicon
 * the text expresses.
 */

/** Words so common in this shop's texts that they alone never make an answer fit (the confidence gate of `local-engine.ts`). */
export const GENERIC_WORDS = new Set([
  'esim',
  'esims',
  'sim',
  'plan',
  'plans',
  'planes',
  'paket',
  'paketi',
  'paketim',
  'tarif',
  'tarife',
  'tarifs',
  'forfait',
  'forfaits',
  'data',
  'datos',
  'daten',
  'donnees',
  'veri',
  'internet',
  'phone',
  'telefon',
  'telefono',
  'telephone',
  'handy',
  'mobile',
  'movil',
  'travel',
  'trip',
  'viaje',
  'voyage',
  'reise',
  'seyahat',
  'use',
  'usar',
  'utiliser',
  'nutzen',
  'kullan',
  'kullanmak',
  'work',
  'works',
  'roamwise',
  'store',
  'help',
  'question',
]);

/** One word of a text: its folded form, its stem, and whether it is a function word. */
export interface Word {
  folded: string;
  stem: string;
  /** First five letters, Turkish only (undefined elsewhere or for shorter words). */
  f5: string | undefined;
  stop: boolean;
}

/** A text as the engine reads it. */
export interface Analysis {
  words: Word[];
  /** Concept ids found (with repeats, one per occurrence). */
  concepts: string[];
  /** Concepts found through a phrase of two words or more ("no internet"), and the token positions of those phrases. */
  phraseConcepts: Set<string>;
  phraseTokens: Set<number>;
}

/** Reads a text in a language (see the module comment); `question` adds the English concepts of {@link questionConcepts}. */
export function analyze(text: string, language: Language, question = false): Analysis {
  const tokens = foldedTokens(text);
  const matches = question ? questionConcepts(tokens, language) : findConcepts(tokens, language);
  const concepts = matches.map((m) => m.concept);
  const phraseConcepts = new Set<string>();
  const phraseTokens = new Set<number>();
  for (const m of matches) {
    if (!m.strong) continue;
    phraseConcepts.add(m.concept);
    if (m.end - m.start > 1) for (let i = m.start; i < m.end; i += 1) phraseTokens.add(i);
  }
  const words = tokens.map((folded): Word => {
    const stop = isStopword(language, folded);
    return {
      folded,
      stem: stop ? folded : stem(language, folded),
      f5: language === 'tr' && folded.length > 5 && !/^\d/.test(folded) ? folded.slice(0, 5) : undefined,
      stop,
    };
  });
  return { words, concepts, phraseConcepts, phraseTokens };
}

/** The index terms of a text (MiniSearch receives them joined with spaces and splits on spaces). */
export function indexTerms(analysis: Analysis): string[] {
  const terms: string[] = [];
  for (const word of analysis.words) {
    if (word.stop || word.folded.length < 2) continue;
    terms.push(word.folded);
    if (word.stem !== word.folded && word.stem.length >= 2) terms.push(word.stem);
    if (word.f5 && word.f5 !== word.stem) terms.push(`^${word.f5}`);
  }
  for (const concept of analysis.concepts) terms.push(conceptTerm(concept));
  return terms;
}

/** A term of a question with how it is searched. */
export interface QueryTerm {
  term: string;
  /** The question word (index into its content words) the term comes from; concepts have their own groups. */
  group: number;
  kind: 'word' | 'stem' | 'f5' | 'concept';
  weight: number;
  prefix: boolean;
  fuzzy: number | false;
  generic: boolean;
}

/** A question as the engine searches it: its terms and the groups (words and concepts) they belong to. */
export interface QueryPlan {
  terms: QueryTerm[];
  /** Number of groups (content words plus concepts). */
  groups: number;
  /** Groups that are generic words ({@link GENERIC_WORDS}). */
  genericGroups: Set<number>;
  /** Folded content words, in order. */
  words: string[];
  concepts: string[];
  /** The groups that are concepts. */
  conceptGroups: Set<number>;
}

/** Weight of a concept term against the words themselves (below 1: a synonym is weaker evidence than the word). */
export const CONCEPT_WEIGHT = 0.6;
/** Content words of a question searched at most (a 2,000-character message stays as fast as a short one). */
const MAX_QUERY_WORDS = 32;
/** A concept said in a phrase ("no internet", "not received") is specific: it weighs as much as a word, and the phrase's own words half. */
const PHRASE_CONCEPT_WEIGHT = 1.5;
const PHRASE_WORD_WEIGHT = 0.5;

/**
 * The search plan of a question: per content word its folded form
 * (prefix search from 5 letters, fuzzy 0.2 from 7 letters) and its stem (prefix from 4 letters),
 * for Turkish its F5 term; per concept its `~concept` term at {@link CONCEPT_WEIGHT}.
 */
export function queryPlan(question: string, language: Language): QueryPlan {
  const analysis = analyze(question, language, true);
  const terms: QueryTerm[] = [];
  const genericGroups = new Set<number>();
  const words: string[] = [];
  let group = 0;
  const seen = new Set<string>();
  analysis.words.forEach((word, position) => {
    if (word.stop || word.folded.length < 2 || seen.has(word.folded) || words.length >= MAX_QUERY_WORDS) return;
    seen.add(word.folded);
    words.push(word.folded);
    const generic = GENERIC_WORDS.has(word.folded) || GENERIC_WORDS.has(word.stem);
    if (generic) genericGroups.add(group);
    const isNumber = /^\d/.test(word.folded);
    const weight = analysis.phraseTokens.has(position) ? PHRASE_WORD_WEIGHT : 1;
    terms.push({
      term: word.folded,
      group,
      kind: 'word',
      weight,
      prefix: !isNumber && word.folded.length >= 5,
      fuzzy: !isNumber && word.folded.length >= 7 ? 0.2 : false,
      generic,
    });
    if (word.stem !== word.folded && word.stem.length >= 2) {
      terms.push({ term: word.stem, group, kind: 'stem', weight, prefix: false, fuzzy: false, generic });
    }
    if (word.f5 && word.f5 !== word.stem) {
      terms.push({
        term: `^${word.f5}`,
        group,
        kind: 'f5',
        weight: 0.7 * weight,
        prefix: false,
        fuzzy: false,
        generic,
      });
    }
    group += 1;
  });
  const concepts = [...new Set(analysis.concepts)];
  const conceptGroups = new Set<number>();
  for (const concept of concepts) {
    conceptGroups.add(group);
    if (WEAK_CONCEPTS.has(concept)) genericGroups.add(group);
    const weight =
      analysis.phraseConcepts.has(concept) && !WEAK_CONCEPTS.has(concept) ? PHRASE_CONCEPT_WEIGHT : CONCEPT_WEIGHT;
    terms.push({
      term: conceptTerm(concept),
      group,
      kind: 'concept',
      weight,
      prefix: false,
      fuzzy: false,
      generic: false,
    });
    group += 1;
  }
  return { terms, groups: group, genericGroups, words, concepts, conceptGroups };
}
