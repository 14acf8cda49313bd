import type { PricingSettingsResponse } from '@esim/contract/admin-pricing';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { pricingSettingsKey } from './pricing-keys.ts';

/**
 * Every pricing rule in the order they win, the rules' version, the last applied run and
 * whether the rules changed since (`GET /api/pricing-settings`).
 *
 * @throws HttpError 401/403; or a network error (TypeError).
 */
export function getPricingSettings(signal?: AbortSignal): Promise<PricingSettingsResponse> {
  return apiFetch<PricingSettingsResponse>('/api/pricing-settings', { signal });
}

/** The rules, read on each visit of the pricing screen. */
export function usePricingSettings() {
  return useQuery({ queryKey: pricingSettingsKey, queryFn: ({ signal }) => getPricingSettings(signal), staleTime: 0 });
}
