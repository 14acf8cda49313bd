/**
 * The visitor session id in a cookie, next to its copy in local storage and the
 * `X-Session-Id` header the API reads (`docs/product-rules.md#cart`). The storefront
 * writes it; the server reads it only to render the cart into the first HTML of `/cart` and
 * `/checkout`, never to authorise a change (changes still need the header, which a cross-site
 * form cannot send). Zod-free, so that the browser's session module stays small.
 */
export const VISITOR_SESSION_COOKIE = 'visitor_session';

/** What a session id looks like (the rule of `sessionIdSchema` in `cart.ts`: 8 to 128 of `A-Z a-z 0-9 - _`). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The session id in a `Cookie` header, or `undefined` when there is none or it is malformed
 * (several cookies of the name: the first, as browsers send the most specific path first).
 */
export function sessionIdFromCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== VISITOR_SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return SESSION_ID_PATTERN.test(value) ? value : undefined;
  }
  return undefined;
}
