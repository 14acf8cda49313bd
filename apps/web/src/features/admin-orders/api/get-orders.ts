import type { AdminOrdersResponse } from '@esim/contract/admin-orders';
import { useCursorPages } from '../../../admin-kit/api/cursor-pages.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type OrderFilters, writeFilters } from '../hooks/order-filters.ts';

/** The owner key of everything the admin orders screens read: the list pages and each order. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 25;

/**
 * Reads one page of every order as an admin (`GET /api/orders` with the session cookie): the
 * view's filters, search and sort, after `cursor` (the previous page's `nextCursor`).
 * @returns `{ orders, nextCursor, total, searchedBy }` (money in US cents, ISO dates).
 * @throws HttpError 400 (a filter the server refuses, naming it), 401, 403; or a network error (TypeError).
 */
export function getOrders(
  filters: OrderFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminOrdersResponse> {
  const params = new URLSearchParams(writeFilters(filters));
  params.set('limit', String(ORDERS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch<AdminOrdersResponse>(`/api/orders?${params.toString()}`, { signal });
}

/** The list with "Load more" pages for a view; read again on each visit. */
export function useOrders(filters: OrderFilters) {
  return useCursorPages([...ADMIN_ORDERS_KEY, 'list', filters], (cursor, signal) => getOrders(filters, cursor, signal));
}
