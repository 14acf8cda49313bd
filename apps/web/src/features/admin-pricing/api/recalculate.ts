import type { RecalculationReport } from '@esim/contract/admin-pricing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { PRICING_KEY } from './pricing-keys.ts';

/**
 * Reprices every product (`POST /api/pricing-settings/recalculate`), or with `dryRun` reports
 * what would change and changes nothing. `rulesVersion` (a preview's) makes the run refuse with
 * 409 `rules_changed` if the rules changed since the preview.
 *
 * @throws HttpError 409 `rules_changed`, 401/403, 5xx (its message is shown); or a network error.
 */
export function recalculate({
  dryRun,
  rulesVersion,
}: {
  dryRun: boolean;
  rulesVersion?: string;
}): Promise<RecalculationReport> {
  const query = new URLSearchParams();
  if (dryRun) query.set('dryRun', 'true');
  if (rulesVersion) query.set('rulesVersion', rulesVersion);
  const search = query.toString() ? `?${query.toString()}` : '';
  return apiFetch<RecalculationReport>(`/api/pricing-settings/recalculate${search}`, { method: 'POST' });
}

/** A preview or a real run; a real run refreshes the rules (last run), the history and explanations. */
export function useRecalculate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recalculate,
    onSuccess: (report) => {
      if (!report.dryRun) void queryClient.invalidateQueries({ queryKey: PRICING_KEY });
    },
  });
}
