import { type KeyValueStore, sessionStore, tokenFromHash } from '../../../lib/access-token.ts';
import { loadFailureOf } from './portal-errors.ts';

/**
 * Where the portal keeps its access token: session storage of the tab (ends with it; never local
 * storage, never a cookie, never a URL the server sees). The e-mail's link `/portal#token=…`
 * and the confirmation page's link bring it in the fragment. Only a token the store accepted is
 * kept ({@link tokenVerdict}); one it refused is forgotten at once, so a reload never sends it
 * again.
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

/** Forgets `token` if it is the one kept: the store refused it (a newer token kept meanwhile stays). */
export function forgetPortalToken(token: string, store: KeyValueStore | null = sessionStore()): void {
  try {
    if (store?.getItem(KEY)?.trim() === token) store.removeItem(KEY);
  } catch {
    // Blocked storage: nothing was kept.
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

/**
 * The access token a portal read was made with: the `{ token }` after the path in the query keys
 * of `api/` (`['/api/portal…', access, …]`); `null` for the signed-in account's reads and for
 * anything else.
 */
export function tokenOfPortalQuery(queryKey: readonly unknown[]): string | null {
  const [path, access] = queryKey;
  if (typeof path !== 'string' || !path.startsWith('/api/portal')) return null;
  if (typeof access !== 'object' || access === null || !('token' in access)) return null;
  return typeof access.token === 'string' ? access.token : null;
}

/**
 * What a finished portal read says about its token: `accepted` when the store answered it,
 * `rejected` when it refused the token (401: unknown, expired or revoked, `portal-errors.ts`),
 * `null` when the answer says nothing about the token (429, 404 for another order's eSIM, a server
 * or network failure, or still running).
 */
export function tokenVerdict(status: 'pending' | 'success' | 'error', error: unknown): 'accepted' | 'rejected' | null {
  if (status === 'success') return 'accepted';
  if (status === 'error' && loadFailureOf(error) === 'access') return 'rejected';
  return null;
}
