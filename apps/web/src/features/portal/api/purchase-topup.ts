import type { TopupBody, TopupResponse } from '@esim/contract/portal';
import { apiFetch } from '../../../lib/api-client.ts';
import { type PortalAccess, accessHeaders } from './access-headers.ts';

/**
 * Buys a top-up for an eSIM and pays (`POST /api/portal/esims/{iccid}/topups`, 201
 * `TopupResponse`): the price comes from the catalogue, the body names the plan, the card token
 * or PayPal, the accepted terms and the interface language. `idempotencyKey` makes a repeat of
 * the same attempt replay the first answer instead of charging again (`lib/idempotency.ts`).
 *
 * @throws HttpError 402 payment failed (the provider's reason), 400 `validation_error` with
 *   `field`, 409 `topup_unavailable`, 422 `idempotency_key_reused`, 401; or a network error
 *   (TypeError) when the outcome is unknown.
 */
export function purchaseTopup(
  access: PortalAccess,
  iccid: string,
  body: TopupBody,
  idempotencyKey: string,
): Promise<TopupResponse> {
  return apiFetch<TopupResponse>(`/api/portal/esims/${encodeURIComponent(iccid)}/topups`, {
    method: 'POST',
    json: body,
    headers: { ...accessHeaders(access), 'Idempotency-Key': idempotencyKey },
  });
}
