import type { ReissueTokenResponse } from '@esim/contract/admin-orders';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * Issues a new portal access token (`POST /api/admin/orders/{orderNumber}/access-token`); with
 * `email` the customer receives a fresh confirmation carrying it.
 * @returns the new token in clear (shown once), its expiry and whether it was e-mailed.
 * @throws HttpError 409 `no_token` / `not_delivered`, 401, 403, 404; or a network error (TypeError).
 */
export function reissueAccessToken(orderNumber: string, email: boolean): Promise<ReissueTokenResponse> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/access-token`, {
    method: 'POST',
    json: { email },
  });
}

/** The new-token action of the order screen. */
export function useReissueAccessToken(orderNumber: string) {
  return useOrderAction((email: boolean) => reissueAccessToken(orderNumber, email));
}
