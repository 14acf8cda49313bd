import { createHash } from 'node:crypto';

/**
 * The CSP hash source of a text, `'sha256-<base64>'`: what a browser compares with the SHA-256
 * of an inline `<style>` element's text or, under `'unsafe-hashes'`, of a `style` attribute's
 * value (CSP Level 3).
 */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The distinct `'sha256-...'` hashes of the double-quoted `style` attributes of `html`, as a browser decodes them. */
export function styleAttributeHashesOf(html: string): string[] {
  return [...new Set([...html.matchAll(/\sstyle="([^"]*)"/gi)].map((m) => cspHash(decodeAttribute(m[1] ?? ''))))];
}

/** `&#NN;`, `&#xHH;` and the named references escaping can produce, as a browser decodes them in an attribute value. */
function decodeAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(
    /&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi,
    (match, dec?: string, hex?: string, name?: string) => {
      if (dec) return String.fromCodePoint(Number(dec));
      if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
      return named[(name ?? '').toLowerCase()] ?? match;
    },
  );
}

/**
 * The CSP of a server-rendered document without scripts whose inline styles are all written by
 * the app from fixed data (the e-mail preview: e-mail HTML must be styled inline, as mail clients
 * drop style sheets). Nothing loads but `data:` images; `style-src-elem` lists the SHA-256 of each
 * `<style>` element of `html` and `style-src-attr 'unsafe-hashes'` that of each distinct `style`
 * attribute value, so the page can show exactly its own styles and no other. `html` must be the
 * exact body sent, with double-quoted `style` attributes (as the e-mail templates write them).
 */
export function scriptFreeDocumentPolicy(html: string): string {
  const elements = new Set([...html.matchAll(/<style\b[^>]*>([^<]*)<\/style>/gi)].map((m) => cspHash(m[1] ?? '')));
  const attributes = new Set(
    [...html.matchAll(/\sstyle="([^"]*)"/gi)].map((m) => cspHash(decodeAttribute(m[1] ?? ''))),
  );
  return [
    "default-src 'none'",
    'img-src data:',
    `style-src-elem ${elements.size > 0 ? [...elements].join(' ') : "'none'"}`,
    `style-src-attr ${attributes.size > 0 ? ["'unsafe-hashes'", ...attributes].join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
