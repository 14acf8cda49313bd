import { PASSWORD_RESET_TEMPLATE } from '../email/email.module.ts';
import { scriptFreeDocumentPolicy } from '../../lib/content-security.ts';

/**
 * How the admin Outbox shows a stored message "as it was sent": its HTML with the
 * inline images it carried as `cid:` parts turned into `data:` URLs, under a Content-Security-Policy
 * that allows no script and nothing but its own inline styles and `data:` images, frameable by
 * the store's own admin page only. Secrets that would let whoever reads the Outbox act as the
 * recipient (the one-time password-reset link) are hidden.
 */

/** Inline image types a stored message may carry as a `data:` URL; anything else is dropped. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A stored inline image (`email_messages.attachments`). */
export interface StoredImage {
  cid: string;
  contentType: string;
  contentBase64: string;
}

/** What replaces a hidden secret. */
export const HIDDEN = '[hidden]';

/** Whether `template`'s messages carry a secret the Outbox hides, and which therefore cannot be resent. */
export function isSecretTemplate(template: string): boolean {
  return template === PASSWORD_RESET_TEMPLATE;
}

/**
 * `body` with the secrets of a `template` message hidden: for a password-reset message the
 * link's token (`#token=…`, 256 bits as 43 base64url characters) wherever it appears. Other
 * messages are returned unchanged (an order confirmation's portal token is the customer's own
 * and support may need to see what the customer saw; revoking it is an order action).
 * @returns the text and whether anything was hidden.
 */
export function hideSecrets(template: string, body: string): { body: string; redacted: boolean } {
  if (!isSecretTemplate(template)) return { body, redacted: false };
  const hidden = body
    .replace(/(#token=)[^"'&<>\s]+/g, `$1${HIDDEN}`)
    .replace(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, HIDDEN);
  return { body: hidden, redacted: hidden !== body };
}

/**
 * The message's HTML with every `cid:<id>` of a stored inline image replaced by a `data:` URL
 * (images of an unexpected type or with a malformed body are left out, so their `cid:` reference
 * shows nothing), and secrets hidden ({@link hideSecrets}).
 */
export function frameableHtml(template: string, html: string, images: readonly StoredImage[]): string {
  let out = hideSecrets(template, html).body;
  for (const image of images) {
    const type = image.contentType.toLowerCase();
    if (!IMAGE_TYPES.has(type) || !/^[A-Za-z0-9+/]*={0,2}$/.test(image.contentBase64) || image.cid === '') continue;
    out = out.replaceAll(`cid:${image.cid}`, `data:${type};base64,${image.contentBase64}`);
  }
  return out;
}

/**
 * The Content-Security-Policy of an Outbox copy: `scriptFreeDocumentPolicy` of
 * `plugins/security-headers.ts` (no script, nothing loads but `data:` images, only the
 * document's own inline styles by hash), except `frame-ancestors 'self'`, so that the admin's
 * Outbox page (same origin) may show it in an `<iframe>` and no other site can.
 */
export function frameableDocumentPolicy(html: string): string {
  const policy = scriptFreeDocumentPolicy(html);
  const framed = policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
  if (framed === policy) throw new Error("scriptFreeDocumentPolicy no longer says frame-ancestors 'none'");
  return framed;
}
