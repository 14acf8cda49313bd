import type { OrderStatusesResponse } from '@esim/contract/admin-orders';
import type { OrderStatus } from '@esim/contract/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Reads the order statuses (`GET /api/order-statuses`, signed in): each with its labels in the
 * five languages and the statuses it may move to, so that the screens offer only the moves the
 * server allows (`docs/product-rules.md#order-statuses`).
 * @throws HttpError 401; or a network error (TypeError).
 */
export function getOrderStatuses(signal?: AbortSignal): Promise<OrderStatusesResponse> {
  return apiFetch<OrderStatusesResponse>('/api/order-statuses', { signal });
}

/** The statuses, read once per visit of the admin area (they change only with a deployment). */
export const orderStatusesQuery = queryOptions({
  queryKey: ['/api/order-statuses'],
  queryFn: ({ signal }) => getOrderStatuses(signal),
  staleTime: 10 * 60 * 1000,
});

/**
 * A status's label in the interface language, from the server's list; the status code itself
 * while the list loads or when it could not be read.
 */
export function useStatusLabel(): (status: OrderStatus | string) => string {
  const { i18n } = useTranslation();
  const { data } = useQuery(orderStatusesQuery);
  const lang = (i18n.resolvedLanguage ?? 'en') as 'en' | 'tr' | 'es' | 'fr' | 'de';
  return (status) => {
    const labels = data?.statuses.find((s) => s.status === status)?.labels;
    return labels?.[lang] ?? labels?.en ?? status;
  };
}
