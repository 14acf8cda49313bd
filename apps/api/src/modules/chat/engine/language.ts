import { type Language, LANGUAGE_CODES } from '@esim/contract/languages';
import { detectAll } from 'tinyld';

/**
 * The language of a chat message (issue 11 "answered in the visitor's language (detected from the
 * message, falling back to the page language sent with the request)"), told by tinyld among the
 * store's five languages (research/chat.md section 2.2: 12/12 on short queries). Letters only
 * Turkish has (ç ğ ı ş İ) decide at once; a message too short or too unsure to tell (a product
 * name, "hotspot?") keeps `fallback`.
 */
export function detectLanguage(message: string, fallback: Language): Language {
  if (/[ğışİĞŞı]/.test(message)) return 'tr';
  const letters = message.replace(/[^\p{L}]+/gu, '');
  if (letters.length < 6) return fallback;
  const candidates = detectAll(message).filter((c): c is { lang: Language; accuracy: number } =>
    (LANGUAGE_CODES as readonly string[]).includes(c.lang),
  );
  const best = candidates[0];
  if (!best) return fallback;
  // The page language wins a close call: "Unlimited plan Japan" on the Spanish page stays Spanish-ish short text.
  const page = candidates.find((c) => c.lang === fallback);
  if (page && best.lang !== fallback && best.accuracy - page.accuracy < 0.1) return fallback;
  return best.accuracy >= 0.2 ? best.lang : fallback;
}
