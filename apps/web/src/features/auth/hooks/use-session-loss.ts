import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readApiError } from '../../../lib/api-error.ts';
import { USER_QUERY_KEY } from '../api/get-user.ts';

/**
 * Reads a failed account call for a lost session (401 `unauthorized`: it expired or was ended
 * from another device) and then marks the user signed out, so that `RequireUser` sends the
 * visitor to sign in and back. Other 401s (`invalid_credentials`, a wrong code) are the form's.
 *
 * @returns whether the session was lost.
 */
export function useSessionLoss() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown): boolean => {
      const info = readApiError(error);
      if (info?.status !== 401 || info.code !== 'unauthorized') return false;
      queryClient.setQueryData(USER_QUERY_KEY, null);
      return true;
    },
    [queryClient],
  );
}
