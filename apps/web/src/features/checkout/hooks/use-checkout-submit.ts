import type { CheckoutResponse } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { readApiError } from '../../../lib/api-error.ts';
import { paymentFor } from '../../../lib/card-token.ts';
import { fieldMessageOf } from '../../../lib/form-errors.ts';
import { type PaymentAttempt, attemptAfter, attemptFor, outcomeOf } from '../../../lib/idempotency.ts';
import { randomId } from '../../../lib/session.ts';
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
}

/** What the submission is doing: paying (tokenising and placing), or leaving for PayPal. */
export type SubmitPhase = 'idle' | 'paying' | 'redirecting';

/**
 * The checkout submission (DESIGN.md sections 4 and 6): card payments are tokenised at the
 * provider, then `POST /api/checkout` runs with an `Idempotency-Key`; PayPal payments place the
 * order and leave for PayPal's approval page. A second submit while one runs is ignored; a retry
 * after an unknown outcome reuses the key and token (see `lib/idempotency.ts`). The answer is kept
 * in session storage for the confirmation page.
 */
export function useCheckoutSubmit({ language, onPaid, onCartChanged, onFieldErrors }: SubmitOptions) {
  const [, navigate] = useLocation();
  const attemptRef = useRef<PaymentAttempt | null>(null);
  const busyRef = useRef(false);
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const fail = useCallback(
    (error: unknown, source: 'token' | 'checkout') => {
      const info = readApiError(error);
      if (!info) return setFailure({ kind: 'network' });
      if (info.status === 429) return setFailure({ kind: 'rateLimited', retryAfterS: info.retryAfterS });
      if (info.status === 402) return setFailure({ kind: 'declined', message: info.message });
      if (info.status === 400 || info.status === 422) {
        const path = formFieldOf(info.field, source);
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
    [navigate, onCartChanged, onFieldErrors, onPaid],
  );

  const submit = useCallback(
    async (values: CheckoutFormValues) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setFailure(null);
      setPhase('paying');
      let leaving = false;
      let attempt = attemptFor(attemptRef.current, checkoutFingerprint(values, language), randomId);
      attemptRef.current = attempt;
      let stage: 'token' | 'checkout' = 'token';
      try {
        const paid = await paymentFor(attempt, values);
        const { payment } = paid;
        attempt = paid.attempt;
        attemptRef.current = attempt;
        stage = 'checkout';
        const response: CheckoutResponse = await placeOrder(toCheckoutBody(values, payment, language), attempt.key);
        attemptRef.current = null;
        saveCheckout({ orderNumber: response.orderNumber, accessToken: response.accessToken });
        if (response.payment.status === 'requires_approval') {
          leaving = true;
          setPhase('redirecting');
          window.location.assign(response.payment.approvalUrl);
          return;
        }
        navigate(`/order-confirmation/${encodeURIComponent(response.orderNumber)}`);
        onPaid();
      } catch (error) {
        // A failed tokenisation charged nothing; keep the attempt only if the outcome is unknown.
        attemptRef.current = attemptAfter(attempt, outcomeOf(error));
        fail(error, stage);
      } finally {
        if (!leaving) {
          busyRef.current = false;
          setPhase('idle');
        }
      }
    },
    [fail, language, navigate, onPaid],
  );

  const dismissFailure = useCallback(() => setFailure(null), []);
  return { submit, phase, failure, dismissFailure };
}
