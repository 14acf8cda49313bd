import { type KeyValueStore, sessionStore, tokenFromHash } from '../../../lib/access-token.ts';

/**
 * Where the portal keeps its access token: session storage of the tab (ends with it; never local
 * storage, never a cookie, never a URL the server sees). The e-mail's link `/portal#token=…`
 * and the confirmation page's link bring it in the fragment.
 */

const KEY = 'portal:accessToken';

/** The token kept for this tab, if any. Storage errors count as none. */
export function loadPortalToken(store: KeyValueStore | null = sessionStore()): string | null {
  try {
    return store?.getItem(KEY)?.trim() || null;
  } catch {
    return null;
  }
}

/** Keeps the token for this tab. Storage errors are ignored: the page still holds it in memory. */
export function savePortalToken(token: string, store: KeyValueStore | null = sessionStore()): void {
  try {
    store?.setItem(KEY, token);
  } catch {
    // Quota or blocked storage.
  }
}

/** Forgets the token ('Use another token'). */
export function clearPortalToken(store: KeyValueStore | null = sessionStore()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

/**
 * The token a portal page starts with: the fragment's (`#token=…`, it wins so that a newer link
 * replaces an older session), else the one kept for the tab, else `null` (the token form).
 */
export function initialPortalToken(hash: string, store: KeyValueStore | null = sessionStore()): string | null {
  return tokenFromHash(hash) ?? loadPortalToken(store);
}
