import { BRAND_COLOURS, INK_COLOUR } from '@esim/contract/brand';
import type { InlineImage } from '../../providers/mail/mailer.ts';

/**
 * The HTML side every e-mail template shares besides its React components (those are in
 * `email-layout.tsx`; the texts and the plain-text part are in `email-text.ts`): the brand's
 * colours and fonts, escaping, link checks, and the `cid:` to `data:` rewrite of the preview.
 * Every link goes through {@link assertHttpUrl}; React escapes every text of the HTML.
 */

/** The storefront's colours: the brand's (`@esim/contract/brand`) and Tailwind's slate greys. */
export const COLORS = {
  brand: BRAND_COLOURS[700],
  brandSoft: BRAND_COLOURS[50],
  ink: INK_COLOUR,
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
