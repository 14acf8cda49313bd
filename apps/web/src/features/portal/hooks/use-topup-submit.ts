import type { Language } from '@esim/contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useRef } from 'react';
import { useLocation } from 'wouter';
import { type PaymentPhase, usePaymentSubmission } from '../../../components/payment/payment-submission.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { type CardCollector, CardEntryError, type WalletSource, sourceFingerprint } from '../../../lib/card-payment.ts';
import { paymentFor } from '../../../lib/card-token.ts';
import { fieldMessageOf } from '../../../lib/form-errors.ts';
import { type PaymentAttempt, attemptAfter, attemptFor, outcomeOf } from '../../../lib/idempotency.ts';
import { randomId } from '../../../lib/session.ts';
import type { PortalAccess } from '../api/access-headers.ts';
import { confirmTopupPayment } from '../api/confirm-topup-payment.ts';
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
  /** 409 `esim_refunded`: the eSIM's order was refunded, so it is never topped up. */
  | { kind: 'refunded' }
  /** 401: the access token stopped working. */
  | { kind: 'access' }
  /** 422 `idempotency_key_reused`: the details changed while the first attempt ran. */
  | { kind: 'conflict' }
  /** The provider's card form (Stripe's Payment Element) is incomplete or wrong: its message. */
  | { kind: 'card'; message: string }
  /** 3-D Secure was not finished: the next submit opens it again for the same top-up (issue 12). */
  | { kind: 'actionIncomplete' }
  | { kind: 'generic'; message: string | undefined };

/** What the submission is doing: paying (tokenising and buying), or leaving for PayPal. */
export type TopupPhase = PaymentPhase;

interface TopupSubmitOptions {
  access: PortalAccess;
  iccid: string;
  language: Language;
  /** Shows server field errors next to their fields (and focuses the first). */
  onFieldErrors: (errors: TopupFieldError[]) => void;
  /** Stripe's Payment Element when the store's cards go to Stripe (issue 12); null with the sandbox. */
  collectorRef: RefObject<CardCollector | null>;
  /** Whether the store's cards go to Stripe (`GET /api/payments/config`). */
  stripe: boolean;
}

/** A top-up whose card payment waits for the customer's action (3-D Secure). */
interface PendingAction {
  orderNumber: string;
  clientSecret: string;
}

/**
 * The top-up submission (specification section 2 "Customer portal": top-ups; the same payment
 * flow as checkout, DESIGN.md sections 4 and 6). A card is tokenised at the payment provider,
 * then `POST /api/portal/esims/{iccid}/topups` runs with an `Idempotency-Key` that is kept,
 * with the card token, across retries of an unknown outcome (`lib/idempotency.ts`), so a retry
 * never charges twice. 201 `succeeded` goes to `/portal/topup-confirmation?order=…`;
 * `requires_approval` leaves for PayPal's `approvalUrl`; `requires_action` (Stripe 3-D Secure,
 * issue 12) runs the challenge in the page, then `POST /api/portal/topups/{n}/payment/confirm`
 * (paid -> the confirmation page; 402 -> the reason; not finished -> the next submit opens the
 * challenge again). The card comes from the sandbox's card fields, Stripe's Payment Element or a
 * wallet (`submit(values, wallet)`). A second submit while one runs is ignored. Failures keep the
 * form as it is.
 */
