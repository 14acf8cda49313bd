import type { Language } from '@esim/contract/languages';
import type { InlineImage } from '../../providers/mail/mailer.ts';
import type { CommonEmailStrings, Plural } from './locales/index.ts';
import { SUPPORT_CONTACT } from './support-contact.ts';

/**
 * What every e-mail template shares besides its React components (those are in
 * `email-layout.tsx`): the brand's colours and fonts, text filling and plurals, link checks, the
 * plain-text support block, and the `cid:` to `data:` rewrite of the preview. Every link goes
 * through {@link assertHttpUrl}; React escapes every text of the HTML.
 */

/** Brand colours of the storefront (`apps/web/src/index.css`). */
export const COLORS = {
  brand: '#0f766e',
  brandSoft: '#f0fdfa',
  ink: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  page: '#f1f5f9',
  white: '#ffffff',
} as const;

/** The storefront's system font stack, set on every text element (clients drop inherited fonts). */
export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** Monospace stack for codes (ICCID, activation code, access token). */
export const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/**
 * Escapes text for HTML element content and quoted attribute values (`&<>"'`), with the same
 * character references React writes, so escaped text can be looked for in a rendered e-mail. For
 * the few pages written as strings (the preview's index); templates let React escape.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Replaces `{key}` placeholders with `vars[key]`; unknown placeholders stay as they are.
 * Plain text in, plain text out (React escapes it in the HTML).
 */
export function fill(template: string, vars: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in vars ? String(vars[key]) : match));
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The form of `texts` for `count` by the language's CLDR plural rules (`Intl.PluralRules`);
 * categories other than `one` (`few`, `many`...) use `other`. Placeholders are left for
 * {@link fill} or `fillElements` (`email-layout.tsx`).
 */
export function pluralForm(texts: Plural, count: number, language: Language): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count) === 'one' ? texts.one : texts.other;
}

/**
 * Returns `url` when it is an absolute http(s) URL, so that no `javascript:` or relative link
 * reaches a message.
 * @throws TypeError naming `field` otherwise.
 */
export function assertHttpUrl(url: string, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`${field} must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError(`${field} must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
  }
  return url;
}

/**
 * The support section every message ends with (specification section 9) as plain-text lines,
 * starting with the `== heading ==` line; the HTML twin is `SupportSection` in `email-layout.tsx`.
 */
export function supportText(common: CommonEmailStrings): string[] {
  return [
    `== ${common.supportHeading} ==`,
    common.supportIntro,
    `${common.emailLabel}: ${SUPPORT_CONTACT.email}`,
    `${common.whatsappLabel}: ${SUPPORT_CONTACT.whatsapp}`,
    `${common.phoneLabel}: ${SUPPORT_CONTACT.phone}`,
    common.supportHours,
  ];
}

/**
 * The closing lines of every plain-text part: the support block, then the signature separator
 * (`--`), why the reader got the message (`reason`, filled with `vars`) and the tagline.
 */
export function textFooter(
  common: CommonEmailStrings,
  reason: string,
  vars: Readonly<Record<string, string | number>>,
): string[] {
  return [...supportText(common), '', '--', fill(reason, vars), fill(common.tagline, vars), ''];
}

/**
 * Rewrites `cid:` references of `html` to `data:` URIs of `images`, for showing a message in a
 * browser (the e-mail preview, the admin Outbox) where no MIME parts exist.
 */
export function inlineImagesAsDataUris(
  html: string,
  images: readonly Pick<InlineImage, 'cid' | 'contentType' | 'content'>[],
): string {
  let out = html;
  for (const image of images) {
    out = out.replaceAll(`cid:${image.cid}`, `data:${image.contentType};base64,${image.content.toString('base64')}`);
  }
  return out;
}
