import type { OrderNoteResponse } from '@esim/contract/admin-orders';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * Adds an internal note to the order's timeline (`POST /api/admin/orders/{orderNumber}/notes`).
 * @throws HttpError 400 `body`, 401, 403, 404; or a network error (TypeError).
 */
export function addOrderNote(orderNumber: string, body: string): Promise<OrderNoteResponse> {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/notes`, { method: 'POST', json: { body } });
}

/** The note form of the order screen. */
export function useAddOrderNote(orderNumber: string) {
  return useOrderAction((body: string) => addOrderNote(orderNumber, body));
}
