import type { CheckoutResponse } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import { type RefObject, useCallback, useRef } from 'react';
import { useLocation } from 'wouter';
import { type PaymentPhase, usePaymentSubmission } from '../../../components/payment/payment-submission.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { type CardCollector, CardEntryError, type WalletSource, sourceFingerprint } from '../../../lib/card-payment.ts';
import { paymentFor } from '../../../lib/card-token.ts';
import { fieldMessageOf } from '../../../lib/form-errors.ts';
import { type PaymentAttempt, attemptAfter, attemptFor, outcomeOf } from '../../../lib/idempotency.ts';
import { randomId } from '../../../lib/session.ts';
import { confirmPayment } from '../api/confirm-payment.ts';
import { placeOrder } from '../api/place-order.ts';
import {
  type CheckoutFieldPath,
  type CheckoutFormValues,
  checkoutFingerprint,
  formFieldOf,
  toCheckoutBody,
} from './checkout-form.ts';
import { saveCheckout } from './checkout-storage.ts';

/** Why a submission failed, as the page explains it. */
export type SubmitFailure =
  /** The provider refused the payment (402): its message, e.g. "Your card was declined." */
  | { kind: 'declined'; message: string | undefined }
  /** The server named fields (400): shown next to them. */
  | { kind: 'fields'; count: number }
  /** No answer: the same attempt is retried with the same key. */
  | { kind: 'network' }
  /** 5xx or the server still busy with the key: retried with the same key. */
  | { kind: 'server' }
  /**
   * 429: too many payment attempts (issue 8); wait `retryAfterS` seconds (`Retry-After`, when
   * sent), then the same attempt is retried with the same key.
   */
  | { kind: 'rateLimited'; retryAfterS: number | undefined }
  | { kind: 'cartEmpty' }
  /** 409: another checkout of this cart is unpaid (another tab, a double submit): that order. */
  | { kind: 'inProgress'; orderNumber: string | undefined }
  /** 409: the cart changed while it was being ordered; it is fetched again. */
  | { kind: 'cartChanged' }
  /** 422: the key was used with other details. */
  | { kind: 'conflict' }
  /** The card form of the provider (Stripe's Payment Element) is incomplete or wrong: its message. */
  | { kind: 'card'; message: string }
  /**
   * 3-D Secure was not finished (closed, or 409 `payment_requires_action`): the next submit opens
   * it again for the same order (issue 12).
   */
  | { kind: 'actionIncomplete' }
  | { kind: 'generic'; message: string | undefined };

/** A field error from the server, already mapped to the form. */
export interface ServerFieldError {
  path: CheckoutFieldPath;
  message: string;
}

interface SubmitOptions {
  language: Language;
  /** The order is placed and paid by card: refresh what depends on the cart. */
  onPaid: () => void;
  /** The server says the cart is empty: fetch it again. */
  onCartChanged: () => void;
  /** Shows server field errors next to their fields (and focuses the first). */
  onFieldErrors: (errors: ServerFieldError[]) => void;
  /**
   * Stripe's Payment Element when the store's cards go to Stripe (issue 12): tokenises the card
   * and runs 3-D Secure. Null with the sandbox (its card fields are tokenised instead).
   */
  collectorRef: RefObject<CardCollector | null>;
  /** Whether the store's cards go to Stripe (`GET /api/payments/config`). */
  stripe: boolean;
}

/** An order whose card payment waits for the customer's action (3-D Secure). */
interface PendingAction {
  orderNumber: string;
  accessToken: string;
  clientSecret: string;
}

/** What the submission is doing: paying (tokenising and placing), or leaving for PayPal. */
export type SubmitPhase = PaymentPhase;

/**
 * The checkout submission (DESIGN.md sections 4 and 6; issue 12): card payments are tokenised at
 * the provider (the sandbox's card fields, Stripe's Payment Element, or a wallet's card), then
 * `POST /api/checkout` runs with an `Idempotency-Key`; PayPal payments place the order and leave
 * for PayPal's approval page. When Stripe answers `requires_action` (3-D Secure) the challenge
 * runs in the page (`handleNextAction`), then `POST /api/orders/{n}/payment/confirm` settles the
 * order: paid -> the confirmation page, 402 -> the reason (the next submit is a new attempt),
 * not finished -> the next submit opens the challenge again. A second submit while one runs is
 * ignored; a retry after an unknown outcome reuses the key and token (see `lib/idempotency.ts`).
 * The answer is kept in session storage for the confirmation page.
 *
 * `submit(values, wallet?)`: with a wallet (Google Pay, Apple Pay), its card pays.
 */
