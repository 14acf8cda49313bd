import { type RefObject, useCallback, useRef, useState } from 'react';
import { readApiError } from '../../lib/api-error.ts';
import type { WalletSource } from '../../lib/card-payment.ts';

/** What a payment submission is doing: paying (tokenising and placing), or leaving for PayPal. */
export type PaymentPhase = 'idle' | 'paying' | 'redirecting';

/** One submission of a payment form (see {@link usePaymentSubmission}). */
export interface PaymentRun<Pending> {
  /** The wallet whose card pays, if any: told when the payment failed. */
  wallet: WalletSource | undefined;
  /**
   * Runs 3-D Secure again for the payment left waiting for it, then the server's confirmation.
   * @throws what the confirmation throws
   */
  resume: (pending: Pending) => Promise<void>;
  /** Shows why the resumed payment failed. */
  failConfirm: (error: unknown) => void;
  /**
   * Pays anew (showing its own failures); calls `leave()` when the page leaves for the provider
   * (PayPal's approval page): the form then stays busy.
   */
  pay: (leave: () => void) => Promise<void>;
}

/**
 * The frame of a payment form's submission (checkout, top-up): one at a time (a second
 * submit while one runs is ignored), the phase and the last failure; a payment placed but left
 * waiting for the customer's action (3-D Secure, kept in `pendingRef` by `pay`) is resumed by the
 * next submit rather than paid twice, and forgotten once the provider declined it (402).
 */
export function usePaymentSubmission<Pending, Failure>(): {
  run: (run: PaymentRun<Pending>) => Promise<void>;
  pendingRef: RefObject<Pending | null>;
  phase: PaymentPhase;
  failure: Failure | null;
  setFailure: (failure: Failure | null) => void;
} {
  const pendingRef = useRef<Pending | null>(null);
  const busyRef = useRef(false);
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [failure, setFailure] = useState<Failure | null>(null);

  const run = useCallback(async ({ wallet, resume, failConfirm, pay }: PaymentRun<Pending>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setFailure(null);
    setPhase('paying');
    let leaving = false;
    const pending = pendingRef.current;
    if (pending) {
      try {
        await resume(pending);
      } catch (error) {
        if (readApiError(error)?.status === 402) pendingRef.current = null;
        wallet?.onFailed?.();
        failConfirm(error);
      } finally {
        busyRef.current = false;
        setPhase('idle');
      }
      return;
    }
    try {
      await pay(() => {
        leaving = true;
        setPhase('redirecting');
      });
    } finally {
      if (!leaving) {
        busyRef.current = false;
        setPhase('idle');
      }
    }
  }, []);

  return { run, pendingRef, phase, failure, setFailure };
}
