import type { Language } from '@esim/contract/languages';

/**
 * Text normalisation shared by the whole local chat engine: the index, the queries, the
 * gazetteer, the intents and the evaluation's fact check all use {@link fold}, so that they agree
 * on what "the same word" is.
 */

const ASCII = /^[\x20-\x5f\x61-\x7e\n\r\t]*$/;

/** Letters that NFKD does not decompose into a base letter plus marks. */
const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

/**
 * The Turkish-safe case fold: `İ` and `I` are lower-cased the
 * Turkish way first, so "İADE", "iade" and "İade" all give "iade" (plain `toLowerCase()` turns
 * "İstanbul" into "i̇stanbul" with a combining dot), then diacritics are stripped and the dotless
 * `ı` becomes `i`: "ışık" -> "isik", "Rückerstattung" -> "ruckerstattung", "Straße" -> "strasse".
 * Also folds typographic apostrophes and dashes to ASCII. Lossy, but the same everywhere.
 */
export function fold(text: string): string {
  // Plain ASCII needs only lower-casing (the dotless ı of "I" ends up as "i" anyway).
  if (ASCII.test(text)) return text.toLowerCase();
  // Once İ and I are mapped, the Turkish locale's lower-casing is the plain one.
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'ı')
    .toLowerCase()
    .replace(/[ßæœøłđðþ]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-');
}

/**
 * Lower-cases a word for a stemmer, keeping its diacritics (the Snowball stemmers expect "başlar",
 * "rückerstattung"): Turkish rules for Turkish, and `İ`/`I` mapped to `i` for the others.
 */
export function lowerFor(language: Language, word: string): string {
  if (language === 'tr') return word.replace(/İ/g, 'i').replace(/I/g, 'ı').toLowerCase();
  return word.replace(/İ/g, 'i').toLowerCase();
}

/**
 * Phrase normalisation on folded text, so that spellings of one
 * thing become one token in documents and questions alike: "e-SIM"/"e sim" -> "esim",
 * "top-up"/"top ups" -> "topup", "hot spot" -> "hotspot", "wi-fi" -> "wifi", "e-mail" -> "email",
 * "1 GB" -> "1gb", "512 kbps" -> "512kbps", "SM-DP+" -> "smdp".
 */
export function normalisePhrases(folded: string): string {
  return folded
    .replace(/\be[\s-]?sims?\b/g, 'esim')
    .replace(/\besim(?:ler|leri|lerim|lerimi|imi|imin|ime|imde|im|in|ini|i|e|de|den|le)\b/g, 'esim')
    .replace(/\btop[\s-]?ups?\b/g, 'topup')
    .replace(/\bhot[\s-]?spots?\b/g, 'hotspot')
    .replace(/\bwi[\s-]?fi\b/g, 'wifi')
    .replace(/\be[\s-]mails?\b/g, 'email')
    .replace(/\bsm[\s-]?dp\s?\+?/g, 'smdp ')
    .replace(/\b(\d+(?:[.,]\d+)?)\s?(gb|mb|kbps|mbps|gbps)\b/g, '$1$2')
    .replace(/\bq\.?r\.?[\s-]?(code|kod|kodu|codigo)\b/g, 'qr $1');
}

/**
 * Splits text into word tokens on whitespace and punctuation (MiniSearch's own rule, which keeps
 * Turkish letters intact). The apostrophe splits too, so
 * "Japonya'da" gives "Japonya" and "da".
 */
export function tokenize(text: string): string[] {
  return text.split(/[\n\r\p{Z}\p{P}\p{S}]+/u).filter(Boolean);
}

/** Folded, phrase-normalised tokens of a text. */
export function foldedTokens(text: string): string[] {
  return tokenize(normalisePhrases(fold(text)));
}
