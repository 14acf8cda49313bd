import type { OrderNotifyResponse } from '@esim/contract/admin-orders';
import type { OrderStatus } from '@esim/contract/order';
import { apiFetch } from '../../../lib/api-client.ts';
import { useOrderAction } from '../hooks/use-order-action.ts';

/**
 * E-mails the customer about the order's current status (`POST /api/orders/{orderNumber}/notify`),
 * in the order's language, through a durable job.
 * @throws HttpError 409 `order_changed` (the order moved on), 401, 403, 404; or a network error (TypeError).
 */
export function notifyCustomer(orderNumber: string, status: OrderStatus): Promise<OrderNotifyResponse> {
  return apiFetch(`/api/orders/${encodeURIComponent(orderNumber)}/notify`, { method: 'POST', json: { status } });
}

/** The notify action of the order screen. */
export function useNotifyCustomer(orderNumber: string) {
  return useOrderAction((status: OrderStatus) => notifyCustomer(orderNumber, status));
}
