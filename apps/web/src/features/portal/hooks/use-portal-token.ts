import { useCallback, useEffect, useState } from 'react';
import { clearHashFromAddressBar, tokenFromHash } from '../../../lib/access-token.ts';
import { clearPortalToken, initialPortalToken, savePortalToken } from './portal-token.ts';

/**
 * The portal access token of the page (specification section 2 "Customer portal": token
 * entry; ARCHITECTURE.md: never in a URL). A link with `#token=…` signs in directly: the token
 * is kept in session storage and the fragment is removed from the address bar with
 * `history.replaceState`. `setToken` (the token form) keeps a new one; `clearToken` ('Use
 * another token') forgets it and shows the form again.
 */
export function usePortalToken() {
  const [token, setTokenState] = useState<string | null>(() => initialPortalToken(window.location.hash));

  useEffect(() => {
    const takeFromHash = () => {
      const fromHash = tokenFromHash(window.location.hash);
      if (!fromHash) return;
      savePortalToken(fromHash);
      setTokenState(fromHash);
      clearHashFromAddressBar();
    };
    takeFromHash();
    // A link pasted into the address bar while a portal page is open changes only the fragment.
    window.addEventListener('hashchange', takeFromHash);
    return () => window.removeEventListener('hashchange', takeFromHash);
  }, []);

  const setToken = useCallback((next: string) => {
    savePortalToken(next);
    setTokenState(next);
  }, []);
  const clearToken = useCallback(() => {
    clearPortalToken();
    setTokenState(null);
  }, []);
  return { token, setToken, clearToken };
}
