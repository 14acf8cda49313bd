import type { RevokeTokenResponse } from '@esim/contract/admin-orders';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * Revokes the order's portal access token (`POST /api/admin/orders/{orderNumber}/access-token/revoke`).
 * @throws HttpError 409 `no_active_token`, 401, 403, 404; or a network error (TypeError).
 */
export function revokeAccessToken(orderNumber: string): Promise<RevokeTokenResponse> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/access-token/revoke`, { method: 'POST' });
}

/** The revoke action of the order screen. */
export function useRevokeAccessToken(orderNumber: string) {
  return useOrderAction(() => revokeAccessToken(orderNumber));
}
