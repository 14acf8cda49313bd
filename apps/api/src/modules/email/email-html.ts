import type { Language } from '@esim/contract/languages';
import type { InlineImage } from '../../providers/mail/mailer.ts';
import type { CommonEmailStrings, Plural } from './locales/index.ts';
import { SUPPORT_CONTACT } from './support-contact.ts';

/**
 * Building blocks of e-mail-safe HTML: layout tables, inline styles only (no classes a client
 * could strip), a 600 px column that shrinks to the phone's width, bullet-proof buttons. Every
 * text goes through {@link escapeHtml}; every link through {@link assertHttpUrl}.
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

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const MONO = "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace";

/** Escapes text for HTML element content and quoted attribute values (`&<>"'`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Replaces `{key}` placeholders with `vars[key]`; unknown placeholders stay as they are.
 * Plain text in, plain text out: escape the result for HTML.
 */
export function fill(template: string, vars: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in vars ? String(vars[key]) : match));
}

/**
 * Like {@link fill} but returns HTML: the template's text and the `vars` values are escaped,
 * `html` values (already HTML, e.g. `<strong>ORD-1</strong>`) are inserted as they are.
 */
export function fillHtml(
  template: string,
  vars: Readonly<Record<string, string | number>>,
  html: Readonly<Record<string, string>> = {},
): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const key = match[1] ?? '';
    out += escapeHtml(template.slice(last, match.index));
    const htmlValue = html[key];
    const value = vars[key];
    out += htmlValue ?? (value === undefined ? escapeHtml(match[0]) : escapeHtml(String(value)));
    last = match.index + match[0].length;
  }
  return out + escapeHtml(template.slice(last));
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The form of `texts` for `count` by the language's CLDR plural rules (`Intl.PluralRules`);
 * categories other than `one` (`few`, `many`...) use `other`. Placeholders are left for
 * {@link fill} or {@link fillHtml}.
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

/** A section heading (`h2`). `text` is plain text. */
export function heading(text: string): string {
  return `<h2 style="margin:0 0 12px;font-family:${FONT};font-size:18px;line-height:24px;font-weight:700;color:${COLORS.ink};">${escapeHtml(text)}</h2>`;
}

/** A paragraph; `html` must already be escaped. */
export function paragraphHtml(html: string, style = ''): string {
  return `<p style="margin:0 0 12px;font-family:${FONT};font-size:15px;line-height:22px;color:${COLORS.ink};${style}">${html}</p>`;
}

/** A paragraph of plain text. */
export function paragraph(text: string, style = ''): string {
  return paragraphHtml(escapeHtml(text), style);
}

/** A button-styled link that survives clients without CSS padding support on `<a>`. */
export function button(href: string, label: string, variant: 'primary' | 'secondary' = 'primary'): string {
  const bg = variant === 'primary' ? COLORS.brand : COLORS.white;
  const fg = variant === 'primary' ? COLORS.white : COLORS.brand;
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="display:inline-table;margin:0 8px 8px 0;border-collapse:separate;">` +
    `<tr><td align="center" bgcolor="${bg}" style="border-radius:8px;border:2px solid ${COLORS.brand};background:${bg};">` +
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="display:inline-block;padding:10px 18px;font-family:${FONT};font-size:15px;line-height:20px;font-weight:700;color:${fg};text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

/** An underlined text link; `href` and `label` are plain text (escaped here). */
export function textLink(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${COLORS.brand};text-decoration:underline;">${escapeHtml(label)}</a>`;
}

/**
 * The support section every message ends with (specification section 9): heading, response
 * times, e-mail / WhatsApp / phone links of {@link SUPPORT_CONTACT} and opening hours, as HTML
 * for a {@link card}.
 */
export function supportHtml(common: CommonEmailStrings): string {
  return (
    heading(common.supportHeading) +
    paragraph(common.supportIntro, 'font-size:14px;line-height:20px;') +
    paragraphHtml(
      `${escapeHtml(common.emailLabel)}: ${textLink(`mailto:${SUPPORT_CONTACT.email}`, SUPPORT_CONTACT.email)}<br>` +
        `${escapeHtml(common.whatsappLabel)}: ${textLink(SUPPORT_CONTACT.whatsappHref, SUPPORT_CONTACT.whatsapp)}<br>` +
        `${escapeHtml(common.phoneLabel)}: ${textLink(SUPPORT_CONTACT.phoneHref, SUPPORT_CONTACT.phone)}`,
      'font-size:14px;line-height:22px;',
    ) +
    paragraph(common.supportHours, `margin:0;font-size:12px;line-height:16px;color:${COLORS.muted};`)
  );
}

/** {@link supportHtml} as plain-text lines, starting with the `== heading ==` line. */
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

/** A white card (one row of the outer column) holding `inner` HTML. */
export function card(inner: string): string {
  return (
    `<tr><td style="padding:0 0 16px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;background:${COLORS.white};border:1px solid ${COLORS.border};border-radius:12px;">` +
    `<tr><td class="card-pad" style="padding:24px;">${inner}</td></tr></table></td></tr>`
  );
}

/**
 * The whole document: `lang`, UTF-8, viewport, a hidden preheader, a 600 px centred column
 * (with an Outlook fixed-width table) on a grey page.
 * @param opts.title plain text (the subject); `opts.preheader` plain text; `opts.body` HTML rows
 *   from {@link card}; `opts.footer` HTML.
 */
export function layout(opts: {
  lang: Language;
  title: string;
  preheader: string;
  brand: string;
  body: string;
  footer: string;
}): string {
  return `<!DOCTYPE html>
<html lang="${opts.lang}" dir="ltr" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(opts.title)}</title>
<style>
@media only screen and (max-width: 480px) {
  .card-pad { padding: 16px !important; }
  .outer-pad { padding: 12px 8px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(opts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" class="outer-pad" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;margin:0 auto;">
<tr><td style="padding:0 0 16px;font-family:${FONT};font-size:22px;line-height:28px;font-weight:800;color:${COLORS.brand};">${escapeHtml(opts.brand)}</td></tr>
${opts.body}
<tr><td style="padding:8px 8px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${COLORS.muted};">${opts.footer}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
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
