import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { detectLanguage } from './engine/language.ts';

/**
 * The language a chat reply is written in (the visitor's: detected from the message, falling back
 * to the page language sent with the request; docs/product-rules.md#chat-assistant-and-knowledge-base),
 * and the assistant's own fixed texts in the store's five languages.
 */

/** Longest `Accept-Language` header read; browsers send a few dozen characters. */
const MAX_ACCEPT_LANGUAGE_LENGTH = 500;

/**
 * The first of the store's languages an `Accept-Language` header (RFC 9110 section 12.5.4) asks
 * for, by quality (`q`, default 1; `q=0` means "not this one"), ties in the header's order. Only
 * the primary subtag counts (`de-CH` is `de`). Undefined when the header is missing, malformed or
 * names none of the five.
 * @example acceptLanguageOf('ja, fr-CA;q=0.8, en;q=0.5') // 'fr'
 */
export function acceptLanguageOf(header: string | readonly string[] | undefined): Language | undefined {
  const text = (typeof header === 'string' ? header : (header ?? []).join(',')).slice(0, MAX_ACCEPT_LANGUAGE_LENGTH);
  const ranges = text
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.map((p) => /^q=([0-9.]+)$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const quality = q === undefined ? 1 : Number(q);
      return { code: tag.split('-')[0]?.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.find((r) => isLanguage(r.code))?.code as Language | undefined;
}

/**
 * The language to answer `message` in: its own language when `detectLanguage` can tell it, else
 * the page's (`pageLanguage`, the request body's `language`), else the first supported language
 * of the browser's `Accept-Language`, else English (the storefront's own fallback).
 */
export function chooseLanguage(
  message: string,
  pageLanguage: Language | undefined,
  acceptLanguage: Language | undefined,
): Language {
  return detectLanguage(message, pageLanguage ?? acceptLanguage ?? DEFAULT_LANGUAGE);
}

/**
 * The reply when an engine fails (an HTTP error or the network), shown as an agent message like
 * any other, in each language. Each says exactly what the English one does.
 */
export const CHAT_ERROR_REPLIES: Readonly<Record<Language, string>> = {
  en: 'Sorry, an error occurred. Please try again.',
  tr: 'Üzgünüm, bir hata oluştu. Lütfen tekrar deneyin.',
  es: 'Lo siento, se ha producido un error. Por favor, inténtalo de nuevo.',
  fr: 'Désolé, une erreur est survenue. Veuillez réessayer.',
  de: 'Entschuldigung, es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
};
