/**
 * Readers of two kinds of claim in the store's texts, in its five languages, for the tests that
 * keep them true and consistent (`storefront-copy.test.ts`, `e2e/tests/ssr.spec.ts`):
 *
 * - that something is there at every hour ("24/7", "7/24", "24h/24, 7j/7", "rund um die Uhr",
 *   "around the clock"...). Only the chat assistant and the intake of e-mails and contact-form
 *   messages are; the people of the support team keep the hours of
 *   `packages/contract/src/support-hours.ts`.
 * - how many destinations the store sells plans for ("240+ destinations", "más de 240 destinos",
 *   "240'tan fazla ülke", "Show all 246 destinations"). The one figure comes from the catalogue
 *   (`packages/contract/src/destination-figure.ts`).
 *
 * Plain functions over text, without dependencies, so that the browser tests can import them.
 */

/** Words that say something is there at every hour. */
const ROUND_THE_CLOCK =
  /24\s*\/\s*7|7\s*\/\s*24|24\s*h?\s*\/\s*24|7\s*j\s*\/\s*7|rund um die uhr|around the clock|day and night|tag und nacht|jour et nuit|d[ií]a y noche|gece g[üu]nd[üu]z|las 24 horas|24 horas del d[ií]a|24 stunden am tag/iu;

/**
 * What may be there at every hour: the chat assistant ("assistant", "asistan", "asistente",
 * "Assistent"; not French "assistance", which is support by people), and the intake of messages
 * ("received", "recibimos", "reçus", "empfangen", "entgegen", "alınır", "alıyoruz").
 */
const ALWAYS_THERE =
  /assistant\b|asistan|asistente|assistent(?!z)|receiv|recib|re[çc]u|empfang|entgegen|al[ıi]n[ıi]r|al[ıi]yoruz/iu;

/** A text's sentences (a label and its value, joined by the caller, count as one). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The sentences of `text` that say something is there at every hour without naming the chat
 * assistant or the intake of messages: a claim of round-the-clock support by people, which the
 * support hours contradict. A heuristic by sentence: "the assistant answers 24/7, and so does
 * our team" would pass, so texts keep such claims in sentences of their own.
 */
export function roundTheClockClaims(text: string): string[] {
  return sentences(text).filter((s) => ROUND_THE_CLOCK.test(s) && !ALWAYS_THERE.test(s));
}

/** Words for destinations, countries or territories. */
const DESTINATION_WORD =
  /countr|destination|territor|destino|pa[ií]s|pays|l[äa]nder|reiseziel|ülke|destinasyon|regions\b/iu;

/**
 * The numbers `text` states as a count of destinations or countries: a number of two or more
 * digits followed by `+` ("240+", a figure on its own as in a fact tile; not "30+ days"), or followed within a
 * few words by a word for destinations ("more than 240 countries", "Show all 246 destinations",
 * "240'tan fazla ülke", "über 240 Reiseziele"). Sorted, each once.
 */
export function destinationFigures(text: string): number[] {
  const found = new Set<number>();
  for (const match of text.matchAll(/(?<![\d.,:])(\d{2,})\s?\+(?!\s?(?:days?|gün|días|jours|tage|gb|mb)\b)/giu)) {
    found.add(Number(match[1]));
  }
  for (const match of text.matchAll(/(?<![\d.,:+])(\d{2,})(?![\d.,:])([^.\d\n]{0,24})/gu)) {
    if (DESTINATION_WORD.test(match[2] ?? '')) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Every time range `text` gives, as `HH:MM–HH:MM`: "09:00–18:00", "09:00-18:00", "de 09:00 a
 * 18:00", "von 09:00 bis 18:00", "09:00 ile 18:00".
 */
export function timeRanges(text: string): string[] {
  return [...text.matchAll(/(\d{2}:\d{2})\s*(?:[–—-]|\ba\b|\bà\b|\bbis\b|\bile\b|\bto\b)\s*(\d{2}:\d{2})/gu)].map(
    (m) => `${m[1]}–${m[2]}`,
  );
}

/**
 * Mentions of a live chat with people ("live chat", "Live-Chat", "chat en direct", "chat en
 * directo", "chat en vivo", "canlı sohbet", "canlı destek"): the chat button opens the assistant.
 */
export function liveChatMentions(text: string): string[] {
  return [...text.matchAll(/live[- ]?chat|chat en (?:direct|directo|vivo)|canl[ıi] (?:sohbet|destek)/giu)].map(
    (m) => m[0],
  );
}
