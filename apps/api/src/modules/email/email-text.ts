import { SUPPORT_CONTACT } from '@esim/contract/contact';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { type CommonEmailStrings, EMAIL_STRINGS, type EmailStrings, type Plural } from './locales/index.ts';

/**
 * The texts every e-mail template shares: the language and its texts, `{placeholder}` filling,
 * plurals and dates, the {@link MessageFrame} around every message (its HTML is `EmailLayout` in
 * `email-layout.tsx`) and the plain-text part ({@link frameText}). Texts are plain text here;
 * React escapes them in the HTML.
 */

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
 * The language a message is written in, `language` when the store has texts for it and English
 * otherwise, with its texts.
 */
export function emailLanguage(language: string): { lang: Language; strings: EmailStrings } {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return { lang, strings: EMAIL_STRINGS[lang] };
}

/**
 * `date` as a long date in `lang`, in UTC, e.g. `November 22, 2026` or `22. November 2026`.
 * @throws RangeError when `date` is not a valid date.
 */
export function longDate(date: Date | string, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
}

/** The UTC year of `date`, e.g. `2026`, for a footer's ©; empty for an invalid date. */
export function yearOf(date: Date | string): string {
  const time = new Date(date);
  return Number.isNaN(time.getTime()) ? '' : String(time.getUTCFullYear());
}

/** A section heading of a plain-text part: `== heading ==`. */
export function textHeading(heading: string): string {
  return `== ${heading} ==`;
}

/**
 * What surrounds the content of a message, the same in its HTML (`EmailLayout` in
 * `email-layout.tsx`) and its plain text ({@link frameText}): language, subject, hidden preview
 * line, heading, greeting, the support section and the small print. Every string is plain text.
 * Messages to customers make theirs with {@link customerFrame}.
 */
export interface MessageFrame {
  lang: Language;
  /** The subject; also the HTML document's title. */
  subject: string;
  /** The hidden preview line mail clients show next to the subject (up to 150 characters). */
  preheader: string;
  /** The message's main heading, first in the HTML and in the text. */
  heading: string;
  /** The line under the heading that greets the reader by name; none for the support desk. */
  greeting?: string | undefined;
  /** The small print at the end, one line each: why the message was sent, the tagline. */
  footer: readonly string[];
  /** The year of the © line the HTML adds under the footer; may be empty. */
  year: string;
  /** The support texts, when the message ends with the support section (every customer message does). */
  support?: CommonEmailStrings | undefined;
}

/** A message's own texts of its frame, with `{key}` placeholders. */
export interface FrameTexts {
  subject: string;
  /** The hidden preview line mail clients show next to the subject. */
  preheader: string;
  heading: string;
  /** Why the reader received the message. */
  reason: string;
}

/** What {@link customerFrame} needs. */
export interface CustomerFrameInput {
  lang: Language;
  common: CommonEmailStrings;
  /** The message's texts (plural forms already chosen). */
  texts: FrameTexts;
  /** Placeholder values of `texts`, the greeting (`name`) and the tagline (`brand`). */
  vars: Readonly<Record<string, string | number>>;
  /** When the message's cause happened (the order, the request...); its UTC year goes in the ©. */
  date: Date | string;
}

/**
 * The frame of a message to a customer: its texts filled with `vars`, the greeting by name, the
 * support section, and under the message why it was sent and the tagline.
 */
export function customerFrame({ lang, common, texts, vars, date }: CustomerFrameInput): MessageFrame {
  return {
    lang,
    subject: fill(texts.subject, vars),
    preheader: fill(texts.preheader, vars),
    heading: fill(texts.heading, vars),
    greeting: fill(common.greeting, vars),
    footer: [fill(texts.reason, vars), fill(common.tagline, vars)],
    year: yearOf(date),
    support: common,
  };
}

/**
 * The support section as plain-text lines, the twin of `SupportSection` in `email-layout.tsx`:
 * heading, response times, e-mail, WhatsApp and phone of `SUPPORT_CONTACT`, opening hours.
 */
function supportText(common: CommonEmailStrings): string[] {
  return [
    textHeading(common.supportHeading),
    common.supportIntro,
    `${common.emailLabel}: ${SUPPORT_CONTACT.email}`,
    `${common.whatsappLabel}: ${SUPPORT_CONTACT.whatsapp}`,
    `${common.phoneLabel}: ${SUPPORT_CONTACT.phone}`,
    common.supportHours,
  ];
}

/**
 * A card of short paragraphs: a heading above them when it has one, and a button under them when
 * it has one. Its HTML is `TextCard` (`email-layout.tsx`); in the plain text, the button is its
 * label and its link in full.
 */
export interface TextCardContent {
  heading?: string | undefined;
  paragraphs: readonly string[];
  button?: CardButton | undefined;
}

/** A card's button: its label and the absolute http(s) URL it opens (checked with `assertHttpUrl`). */
export interface CardButton {
  label: string;
  href: string;
}

/** A block of the plain-text part: its lines, or a {@link TextCardContent}. */
export type TextBlock = readonly string[] | TextCardContent;

/** The lines of a {@link TextBlock}. */
function blockLines(block: TextBlock): readonly string[] {
  if (!('paragraphs' in block)) return block;
  const { heading, paragraphs, button } = block;
  return [
    ...(heading === undefined ? [] : [textHeading(heading)]),
    ...paragraphs,
    ...(button ? [`${button.label}: ${button.href}`] : []),
  ];
}

/**
 * The plain-text part of a message: the frame's heading and greeting, the `body` blocks, the
 * support section when the frame has one, then the signature separator (`--`) and the footer
 * lines. A blank line separates blocks, and the text ends with a line break.
 */
export function frameText(frame: MessageFrame, body: readonly TextBlock[]): string {
  const blocks = [
    [frame.heading],
    ...(frame.greeting === undefined ? [] : [[frame.greeting]]),
    ...body.map(blockLines),
    ...(frame.support ? [supportText(frame.support)] : []),
    ['--', ...frame.footer],
  ];
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
