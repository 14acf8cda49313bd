import type { PaymentChoice } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import type { TopupResponse } from '@esim/contract/portal';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { PaymentFailure } from '../../../components/payment/use-payment-submit.ts';
import type { ApiErrorInfo } from '../../../lib/api-error.ts';
import type { PortalAccess } from '../api/access-headers.ts';
import { confirmTopupPayment } from '../api/confirm-topup-payment.ts';
import { portalQueryKey } from '../api/get-portal.ts';
import { topupOptionsQueryKey } from '../api/get-topup-options.ts';
import { purchaseTopup } from '../api/purchase-topup.ts';
import { type TopupFormValues, toTopupBody, topupFieldOf, topupFingerprint } from './topup-form.ts';

/** The top-up's own reasons a payment failed, besides the shared ones (`PaymentFailure`). */
export type TopupFailure =
  /** 409 `topup_unavailable`: the eSIM is no longer active. */
  | { kind: 'unavailable' }
  /** 409 `esim_refunded`: the eSIM's order was refunded, so it is never topped up. */
  | { kind: 'refunded' }
  /** 401: the access token stopped working. */
  | { kind: 'access' };

interface TopupPaymentOptions {
  access: PortalAccess;
  iccid: string;
  language: Language;
}

/**
 * What the top-up gives the shared payment flow (`usePaymentForm`):
 * `POST /api/portal/esims/{iccid}/topups` (`purchaseTopup`) with the form's body,
 * `POST /api/portal/topups/{n}/payment/confirm` after 3-D Secure, the portal's views read again
 * once the top-up exists and once it is confirmed, `/portal/topup-confirmation?order=…` once paid,
 * and the portal's refusals: an access token that stopped working, an eSIM no longer active or
 * refunded (decision record 0009).
 */
export function useTopupPayment({ access, iccid, language }: TopupPaymentOptions) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: portalQueryKey(access) });
    void queryClient.invalidateQueries({ queryKey: topupOptionsQueryKey(access, iccid) });
  }, [access, iccid, queryClient]);

  return useMemo(
    () => ({
      fingerprint: (values: TopupFormValues) => topupFingerprint(iccid, values, language),
      place: (values: TopupFormValues, payment: PaymentChoice, idempotencyKey: string) =>
        purchaseTopup(access, iccid, toTopupBody(values, payment, language), idempotencyKey),
      onPlaced: refresh,
      confirm: ({ orderNumber }: TopupResponse) => confirmTopupPayment(access, orderNumber),
      onConfirmed: refresh,
      onPaid: ({ orderNumber }: TopupResponse) =>
        navigate(`/portal/topup-confirmation?order=${encodeURIComponent(orderNumber)}`),
      bodyFieldOf: topupFieldOf,
      failureOf: (info: ApiErrorInfo): PaymentFailure<TopupFailure> | undefined => {
        if (info.status === 401) return { kind: 'access' };
        if (info.status === 409 && info.code === 'topup_unavailable') return { kind: 'unavailable' };
        if (info.status === 409 && info.code === 'esim_refunded') return { kind: 'refunded' };
        return undefined;
      },
    }),
    [access, iccid, language, navigate, refresh],
  );
}
