import type { CreatePricingSettingBody, PricingSettingResponse } from '@esim/contract/admin-pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { pricingSettingsKey } from './pricing-keys.ts';

/**
 * Creates a rule (`POST /api/pricing-settings`); it changes no price until a recalculation is applied.
 *
 * @throws HttpError 400 `validation_error` with `field`, 409 `duplicate_rule` (`priority`); or a network error.
 */
export function createPricingSetting(body: CreatePricingSettingBody): Promise<PricingSettingResponse> {
  return apiFetch<PricingSettingResponse>('/api/pricing-settings', { method: 'POST', json: body });
}

/** Creating a rule refreshes the list. */
export function useCreatePricingSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPricingSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pricingSettingsKey }),
  });
}
