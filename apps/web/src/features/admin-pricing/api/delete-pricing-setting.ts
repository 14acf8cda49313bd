import type { PricingSettingResponse } from '@esim/contract/admin-pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { pricingSettingsKey } from './pricing-keys.ts';

/**
 * Deletes a rule (`DELETE /api/pricing-settings/{id}`), answering it as it was; prices it set
 * stay until a recalculation is applied.
 *
 * @throws HttpError 404 (deleted meanwhile); or a network error.
 */
export function deletePricingSetting(id: number): Promise<PricingSettingResponse> {
  return apiFetch<PricingSettingResponse>(`/api/pricing-settings/${id}`, { method: 'DELETE' });
}

/** Deleting a rule refreshes the list. */
export function useDeletePricingSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePricingSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricingSettingsKey }),
  });
}