export function useTopupSubmit({ access, iccid, language, onFieldErrors, collectorRef, stripe }: TopupSubmitOptions) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const { run, pendingRef, phase, failure, setFailure } = usePaymentSubmission<PendingAction, TopupFailure>();

  const fail = useCallback(
    (error: unknown, source: 'token' | 'topup' | 'confirm') => {
      if (error instanceof CardEntryError) {
        if (error.kind === 'declined') return setFailure({ kind: 'declined', message: error.message });
        return setFailure({ kind: 'card', message: error.message });
      }
      const info = readApiError(error);
      if (!info) return setFailure({ kind: 'network' });
      if (info.status === 429) return setFailure({ kind: 'rateLimited', retryAfterS: info.retryAfterS });
      if (info.status === 402) return setFailure({ kind: 'declined', message: info.message });
      if (info.status === 401) return setFailure({ kind: 'access' });
      if (source === 'confirm' && info.status === 409) return setFailure({ kind: 'actionIncomplete' });
      if (info.status === 400 || info.status === 422) {
        const path = topupFieldOf(info.field, source === 'token' ? 'token' : 'topup');
        if (path) {
          onFieldErrors([{ path, message: fieldMessageOf(info) }]);
          return setFailure({ kind: 'fields' });
        }
        if (info.status === 422) return setFailure({ kind: 'conflict' });
        return setFailure({ kind: 'generic', message: info.message });
      }
      if (info.status === 409 && info.code === 'topup_unavailable') return setFailure({ kind: 'unavailable' });
      if (info.status === 409 && info.code === 'esim_refunded') return setFailure({ kind: 'refunded' });
      if (outcomeOf(error) === 'unknown') return setFailure({ kind: 'server' });
      return setFailure({ kind: 'generic', message: info.message });
    },
    [onFieldErrors, setFailure],
  );

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: portalQueryKey(access) });
    void queryClient.invalidateQueries({ queryKey: topupOptionsQueryKey(access, iccid) });
  }, [access, iccid, queryClient]);

  /** 3-D Secure, then the server's confirmation; @throws what `confirmTopupPayment` throws. */
  const finishAction = useCallback(
    async (pending: PendingAction) => {
      const collector = collectorRef.current;
      if (!collector) throw new CardEntryError('', 'unavailable');
      await collector.handleNextAction(pending.clientSecret);
      await confirmTopupPayment(access, pending.orderNumber);
      pendingRef.current = null;
      refresh();
      navigate(`/portal/topup-confirmation?order=${encodeURIComponent(pending.orderNumber)}`);
    },
    [access, collectorRef, navigate, pendingRef, refresh],
  );

  const submit = useCallback(
    (values: TopupFormValues, wallet?: WalletSource) =>
      run({
        wallet,
        // The top-up is ordered and waits for 3-D Secure: open it again rather than buy twice.
        resume: finishAction,
        failConfirm: (error) => fail(error, 'confirm'),
        pay: async (leave) => {
          const collector = stripe && !wallet ? collectorRef.current : null;
          const fingerprint = `${topupFingerprint(iccid, values, language)}|${sourceFingerprint(collector, wallet)}`;
          let attempt = attemptFor(attemptRef.current, fingerprint, randomId);
          attemptRef.current = attempt;
          let stage: 'token' | 'topup' | 'confirm' = 'token';
          try {
            if (stripe && !wallet && values.paymentMethod === 'card' && !collector)
              throw new CardEntryError('', 'unavailable');
            const paid = await paymentFor(attempt, values, { collector, wallet });
            const { payment } = paid;
            attempt = paid.attempt;
            attemptRef.current = attempt;
            stage = 'topup';
            const response = await purchaseTopup(access, iccid, toTopupBody(values, payment, language), attempt.key);
            attemptRef.current = null;
            refresh();
            if (response.payment.status === 'requires_approval') {
              leave();
              window.location.assign(response.payment.approvalUrl);
              return;
            }
            if (response.payment.status === 'requires_action') {
              stage = 'confirm';
              const action = { orderNumber: response.orderNumber, clientSecret: response.payment.clientSecret };
              pendingRef.current = action;
              await finishAction(action);
              return;
            }
            navigate(`/portal/topup-confirmation?order=${encodeURIComponent(response.orderNumber)}`);
          } catch (error) {
            if (stage === 'confirm') {
              if (readApiError(error)?.status === 402) pendingRef.current = null;
            } else {
              // A failed tokenisation charged nothing; keep the attempt only when the outcome is unknown.
              attemptRef.current = attemptAfter(
                attempt,
                error instanceof CardEntryError ? 'definitive' : outcomeOf(error),
              );
            }
            wallet?.onFailed?.();
            fail(error, stage);
          }
        },
      }),
    [access, collectorRef, fail, finishAction, iccid, language, navigate, pendingRef, refresh, run, stripe],
  );

  return { submit, phase, failure };
}
