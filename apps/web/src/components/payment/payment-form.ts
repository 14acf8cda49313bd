import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { type CardCollector, CardValidation, type WalletHandlers, type WalletSource } from '../../lib/card-payment.ts';
import { usePaymentsConfig } from './payments-config.ts';

/**
 * Where a payment form's card comes from (issue 12), for the forms that take one (checkout,
 * top-up): whether the store's cards go to Stripe (`GET /api/payments/config`), the form's
 * {@link CardValidation} (hand it to `useForm({ context })` before the form is made), and Stripe's
 * Payment Element once it is mounted (`collectorRef`, set through `onCollector` of `PaymentFields`).
 */
export function useCardSource() {
  const stripe = usePaymentsConfig().data?.card.provider === 'stripe';
  // Read by the resolver at each validation (RHF keeps this object; it is changed, never replaced).
  const [validation] = useState(() => new CardValidation());
  useEffect(() => validation.setStripe(stripe), [stripe, validation]);
  const collectorRef = useRef<CardCollector | null>(null);
  const onCollector = useCallback((collector: CardCollector | null) => {
    collectorRef.current = collector;
  }, []);
  return { stripe, validation, collectorRef, onCollector };
}

interface WalletFormOptions<V extends FieldValues> {
  /** The form's {@link CardValidation} (from {@link useCardSource}). */
  validation: CardValidation;
  /** The form's `handleSubmit`. */
  handleSubmit: UseFormHandleSubmit<V>;
  /** The form's count of invalid fields, set to 0 before each check (a state setter: stable). */
  setInvalidCount: (count: number) => void;
  /** Shows the errors of a failed check (and focuses the first invalid field). */
  onInvalid: (errors: FieldErrors<V>) => void;
  /** The form's submission, with the wallet's card. */
  submit: (values: V, source: WalletSource) => unknown;
  /** The form cannot be paid now: the wallet's sheet stays closed even when the form is valid. */
  blocked?: boolean;
}

/**
 * What a payment form answers its wallet buttons (specification section 9; issue 12): the rest of
 * the form is checked first, without the card fields (the wallet holds the card); then the
 * wallet's sheet opens (`onClick`), and the card the buyer approved in it pays through the form's
 * own submission (`onConfirm`). A failed check shows the form's errors and tells the wallet.
 */
export function useWalletHandlers<V extends FieldValues>({
  validation,
  handleSubmit,
  setInvalidCount,
  onInvalid,
  submit,
  blocked = false,
}: WalletFormOptions<V>): WalletHandlers {
  return useMemo<WalletHandlers>(() => {
    const withoutCard = (run: (values: V) => unknown, invalid: () => void) =>
      new Promise<void>((resolve) => {
        validation.setWallet(true);
        setInvalidCount(0);
        void handleSubmit(
          async (values) => {
            validation.setWallet(false);
            resolve();
            await run(values);
          },
          (errors) => {
            validation.setWallet(false);
            onInvalid(errors);
            invalid();
            resolve();
          },
        )();
      });
    return {
      onClick: () =>
        new Promise<boolean>((resolve) => {
          void withoutCard(
            () => resolve(!blocked),
            () => resolve(false),
          );
        }),
      onConfirm: (source: WalletSource) => {
        void withoutCard(
          (values) => submit(values, source),
          () => source.onFailed?.(),
        );
      },
    };
  }, [blocked, handleSubmit, onInvalid, setInvalidCount, submit, validation]);
}
