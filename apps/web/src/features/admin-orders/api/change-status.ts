import type { OrderStatusChangeBody, OrderStatusChangeResponse } from '@esim/contract/admin-orders';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * Moves an order to another status (`PATCH /api/orders/{orderNumber}/status`) with an optional
 * note and customer e-mail; `expectedStatus` is the status the admin saw.
 * @throws HttpError 409 `invalid_transition` / `order_changed`, 400 naming the field, 401, 403,
 *   404; or a network error (TypeError).
 */
export function changeOrderStatus(
  orderNumber: string,
  body: OrderStatusChangeBody,
): Promise<OrderStatusChangeResponse> {
  return apiFetch(`/api/orders/${encodeURIComponent(orderNumber)}/status`, { method: 'PATCH', json: body });
}

/** The status change of the order screen; refreshes the admin orders screens once done. */
export function useChangeOrderStatus(orderNumber: string) {
  return useOrderAction((body: OrderStatusChangeBody) => changeOrderStatus(orderNumber, body));
}
