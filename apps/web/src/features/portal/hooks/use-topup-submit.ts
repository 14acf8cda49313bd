import type { Language } from '@esim/contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { readApiError } from '../../../lib/api-error.ts';
import { paymentFor } from '../../../lib/card-token.ts';
import { fieldMessageOf } from '../../../lib/form-errors.ts';
import { type PaymentAttempt, attemptAfter, attemptFor, outcomeOf } from '../../../lib/idempotency.ts';
import { randomId } from '../../../lib/session.ts';
import type { PortalAccess } from '../api/access-headers.ts';
import { portalQueryKey } from '../api/get-portal.ts';
import { topupOptionsQueryKey } from '../api/get-topup-options.ts';
import { purchaseTopup } from '../api/purchase-topup.ts';
import {
  type TopupFieldError,
  type TopupFormValues,
  toTopupBody,
  topupFieldOf,
  topupFingerprint,
} from './topup-form.ts';

/** Why a top-up submission failed, as the page explains it. */
export type TopupFailure =
  /** The payment provider refused (402): its reason, e.g. "Your card was declined." */
  | { kind: 'declined'; message: string | undefined }
  /** The server named a field (400): shown next to it. */
  | { kind: 'fields' }
  /** No answer: the next click retries the same attempt with the same key. */
  | { kind: 'network' }
  /** 5xx or the server still busy with the key: retried with the same key. */
  | { kind: 'server' }
  /**
   * 429: too many payment (or portal) attempts (issue 8); wait `retryAfterS` seconds
   * (`Retry-After`, when sent), then the same attempt is retried with the same key.
   */
  | { kind: 'rateLimited'; retryAfterS: number | undefined }
  /** 409 `topup_unavailable`: the eSIM is no longer active. */
  | { kind: 'unavailable' }
  /** 401: the access token stopped working. */
  | { kind: 'access' }
  /** 422 `idempotency_key_reused`: the details changed while the first attempt ran. */
  | { kind: 'conflict' }
  | { kind: 'generic'; message: string | undefined };

/** What the submission is doing: paying (tokenising and buying), or leaving for PayPal. */
export type TopupPhase = 'idle' | 'paying' | 'redirecting';

interface TopupSubmitOptions {
  access: PortalAccess;
  iccid: string;
  language: Language;
  /** Shows server field errors next to their fields (and focuses the first). */
  onFieldErrors: (errors: TopupFieldError[]) => void;
}

/**
 * The top-up submission (specification section 2 "Customer portal": top-ups; the same payment
 * flow as checkout, DESIGN.md sections 4 and 6). A card is tokenised at the payment provider,
 * then `POST /api/portal/esims/{iccid}/topups` runs with an `Idempotency-Key` that is kept,
 * with the card token, across retries of an unknown outcome (`lib/idempotency.ts`), so a retry
 * never charges twice. 201 `succeeded` goes to `/portal/topup-confirmation?order=…`;
 * `requires_approval` leaves for PayPal's `approvalUrl`. A second submit while one runs is
 * ignored. Failures keep the form as it is.
 */
export function useTopupSubmit({ access, iccid, language, onFieldErrors }: TopupSubmitOptions) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const busyRef = useRef(false);
  const [phase, setPhase] = useState<TopupPhase>('idle');
  const [failure, setFailure] = useState<TopupFailure | null>(null);

  const fail = useCallback(
    (error: unknown, source: 'token' | 'topup') => {
      const info = readApiError(error);
      if (!info) return setFailure({ kind: 'network' });
      if (info.status === 429) return setFailure({ kind: 'rateLimited', retryAfterS: info.retryAfterS });
      if (info.status === 402) return setFailure({ kind: 'declined', message: info.message });
      if (info.status === 401) return setFailure({ kind: 'access' });
      if (info.status === 400 || info.status === 422) {
        const path = topupFieldOf(info.field, source);
        if (path) {
          onFieldErrors([{ path, message: fieldMessageOf(info) }]);
          return setFailure({ kind: 'fields' });
        }
        if (info.status === 422) return setFailure({ kind: 'conflict' });
        return setFailure({ kind: 'generic', message: info.message });
      }
      if (info.status === 409 && info.code === 'topup_unavailable') return setFailure({ kind: 'unavailable' });
      if (outcomeOf(error) === 'unknown') return setFailure({ kind: 'server' });
      return setFailure({ kind: 'generic', message: info.message });
    },
    [onFieldErrors],
  );

  const submit = useCallback(
    async (values: TopupFormValues) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setFailure(null);
      setPhase('paying');
      let leaving = false;
      let attempt = attemptFor(attemptRef.current, topupFingerprint(iccid, values, language), randomId);
      attemptRef.current = attempt;
      let stage: 'token' | 'topup' = 'token';
      try {
        const paid = await paymentFor(attempt, values);
        const { payment } = paid;
        attempt = paid.attempt;
        attemptRef.current = attempt;
        stage = 'topup';
        const response = await purchaseTopup(access, iccid, toTopupBody(values, payment, language), attempt.key);
        attemptRef.current = null;
        void queryClient.invalidateQueries({ queryKey: portalQueryKey(access) });
        void queryClient.invalidateQueries({ queryKey: topupOptionsQueryKey(access, iccid) });
        if (response.payment.status === 'requires_approval') {
          leaving = true;
          setPhase('redirecting');
          window.location.assign(response.payment.approvalUrl);
          return;
        }
        navigate(`/portal/topup-confirmation?order=${encodeURIComponent(response.orderNumber)}`);
      } catch (error) {
        // A failed tokenisation charged nothing; keep the attempt only when the outcome is unknown.
        attemptRef.current = attemptAfter(attempt, outcomeOf(error));
        fail(error, stage);
      } finally {
        if (!leaving) {
          busyRef.current = false;
          setPhase('idle');
        }
      }
    },
    [access, fail, iccid, language, navigate, queryClient],
  );

  return { submit, phase, failure };
}
