import type { PriceExplanation } from '@esim/contract/admin-pricing';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { priceExplanationKey } from './pricing-keys.ts';

/**
 * Why a product has its price (`GET /api/admin/products/{id}/price`): the winning rule, the
 * other matching rules and why they lost, each step from wholesale to retail.
 *
 * @throws HttpError 404 (unknown product); or a network error (TypeError).
 */
export function getPriceExplanation(productId: number, signal?: AbortSignal): Promise<PriceExplanation> {
  return apiFetch<PriceExplanation>(`/api/admin/products/${productId}/price`, { signal });
}

/** The explanation of the chosen product (none while `productId` is null), read afresh each time. */
export function usePriceExplanation(productId: number | null) {
  return useQuery({
    queryKey: priceExplanationKey(productId ?? 0),
    queryFn: ({ signal }) => getPriceExplanation(productId!, signal),
    enabled: productId !== null,
    staleTime: 0,
  });
}
