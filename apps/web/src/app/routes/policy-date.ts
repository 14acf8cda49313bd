import type { Language } from '@esim/contract/languages';

/** When the policy texts last changed (ISO date, UTC). */
export const POLICY_UPDATED_ISO = '2026-11-22';

/**
 * {@link POLICY_UPDATED_ISO} as each language writes a long date: what
 * `Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' })` gives, held equal by
 * `policy-date.test.ts`. Written out rather than formatted on the page: a browser loads the locale
 * data for its first `Intl.DateTimeFormat`, some 30 to 50 ms on this project's test machines and
 * more on a phone, and the policy pages need it for nothing else.
 */
export const POLICY_UPDATED_TEXT: Readonly<Record<Language, string>> = {
  en: 'November 22, 2026',
  tr: '22 Kasım 2026',
  es: '22 de noviembre de 2026',
  fr: '22 novembre 2026',
  de: '22. November 2026',
};
