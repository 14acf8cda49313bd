import type { PaymentChoice } from '@esim/contract/checkout';
import { type RefObject, useCallback, useRef } from 'react';
import { type ApiErrorInfo, readApiError } from '../../lib/api-error.ts';
import { type CardCollector, CardEntryError, type WalletSource, sourceFingerprint } from '../../lib/card-payment.ts';
import { type PaymentFormValues, paymentFor } from '../../lib/card-token.ts';
import { fieldMessageOf } from '../../lib/form-errors.ts';
import { type PaymentAttempt, attemptAfter, attemptFor, outcomeOf } from '../../lib/idempotency.ts';
import { randomId } from '../../lib/session.ts';
import { type CardFieldPath, type FieldErrorOf, serverFieldOf } from './payment-form-model.ts';
import { type PaymentPhase, usePaymentSubmission } from './payment-submission.ts';

/**
 * Why a payment failed, as the form explains it; `Extra` adds the form's own reasons (an empty
 * cart, an eSIM that cannot be topped up).
 */
export type PaymentFailure<Extra extends { kind: string } = never> =
  /** The provider refused the payment (402): its message, e.g. "Your card was declined." */
  | { kind: 'declined'; message: string | undefined }
  /** The server named a field (400): shown next to it. */
  | { kind: 'fields' }
  /** No answer: the same attempt is retried with the same key. */
  | { kind: 'network' }
  /** 5xx or the server still busy with the key: retried with the same key. */
  | { kind: 'server' }
  /**
   * 429: too many payment attempts (decision record 0013); wait `retryAfterS` seconds
   * (`Retry-After`, when sent), then the same attempt is retried with the same key.
   */
  | { kind: 'rateLimited'; retryAfterS: number | undefined }
  /** 422: the key was used with other details. */
  | { kind: 'conflict' }
  /** The provider's card form (Stripe's Payment Element) is incomplete or wrong: its message. */
  | { kind: 'card'; message: string }
  /** 3-D Secure was not finished (closed, or 409 on confirming): the next submit opens it again. */
  | { kind: 'actionIncomplete' }
  | { kind: 'generic'; message: string | undefined }
  | Extra;

/** What the store answers once it created the order or the top-up (`CheckoutResponse`, `TopupResponse`). */
export interface PlacedPayment {
  orderNumber: string;
  payment:
    | { status: 'succeeded' }
    /** PayPal: the buyer approves on `approvalUrl`, which sends them back to the store. */
    | { status: 'requires_approval'; approvalUrl: string }
    /** Stripe asks for 3-D Secure: `handleNextAction(clientSecret)`, then the confirm call. */
    | { status: 'requires_action'; clientSecret: string };
}

/** What differs between the forms that pay; see {@link usePaymentSubmit}. */
export interface PaymentSubmitOptions<
  V extends PaymentFormValues,
  Path extends string,
  Placed extends PlacedPayment,
  Extra extends { kind: string },
