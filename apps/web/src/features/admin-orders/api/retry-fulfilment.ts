import type { RetryFulfilmentResponse } from '@esim/contract/admin-orders';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * Retries the failed provisioning or confirmation e-mail of an order in processing
 * (`POST /api/admin/orders/{orderNumber}/retry-fulfilment`).
 * @throws HttpError 409 `not_retryable`, 401, 403, 404; or a network error (TypeError).
 */
export function retryFulfilment(orderNumber: string): Promise<RetryFulfilmentResponse> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/retry-fulfilment`, { method: 'POST' });
}

/** The retry action of the order screen. */
export function useRetryFulfilment(orderNumber: string) {
  return useOrderAction(() => retryFulfilment(orderNumber));
}
