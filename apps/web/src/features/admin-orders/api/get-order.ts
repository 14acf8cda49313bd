import type { AdminOrderDetail } from '@esim/contract/admin-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { ADMIN_ORDERS_KEY } from './get-orders.ts';

/** The query key of one order's screen. */
export const adminOrderKey = (orderNumber: string) => [...ADMIN_ORDERS_KEY, 'detail', orderNumber] as const;

/**
 * Reads the order screen (`GET /api/admin/orders/{orderNumber}`): customer, lines, payment,
 * refunds, eSIMs with usage, access token, next statuses, allowed actions and the timeline.
 * @throws HttpError 400 (malformed number), 401, 403, 404; or a network error (TypeError).
 */
export function getAdminOrder(orderNumber: string, signal?: AbortSignal): Promise<AdminOrderDetail> {
  return apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderNumber)}`, { signal });
}

/** The order screen's data; read again on each visit and after each action. */
export function useAdminOrder(orderNumber: string) {
  return useQuery(
    queryOptions({
      queryKey: adminOrderKey(orderNumber),
      queryFn: ({ signal }) => getAdminOrder(orderNumber, signal),
      staleTime: 0,
    }),
  );
}
