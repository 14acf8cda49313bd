import type { PricingSettingResponse, UpdatePricingSettingBody } from '@esim/contract/admin-pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { pricingSettingsKey } from './pricing-keys.ts';

/**
 * Changes a rule's fields (`PATCH /api/pricing-settings/{id}`); no price changes until a
 * recalculation is applied.
 *
 * @throws HttpError 400 with `field`, 404 (deleted meanwhile), 409 `duplicate_rule`; or a network error.
 */
export function updatePricingSetting({
  id,
  body,
}: {
  id: number;
  body: UpdatePricingSettingBody;
}): Promise<PricingSettingResponse> {
  return apiFetch<PricingSettingResponse>(`/api/pricing-settings/${id}`, { method: 'PATCH', json: body });
}

/** Changing a rule refreshes the list. */
export function useUpdatePricingSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePricingSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricingSettingsKey }),
  });
}
