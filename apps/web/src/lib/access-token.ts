/**
 * Where the portal access token travels in the browser (ARCHITECTURE.md invariants): never in a
 * URL the server sees. The purchase e-mail and the confirmation page link to pages with the
 * token in the fragment (`#token=…`), which browsers never send to a server or in a referrer;
 * pages keep it in session storage for the tab and remove it from the address bar.
 */

/** A minimal `Storage`, so that tests can pass a fake. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Session storage, or `null` where it is unavailable (blocked storage, private modes). */
export function sessionStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The access token of a URL fragment such as `#token=abc` (the e-mail's link). `null` when
 * there is none or it is blank.
 */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token')?.trim();
  return token ? token : null;
}

/** A fragment that carries an access token: `#token=<token>`, encoded. */
export function tokenHash(token: string): string {
  return `#token=${encodeURIComponent(token)}`;
}

/**
 * Removes the fragment from the address bar without a navigation or a history entry, so the
 * token does not stay visible, bookmarked or shared by accident.
 */
export function clearHashFromAddressBar(): void {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/**
 * What a visitor pasted into an access-token field: the token, or why none could be read.
 * `empty`: nothing; `noToken`: a link without `#token=` (e.g. the address bar's link of an order
 * page); `invalid`: text no token looks like (spaces, or characters an HTTP header cannot carry).
 */
export type PastedToken = { token: string } | { error: 'empty' | 'noToken' | 'invalid' };

/**
 * A token travels only in the `X-Access-Token` header, whose value must be visible ASCII
 * (RFC 9110 section 5.5, `field-vchar`); the store's own tokens are 43 base64url characters.
 */
const TOKEN_TEXT = /^[\x21-\x7e]{1,512}$/;

/**
 * Reads the access token out of what a visitor pasted: the token itself, or one of the links of
 * the confirmation e-mail (`…/portal#token=…`, `…/order-confirmation/{orderNumber}#token=…`),
 * whose fragment carries it. Nothing is fetched or navigated: the caller sends the token in a
 * header only, so it never reaches a URL or a server log.
 */
export function tokenFromInput(text: string): PastedToken {
  const input = text.trim();
  if (!input) return { error: 'empty' };
  let token: string | null = input;
  if (input.includes('#') || input.startsWith('token=')) token = tokenFromHash(input.slice(input.indexOf('#') + 1));
  else if (/^(https?:)?\/\//i.test(input) || input.startsWith('/')) token = null;
  if (token === null) return { error: 'noToken' };
  return TOKEN_TEXT.test(token) ? { token } : { error: 'invalid' };
}
