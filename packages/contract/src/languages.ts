/**
 * The store's five interface languages (`docs/product-rules.md#languages`): all left to right, each with
 * a flag and a native name. `flag` is an ISO 3166-1 alpha-2 code for the flag icon.
 */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English', flag: 'gb' },
  { code: 'tr', nativeName: 'Türkçe', flag: 'tr' },
  { code: 'es', nativeName: 'Español', flag: 'es' },
  { code: 'fr', nativeName: 'Français', flag: 'fr' },
  { code: 'de', nativeName: 'Deutsch', flag: 'de' },
] as const;

/** A supported interface language code. */
export type Language = (typeof LANGUAGES)[number]['code'];

/** Language codes, in menu order; English first because it is the fallback. */
export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

/** Fallback language when neither storage nor the browser names a supported one. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Narrows an arbitrary string to a supported language code. */
export function isLanguage(value: string | null | undefined): value is Language {
  return value != null && (LANGUAGE_CODES as readonly string[]).includes(value);
}