export function useCheckoutSubmit({
  language,
  onPaid,
  onCartChanged,
  onFieldErrors,
  collectorRef,
  stripe,
}: SubmitOptions) {
  const [, navigate] = useLocation();
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const { run, pendingRef, phase, failure, setFailure } = usePaymentSubmission<PendingAction, SubmitFailure>();

  const fail = useCallback(
    (error: unknown, source: 'token' | 'checkout' | 'confirm') => {
      if (error instanceof CardEntryError) {
        if (error.kind === 'declined') return setFailure({ kind: 'declined', message: error.message });
        return setFailure({ kind: 'card', message: error.message });
      }
      const info = readApiError(error);
      if (!info) return setFailure({ kind: 'network' });
      if (info.status === 429) return setFailure({ kind: 'rateLimited', retryAfterS: info.retryAfterS });
      if (info.status === 402) return setFailure({ kind: 'declined', message: info.message });
      if (source === 'confirm' && info.status === 409) return setFailure({ kind: 'actionIncomplete' });
      if (info.status === 400 || info.status === 422) {
        const path = formFieldOf(info.field, source === 'token' ? 'token' : 'checkout');
        if (path) {
          onFieldErrors([{ path, message: fieldMessageOf(info) }]);
          return setFailure({ kind: 'fields', count: 1 });
        }
        if (info.status === 422) return setFailure({ kind: 'conflict' });
        return setFailure({ kind: 'generic', message: info.message });
      }
      // One cart, one checkout (issue 8): the cart was already paid as an order (a second tab, a
      // retry after a reload): open that order instead of paying again.
      if (info.status === 409 && info.code === 'cart_checked_out' && info.orderNumber) {
        onPaid();
        navigate(`/order-confirmation/${encodeURIComponent(info.orderNumber)}`);
        return undefined;
      }
      if (info.status === 409 && info.code === 'checkout_in_progress') {
        return setFailure({ kind: 'inProgress', orderNumber: info.orderNumber });
      }
      if (info.status === 409 && info.code === 'cart_changed') {
        onCartChanged();
        return setFailure({ kind: 'cartChanged' });
      }
      if (info.status === 409 && info.code === 'cart_empty') {
        onCartChanged();
        return setFailure({ kind: 'cartEmpty' });
      }
      if (info.status === 409 && info.code === 'products_unavailable') {
        onCartChanged();
        return setFailure({ kind: 'generic', message: info.message });
      }
      if (outcomeOf(error) === 'unknown') return setFailure({ kind: 'server' });
      return setFailure({ kind: 'generic', message: info.message });
    },
    [navigate, onCartChanged, onFieldErrors, onPaid, setFailure],
  );

  /** 3-D Secure, then the server's confirmation; @throws what `confirmPayment` throws. */
  const finishAction = useCallback(
    async (pending: PendingAction) => {
      const collector = collectorRef.current;
      if (!collector) throw new CardEntryError('', 'unavailable');
      await collector.handleNextAction(pending.clientSecret);
      await confirmPayment(pending.orderNumber, pending.accessToken);
      pendingRef.current = null;
      navigate(`/order-confirmation/${encodeURIComponent(pending.orderNumber)}`);
      onPaid();
    },
    [collectorRef, navigate, onPaid, pendingRef],
  );

  const submit = useCallback(
    (values: CheckoutFormValues, wallet?: WalletSource) =>
      run({
        wallet,
        // The order is placed and waits for 3-D Secure: open it again rather than order twice.
        resume: finishAction,
        failConfirm: (error) => fail(error, 'confirm'),
        pay: async (leave) => {
          const collector = stripe && !wallet ? collectorRef.current : null;
          const fingerprint = `${checkoutFingerprint(values, language)}|${sourceFingerprint(collector, wallet)}`;
          let attempt = attemptFor(attemptRef.current, fingerprint, randomId);
          attemptRef.current = attempt;
          let stage: 'token' | 'checkout' | 'confirm' = 'token';
          try {
            if (stripe && !wallet && values.paymentMethod === 'card' && !collector)
              throw new CardEntryError('', 'unavailable');
            const paid = await paymentFor(attempt, values, { collector, wallet });
            const { payment } = paid;
            attempt = paid.attempt;
            attemptRef.current = attempt;
            stage = 'checkout';
            const response: CheckoutResponse = await placeOrder(toCheckoutBody(values, payment, language), attempt.key);
            attemptRef.current = null;
            saveCheckout({ orderNumber: response.orderNumber, accessToken: response.accessToken });
            if (response.payment.status === 'requires_approval') {
              leave();
              window.location.assign(response.payment.approvalUrl);
              return;
            }
            if (response.payment.status === 'requires_action') {
              stage = 'confirm';
              const action = {
                orderNumber: response.orderNumber,
                accessToken: response.accessToken,
                clientSecret: response.payment.clientSecret,
              };
              pendingRef.current = action;
              await finishAction(action);
              return;
            }
            navigate(`/order-confirmation/${encodeURIComponent(response.orderNumber)}`);
            onPaid();
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
    [collectorRef, fail, finishAction, language, navigate, onPaid, pendingRef, run, stripe],
  );

  const dismissFailure = useCallback(() => setFailure(null), [setFailure]);
  return { submit, phase, failure, dismissFailure };
}
