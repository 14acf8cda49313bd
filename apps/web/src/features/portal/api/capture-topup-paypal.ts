import type { PortalTopup } from '@esim/contract/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';
import { portalQueryKey } from './get-portal.ts';
import { topupQueryKey } from './get-topup.ts';

/**
 * Captures a top-up's PayPal payment after the buyer came back from PayPal
 * (`POST /api/portal/topups/{orderNumber}/paypal/capture`, `PortalTopup`). Idempotent on the
 * server. After a cancel on PayPal it records the cancellation and answers 402.
 *
 * @throws HttpError 402 (cancelled or declined), 409 (not approved yet), 404, 401; or a network
 *   error (TypeError).
 */
export function captureTopupPaypal(access: PortalAccess, orderNumber: string): Promise<PortalTopup> {
  return apiFetch<PortalTopup>(`/api/portal/topups/${encodeURIComponent(orderNumber)}/paypal/capture`, {
    method: 'POST',
    json: {},
    headers: accessHeaders(access),
  });
}

/**
 * The capture of a top-up: on success the top-up query holds the answer and the portal (which
 * lists the new bundle and the order) is invalidated by its owner key.
 */
export function useCaptureTopupPaypal(access: PortalAccess, orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => captureTopupPaypal(access, orderNumber),
    onSuccess: (topup) => {
      queryClient.setQueryData(topupQueryKey(access, orderNumber), topup);
      void queryClient.invalidateQueries({ queryKey: portalQueryKey(access) });
    },
  });
}
