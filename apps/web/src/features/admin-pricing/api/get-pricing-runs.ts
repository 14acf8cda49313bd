import type { PricingRunsResponse } from '@esim/contract/admin-pricing';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { pricingRunsKey } from './pricing-keys.ts';

/**
 * The 20 latest applied recalculations, newest first (`GET /api/pricing-runs`): who, when, counts.
 *
 * @throws HttpError 401/403; or a network error (TypeError).
 */
export function getPricingRuns(signal?: AbortSignal): Promise<PricingRunsResponse> {
  return apiFetch<PricingRunsResponse>('/api/pricing-runs?limit=20', { signal });
}

/** The history, read on each visit. */
export function usePricingRuns() {
  return useQuery({ queryKey: pricingRunsKey, queryFn: ({ signal }) => getPricingRuns(signal), staleTime: 0 });
}