> {
  /** Whether the store's cards go to Stripe (`GET /api/payments/config`). */
  stripe: boolean;
  /** Stripe's Payment Element once mounted (tokenises, runs 3-D Secure); null with the sandbox's fields. */
  collectorRef: RefObject<CardCollector | null>;
  /** What the request carries besides the card, for the attempt's fingerprint (`paymentFingerprint`). */
  fingerprint: (values: V) => string;
  /**
   * Creates the order or the top-up and pays (`POST /api/checkout`,
   * `POST /api/portal/esims/{iccid}/topups`) with the attempt's `Idempotency-Key`.
   * @throws HttpError (402 declined, 400 with `field`, 409, 422, 429) or a network error
   */
  place: (values: V, payment: PaymentChoice, idempotencyKey: string) => Promise<Placed>;
  /** Runs once the store answered `place`, whatever the payment's status (keep the token, refresh). */
  onPlaced?: (placed: Placed) => void;
  /**
   * Settles a card payment after 3-D Secure (`POST …/payment/confirm`).
   * @throws HttpError 402 (failed), 409 (not finished yet), 401, 404; or a network error
   */
  confirm: (placed: Placed) => Promise<unknown>;
  /** Runs once `confirm` succeeded, before `onPaid`. */
  onConfirmed?: (placed: Placed) => void;
  /** The payment succeeded (at once or after 3-D Secure): where to go. */
  onPaid: (placed: Placed) => void;
  /** The form field a path of the request body names (`customer.email`, `productId`), or null. */
  bodyFieldOf: (field: string) => Path | null;
  /** Shows server field errors next to their fields (and focuses the first). */
  onFieldErrors: (errors: FieldErrorOf<Path | CardFieldPath>[]) => void;
  /**
   * The form's own reading of a refusal the shared rules leave open (after 429, 402, a 409 on
   * confirming, 400 and 422): its failure, `'handled'` when it acted itself and shows none, or
   * undefined to fall back to `server` (outcome unknown) or `generic`.
   */
  failureOf?: (info: ApiErrorInfo) => PaymentFailure<Extra> | 'handled' | undefined;
}

/** Where a submission failed: tokenising the card, placing the order or top-up, or confirming 3-D Secure. */
export type PaymentStage = 'token' | 'place' | 'confirm';

/**
 * How a payment form explains a failed submission (`error` thrown at `stage`): the provider's
 * card form (`CardEntryError`: declined or wrong), no answer (`network`), 429 (`rateLimited`), 402
 * (`declined`), 409 while confirming (`actionIncomplete`), 400 or 422 naming a field of the form
 * (`fieldError`, shown next to it, and `fields`), 422 (`conflict`), then the form's own reading
 * (`failureOf`), else `server` when the outcome is unknown and `generic` otherwise.
 *
 * @returns the failure to show (`null` when the form handled it itself) and the field error, if any.
 */
export function readPaymentFailure<Path extends string, Extra extends { kind: string }>(
  error: unknown,
  stage: PaymentStage,
  bodyFieldOf: (field: string) => Path | null,
  failureOf?: (info: ApiErrorInfo) => PaymentFailure<Extra> | 'handled' | undefined,
): { failure: PaymentFailure<Extra> | null; fieldError?: FieldErrorOf<Path | CardFieldPath> } {
  if (error instanceof CardEntryError) {
    if (error.kind === 'declined') return { failure: { kind: 'declined', message: error.message } };
    return { failure: { kind: 'card', message: error.message } };
  }
  const info = readApiError(error);
  if (!info) return { failure: { kind: 'network' } };
  if (info.status === 429) return { failure: { kind: 'rateLimited', retryAfterS: info.retryAfterS } };
  if (info.status === 402) return { failure: { kind: 'declined', message: info.message } };
  if (stage === 'confirm' && info.status === 409) return { failure: { kind: 'actionIncomplete' } };
  if (info.status === 400 || info.status === 422) {
    const path = serverFieldOf(info.field, stage === 'token' ? 'token' : 'place', bodyFieldOf);
    if (path) return { failure: { kind: 'fields' }, fieldError: { path, message: fieldMessageOf(info) } };
    if (info.status === 422) return { failure: { kind: 'conflict' } };
    return { failure: { kind: 'generic', message: info.message } };
  }
  const own = failureOf?.(info);
  if (own === 'handled') return { failure: null };
  if (own) return { failure: own };
  if (outcomeOf(error) === 'unknown') return { failure: { kind: 'server' } };
  return { failure: { kind: 'generic', message: info.message } };
}

/**
 * The submission of a form that pays (checkout, top-up; decision records 0009, 0012 and 0019).
 * `submit(values, wallet?)` tokenises a card at the provider (the sandbox's card fields, Stripe's
 * Payment Element, or the wallet's card when a wallet such as Google Pay pays), then calls
 * `place` with an `Idempotency-Key`; PayPal leaves for its approval page. When Stripe answers
 * `requires_action` the 3-D Secure challenge runs in the page, then `confirm` settles it: paid ->
 * `onPaid`, 402 -> the reason (the next submit is a new attempt), not finished -> the next submit
 * opens the challenge again rather than paying twice. A retry after an unknown outcome reuses the
 * key and the token (`lib/idempotency.ts`), so it never charges twice; a second submit while one
 * runs is ignored. Failures keep the form as it is.
 *
 * @returns `submit`, the `phase` (`idle`, `paying`, `redirecting` to PayPal) and the last `failure`.
 */
