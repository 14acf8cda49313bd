import { LANGUAGE_CODES, type Language } from '@esim/contract/languages';
import { expect } from 'vitest';
import { escapeHtml } from './email-html.ts';
import type { RenderedEmail } from './email-layout.tsx';
import { EMAIL_TEMPLATES } from './email-templates.ts';
import { fill } from './email-text.ts';
import { EMAIL_STRINGS } from './locales/index.ts';

/**
 * What the e-mail templates' tests share: the origin of their links, a hostile name, the two
 * parts of a message, and the checks every message passes.
 */

/** The store origin the tests' sample links point at. */
export const SHOP = 'https://shop.example';

/** A customer name with every character HTML escapes, and a script. */
export const NASTY_NAME = `Zoë "<b>O'Brien</b>" & <script>alert(1)</script>`;

/** {@link NASTY_NAME} as React escapes it in the HTML. */
const NASTY_NAME_HTML = 'Zoë &quot;&lt;b&gt;O&#x27;Brien&lt;/b&gt;&quot; &amp; &lt;script&gt;alert(1)&lt;/script&gt;';

/** The HTML and the text part of `email`, each with how it writes a text: escaped, or as it is. */
export function bothParts(email: RenderedEmail): [part: string, enc: (text: string) => string][] {
  return [
    [email.html, escapeHtml],
    [email.text, (text) => text],
  ];
}

/** What {@link expectMessage} checks. */
export interface ExpectedMessage {
  template: string;
  lang: Language;
  /** The heading: the text's first line, and in the HTML. */
  heading: string;
  /** The whole subject, when the test knows it. */
  subject?: string;
  /** The customer's name the message greets in its language, when it greets one. */
  greets?: string;
  /** How many inline images; none unless given. */
  images?: number;
}

/**
 * Checks what every message has: its template id and language, an HTML document in that language
 * with the 600 px column and the subject as title, the heading first, the greeting, the images.
 */
export function expectMessage(email: RenderedEmail, expected: ExpectedMessage): void {
  const { template, lang, heading, subject, greets, images = 0 } = expected;
  expect(email.template).toBe(template);
  expect(email.language).toBe(lang);
  if (subject !== undefined) expect(email.subject).toBe(subject);
  expect(email.inlineImages).toHaveLength(images);
  expect(email.html).toMatch(new RegExp(`^<!DOCTYPE html[^>]*><html [^>]*lang="${lang}"`));
  expect(email.html).toContain('max-width:600px');
  expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`);
  expect(email.text.split('\n')[0]).toBe(heading);
  const greeting = greets === undefined ? undefined : fill(EMAIL_STRINGS[lang].common.greeting, { name: greets });
  for (const [part, enc] of bothParts(email)) {
    expect(part).toContain(enc(heading));
    if (greeting !== undefined) expect(part).toContain(enc(greeting));
  }
}

/**
 * Checks that the markup fields smuggled in (`raws`, e.g. `<script>`) reached the HTML only
 * escaped, and that {@link NASTY_NAME} stands escaped in the HTML and as it is in the text.
 */
export function expectEscaped(email: RenderedEmail, raws: readonly string[]): void {
  for (const raw of raws) expect(email.html).not.toContain(raw);
  expect(email.html).toContain(NASTY_NAME_HTML);
  expect(email.text).toContain(NASTY_NAME);
}

/**
 * Checks that the e-mail preview lists `template` as `title` and renders its sample in every
 * language with a link to `href` (the sample origin is `http://preview.test`).
 */
export async function expectPreviewEntry(template: string, title: string, href: string): Promise<void> {
  const entry = EMAIL_TEMPLATES[template];
  expect(entry?.title).toBe(title);
  for (const lang of LANGUAGE_CODES) {
    const email = await entry!.renderSample(lang, 'http://preview.test');
    expect(email.template).toBe(template);
    expect(email.language).toBe(lang);
    expect(email.html).toContain(`href="${href}"`);
  }
}
