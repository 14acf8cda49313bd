import type { PortalSyncResponse, PortalView } from '@esim/contract/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';
import { portalQueryKey } from './get-portal.ts';

/**
 * Reads one eSIM's usage and bundles from the eSIM provider now
 * (`POST /api/portal/esims/{iccid}/sync`) and answers with the updated eSIM.
 *
 * @throws HttpError 404 `not_found` (not this token's eSIM), 502/503 `upstream_error` (the
 *   provider failed), 401, 429; or a network error (TypeError).
 */
export function syncEsim(access: PortalAccess, iccid: string): Promise<PortalSyncResponse> {
  return apiFetch<PortalSyncResponse>(`/api/portal/esims/${encodeURIComponent(iccid)}/sync`, {
    method: 'POST',
    headers: accessHeaders(access),
  });
}

/**
 * The sync of one eSIM. On success the eSIM in the portal is replaced at once with the answer,
 * then the portal is invalidated by its owner key so that everything else it shows follows.
 */
export function useSyncEsim(access: PortalAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (iccid: string) => syncEsim(access, iccid),
    onSuccess: ({ esim }) => {
      queryClient.setQueryData<PortalView>(portalQueryKey(access), (view) =>
        view ? { ...view, esims: view.esims.map((e) => (e.iccid === esim.iccid ? esim : e)) } : view,
      );
      void queryClient.invalidateQueries({ queryKey: portalQueryKey(access) });
    },
  });
}
