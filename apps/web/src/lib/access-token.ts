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
