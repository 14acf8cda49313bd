import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { USER_QUERY_KEY, useUser } from '../features/auth/api/get-user.ts';

/**
 * The signed-in account for the portal pages (composed here: features do not import each other):
 * `account` is the user id, `null` when nobody is signed in (or the user
 * could not be read: the token form still works), `undefined` while the user loads.
 * `onSessionLost` reads the user again when the account's portal answers 401 (the session ended
 * meanwhile), so that the page falls back to the token form.
 */
export function usePortalAccount() {
  const queryClient = useQueryClient();
  const user = useUser();
  const account = user.data === undefined ? (user.isError ? null : undefined) : (user.data?.id ?? null);
  const onSessionLost = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, exact: true });
  }, [queryClient]);
  return { account, onSessionLost };
}
