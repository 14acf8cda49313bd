import type { AttachOrderBody, AttachOrderResponse } from '@esim/contract/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Attaches a guest order and its top-ups to the signed-in account with that order's access token
 * (`POST /api/user/orders/attach`, session cookie). Idempotent: an order already in the account
 * answers `alreadyAttached: true`.
 *
 * @throws HttpError 400 `invalid_token` (field `accessToken`: unknown, expired or revoked), 400
 *   `validation_error`, 401 `unauthorized` (signed out meanwhile), 409
 *   `order_belongs_to_another_account`, 429 `rate_limited` with `Retry-After`; or a network error.
 */
export function attachOrder(body: AttachOrderBody): Promise<AttachOrderResponse> {
  return apiFetch<AttachOrderResponse>('/api/user/orders/attach', { method: 'POST', json: body });
}

/** Attaching an earlier order: every portal view is read again, so its eSIMs appear at once. */
export function useAttachOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/portal'] });
    },
  });
}
