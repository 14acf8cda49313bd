import type { ResendConfirmationResponse } from '@esim/contract/admin-orders';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * Sends the order's confirmation again as it was sent (`POST /api/admin/orders/{orderNumber}/resend-confirmation`).
 * @throws HttpError 409 `not_resendable` (no confirmation yet, or its token no longer works), 401,
 *   403, 404; or a network error (TypeError).
 */
export function resendConfirmation(orderNumber: string): Promise<ResendConfirmationResponse> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/resend-confirmation`, { method: 'POST' });
}

/** The resend action of the order screen. */
export function useResendConfirmation(orderNumber: string) {
  return useOrderAction(() => resendConfirmation(orderNumber));
}
