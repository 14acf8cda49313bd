import type { OrderView } from '@esim/contract/order';
import { apiFetch } from '../../../lib/api-client.ts';

/** Headers that let the server check who may read an order: the access token when there is one. */
export function orderAccessHeaders(accessToken: string | null): Record<string, string> {
  return accessToken ? { 'X-Access-Token': accessToken } : {};
}

/** The query key of an order; the token is part of it so that a new token reads again. */
export function orderQueryKey(orderNumber: string, accessToken: string | null) {
  return [`/api/orders/${encodeURIComponent(orderNumber)}`, { accessToken }] as const;
}

/**
 * Reads an order (`GET /api/orders/{orderNumber}`) with the visitor's session id (sent by the
 * client), the order's access token (`X-Access-Token`, a header only: never in the URL) or the
 * signed-in account's session cookie.
 *
 * @throws HttpError 404 'Order Not Found' for an unknown order or one this visitor may not read.
 */
export function getOrder(orderNumber: string, accessToken: string | null, signal?: AbortSignal): Promise<OrderView> {
  return apiFetch<OrderView>(`/api/orders/${encodeURIComponent(orderNumber)}`, {
    signal,
    headers: orderAccessHeaders(accessToken),
  });
}
