import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { clearHashFromAddressBar, tokenFromHash } from '../../../lib/access-token.ts';
import {
  clearPortalToken,
  forgetPortalToken,
  initialPortalToken,
  savePortalToken,
  tokenOfPortalQuery,
  tokenVerdict,
} from './portal-token.ts';

/**
 * The portal access token of the page (never in a URL: ARCHITECTURE.md,
 * `docs/product-rules.md#customer-portal-and-access-tokens`). A link with `#token=…` signs in directly: the fragment
 * is removed from the address bar at once with `history.replaceState`. `setToken` (the token
 * form) uses a new one; `clearToken` ('Use another token') forgets it and shows the form again.
 *
 * The tab remembers a token (session storage) only once a portal read made with it succeeded,
 * and forgets it as soon as the store refuses it (401), whichever page read it (the portal, the
 * top-up pages): every read's query key names its token (`tokenOfPortalQuery`), so the query
 * cache tells. A refused token stays in memory only while its 'Access Error' is on screen, for
 * its Retry; a reload starts from an empty token form.
 */
export function usePortalToken() {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => initialPortalToken(window.location.hash));

  useEffect(() => {
    const takeFromHash = () => {
      const fromHash = tokenFromHash(window.location.hash);
      if (!fromHash) return;
      setTokenState(fromHash);
      clearHashFromAddressBar();
    };
    takeFromHash();
    // A link pasted into the address bar while a portal page is open changes only the fragment.
    window.addEventListener('hashchange', takeFromHash);
    return () => window.removeEventListener('hashchange', takeFromHash);
  }, []);

  useEffect(() => {
    if (token === null) return;
    // Subscribed before any read of this token can answer: reads start after this commit and answer later.
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || (event.action.type !== 'success' && event.action.type !== 'error')) return;
      if (tokenOfPortalQuery(event.query.queryKey) !== token) return;
      const verdict = tokenVerdict(event.query.state.status, event.query.state.error);
      if (verdict === 'accepted') savePortalToken(token);
      else if (verdict === 'rejected') forgetPortalToken(token);
    });
  }, [queryClient, token]);

  const setToken = useCallback((next: string) => setTokenState(next), []);
  const clearToken = useCallback(() => {
    clearPortalToken();
    setTokenState(null);
  }, []);
  return { token, setToken, clearToken };
}