export function usePaymentSubmit<
  V extends PaymentFormValues,
  Path extends string,
  Placed extends PlacedPayment,
  Extra extends { kind: string } = never,
>({
  stripe,
  collectorRef,
  fingerprint,
  place,
  onPlaced,
  confirm,
  onConfirmed,
  onPaid,
  bodyFieldOf,
  onFieldErrors,
  failureOf,
}: PaymentSubmitOptions<V, Path, Placed, Extra>): {
  submit: (values: V, wallet?: WalletSource) => Promise<void>;
  phase: PaymentPhase;
  failure: PaymentFailure<Extra> | null;
} {
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const { run, pendingRef, phase, failure, setFailure } = usePaymentSubmission<Placed, PaymentFailure<Extra>>();

  const fail = useCallback(
    (error: unknown, stage: PaymentStage) => {
      const reading = readPaymentFailure(error, stage, bodyFieldOf, failureOf);
      if (reading.fieldError) onFieldErrors([reading.fieldError]);
      if (reading.failure) setFailure(reading.failure);
    },
    [bodyFieldOf, failureOf, onFieldErrors, setFailure],
  );

  /** 3-D Secure, then the server's confirmation; @throws what `confirm` throws. */
  const finishAction = useCallback(
    async (placed: Placed) => {
      const collector = collectorRef.current;
      if (!collector || placed.payment.status !== 'requires_action') throw new CardEntryError('', 'unavailable');
      await collector.handleNextAction(placed.payment.clientSecret);
      await confirm(placed);
      pendingRef.current = null;
      onConfirmed?.(placed);
      onPaid(placed);
    },
    [collectorRef, confirm, onConfirmed, onPaid, pendingRef],
  );

  const submit = useCallback(
    (values: V, wallet?: WalletSource) =>
      run({
        wallet,
        // Placed and waiting for 3-D Secure: open it again rather than pay twice.
        resume: finishAction,
        failConfirm: (error) => fail(error, 'confirm'),
        pay: async (leave) => {
          const collector = stripe && !wallet ? collectorRef.current : null;
          let attempt = attemptFor(
            attemptRef.current,
            `${fingerprint(values)}|${sourceFingerprint(collector, wallet)}`,
            randomId,
          );
          attemptRef.current = attempt;
          let stage: PaymentStage = 'token';
          try {
            if (stripe && !wallet && values.paymentMethod === 'card' && !collector)
              throw new CardEntryError('', 'unavailable');
            const paid = await paymentFor(attempt, values, { collector, wallet });
            attempt = paid.attempt;
            attemptRef.current = attempt;
            stage = 'place';
            const placed = await place(values, paid.payment, attempt.key);
            attemptRef.current = null;
            onPlaced?.(placed);
            if (placed.payment.status === 'requires_approval') {
              leave();
              window.location.assign(placed.payment.approvalUrl);
              return;
            }
            if (placed.payment.status === 'requires_action') {
              stage = 'confirm';
              pendingRef.current = placed;
              await finishAction(placed);
              return;
            }
            onPaid(placed);
          } catch (error) {
            if (stage === 'confirm') {
              // The order exists: a decline ends it (a new attempt may follow), anything else keeps it.
              if (readApiError(error)?.status === 402) pendingRef.current = null;
            } else {
              // A failed tokenisation charged nothing; keep the attempt only if the outcome is unknown.
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
    [collectorRef, fail, finishAction, fingerprint, onPaid, onPlaced, pendingRef, place, run, stripe],
  );

  return { submit, phase, failure };
}
