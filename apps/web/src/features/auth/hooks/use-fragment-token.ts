import { useCallback, useEffect, useState } from 'react';
import { clearHashFromAddressBar, sessionStore, tokenFromHash } from '../../../lib/access-token.ts';

/** Reads the tab's copy of a one-time token; storage errors count as none. */
function loadToken(key: string): string | null {
  try {
    return sessionStore()?.getItem(key)?.trim() || null;
  } catch {
    return null;
  }
}

/** Keeps or forgets the tab's copy; storage errors leave the token in memory only. */
function storeToken(key: string, token: string | null): void {
  try {
    if (token === null) sessionStore()?.removeItem(key);
    else sessionStore()?.setItem(key, token);
  } catch {
    // Quota or blocked storage.
  }
}

/**
 * The one-time token of an e-mailed or printed link (`/auth?view=reset#token=…`,
 * `/setup-admin#token=…`), taken from the URL fragment as the portal does with its
 * link: the fragment never reaches a server or a referrer, and it is removed from the address
 * bar at once (`history.replaceState`) so that it is not bookmarked or shared by accident. The
 * token is kept in the tab's session storage under `storageKey`, so a reload of the form keeps
 * it; `forget` drops it (used, refused or done with).
 */
export function useFragmentToken(storageKey: string) {
  const [token, setToken] = useState<string | null>(() => tokenFromHash(window.location.hash) ?? loadToken(storageKey));

  useEffect(() => {
    const takeFromHash = () => {
      const fromHash = tokenFromHash(window.location.hash);
      if (!fromHash) return;
      storeToken(storageKey, fromHash);
      setToken(fromHash);
      clearHashFromAddressBar();
    };
    takeFromHash();
    // A second link pasted into the address bar while the page is open changes only the fragment.
    window.addEventListener('hashchange', takeFromHash);
    return () => window.removeEventListener('hashchange', takeFromHash);
  }, [storageKey]);

  const forget = useCallback(() => {
    storeToken(storageKey, null);
    setToken(null);
  }, [storageKey]);
  return { token, forget };
}
