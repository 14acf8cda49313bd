import { type Language, LANGUAGE_CODES } from '@esim/contract/languages';
import { detectAll } from 'tinyld';
import { fold, foldedTokens } from './fold.ts';
import { languageCueWords } from './lexicon.ts';
import { STOPWORDS } from './stemming.ts';

/**
 * The language of a chat message, so the reply is in the visitor's language (falling back to the
 * page language sent with the request: `chat-language.ts`).
 *
 * tinyld alone is unsure on the two- to five-word questions of a
 * chat: it gives "Is my Pixel 6 compatible?" to Afrikaans and "reembolso" to Afrikaans too. So
 * the decision adds up evidence, in points per language:
 * - function words (the engine's stop-word lists: "wann", "mein", "can", "est-ce", "ne zaman"),
 *   a word shared by several languages split between them;
 * - the topic words of the concept lexicon that belong to one language ("remboursement",
 *   "Rückerstattung", "iade", "refund");
 * - letters and endings only some of the languages use (ğ ı ş for Turkish, ñ ¿ ¡ for Spanish, ß ä
 *   for German, è ê à ç œ for French; "-ción", "-ung", "-iyor");
 * - tinyld's own verdict, weighted by the message's length.
 * The page language (`fallback`) wins when nothing scores at least one point (a product name,
 * "hotspot?", "Japan") or when it is within half a point of the best.
 */

/** Points below which a message is too short or too international to tell. */
const MIN_POINTS = 1;
/** The page language keeps a close call. */
const PAGE_MARGIN = 0.5;

const cueWords = new Map(LANGUAGE_CODES.map((language) => [language, languageCueWords(language)]));

/** Letters (raw, before folding) that point at languages, with their points. */
const LETTER_CUES: readonly { pattern: RegExp; points: Partial<Record<Language, number>> }[] = [
  { pattern: /[ğĞışŞİ]/, points: { tr: 2.5 } },
  { pattern: /[ñÑ¿¡]/, points: { es: 2 } },
  { pattern: /[áíóúÁÍÓÚ]/, points: { es: 1 } },
  { pattern: /ß/, points: { de: 2 } },
  { pattern: /[äÄ]/, points: { de: 1.5 } },
  { pattern: /[öüÖÜ]/, points: { de: 0.75, tr: 0.75 } },
  { pattern: /[èêëàâîôûùœÈÊÀÂÎÔÛ]/, points: { fr: 1.5 } },
  { pattern: /[çÇ]/, points: { fr: 0.75, tr: 0.75 } },
  { pattern: /[éÉ]/, points: { fr: 0.75, es: 0.25 } },
];

/** Word endings (folded) typical of one language, half a point each. */
const ENDINGS: readonly { pattern: RegExp; language: Language }[] = [
  { pattern: /.{3}cion(es)?$/, language: 'es' },
  { pattern: /.{3}(iyor|iyorum|uyor|uyorum|ıyor|mıyor|miyor|muyor)$/, language: 'tr' },
  { pattern: /.{3}(lar|ler|lari|leri|larim|lerim|mak|mek)$/, language: 'tr' },
  { pattern: /.{3}(ung|ungen|keit|lich|chen)$/, language: 'de' },
  { pattern: /.{3}(eaux|ement|ière|iere)$/, language: 'fr' },
];

function cueLanguages(token: string): Language[] {
  const languages: Language[] = [];
  for (const language of LANGUAGE_CODES) {
    if (STOPWORDS[language].has(token)) {
      languages.push(language);
      continue;
    }
    if (
      token.length >= 4 &&
      cueWords.get(language)!.some((cue) => (cue.prefix ? token.startsWith(cue.text) : token === cue.text))
    ) {
      languages.push(language);
    }
  }
  return languages;
}

/** The points of each language for a message (exported for tests and tuning). */
export function languagePoints(message: string): Record<Language, number> {
  const points = Object.fromEntries(LANGUAGE_CODES.map((l) => [l, 0])) as Record<Language, number>;
  for (const cue of LETTER_CUES) {
    if (cue.pattern.test(message))
      for (const [language, p] of Object.entries(cue.points)) points[language as Language] += p;
  }
  const tokens = foldedTokens(message).filter((token) => !/^\d/.test(token));
  for (const token of tokens) {
    const languages = cueLanguages(token);
    for (const language of languages) points[language] += 1 / languages.length;
    for (const ending of ENDINGS) if (ending.pattern.test(token)) points[ending.language] += 0.5;
  }
  const letters = fold(message).replace(/[^\p{L}]+/gu, '').length;
  if (letters >= 8) {
    const weight = letters >= 40 ? 3 : letters >= 20 ? 2 : 1;
    for (const candidate of detectAll(message)) {
      if ((LANGUAGE_CODES as readonly string[]).includes(candidate.lang)) {
        points[candidate.lang as Language] += weight * Math.min(1, candidate.accuracy * 2);
      }
    }
  }
  return points;
}

/**
 * The language of `message` among the store's five, else `fallback` (the page's language) when
 * the message is too short or too international to tell, or when the page's language is within
 * half a point of the best (see the module comment for the points).
 * @example detectLanguage('Wann beginnt mein Tarif?', 'en') // 'de'
 * @example detectLanguage('Can I get a refund?', 'de') // 'en'
 * @example detectLanguage('hotspot?', 'fr') // 'fr'
 */
export function detectLanguage(message: string, fallback: Language): Language {
  const points = languagePoints(message);
  let best: Language = fallback;
  for (const language of LANGUAGE_CODES) if (points[language] > points[best]) best = language;
  if (points[best] < MIN_POINTS) return fallback;
  if (best !== fallback && points[best] - points[fallback] < PAGE_MARGIN) return fallback;
  return best;
}
