import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormHandleSubmit,
  type UseFormReturn,
  get,
  useForm,
} from 'react-hook-form';
import { type CardCollector, CardValidation, type WalletHandlers, type WalletSource } from '../../lib/card-payment.ts';
import type { CardFieldPath, FieldErrorOf, PaymentFieldPath, PaymentPartValues } from './payment-form-model.ts';
import type { PaymentPhase } from './payment-submission.ts';
import { usePaymentsConfig } from './payments-config.ts';
import {
  type PaymentFailure,
  type PaymentSubmitOptions,
  type PlacedPayment,
  usePaymentSubmit,
} from './use-payment-submit.ts';

/**
 * Where a payment form's card comes from (decision record 0019), for the forms that take one (checkout,
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
 * What a payment form answers its wallet buttons (Google Pay, Apple Pay): the rest of
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

/** How a payment form validates now: without the store's card fields (Stripe's Payment Element, a wallet). */
export type PaymentValidationContext = Pick<CardValidation, 'skipCard'>;

/** What a payment form shows (see {@link usePaymentForm} and `PaymentForm`). */
export interface PaymentFormState<V extends FieldValues, Extra extends { kind: string }> {
  /** The react-hook-form form, for `FormProvider`. */
  form: UseFormReturn<V, PaymentValidationContext>;
  /** The form element's submit handler. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** For `PaymentFields`: the wallet buttons' handlers and the receiver of Stripe's Payment Element. */
  wallet: WalletHandlers;
  onCollector: (collector: CardCollector | null) => void;
  phase: PaymentPhase;
  failure: PaymentFailure<Extra> | null;
  /** How many fields the last submit found invalid (announced once). */
  invalidCount: number;
  /** How many of them are still invalid (shown under the pay button until fixed). */
  shownCount: number;
}

/** What {@link usePaymentForm} needs: the form's own parts and its submission's calls. */
export interface PaymentFormOptions<
  V extends PaymentPartValues,
  Path extends string,
  Placed extends PlacedPayment,
  Extra extends { kind: string },
> extends Omit<PaymentSubmitOptions<V, Path, Placed, Extra>, 'stripe' | 'collectorRef' | 'onFieldErrors'> {
  /** Validates the values; `context.skipCard` leaves the store's card fields out. */
  resolver: Resolver<V, PaymentValidationContext>;
  defaultValues: DefaultValues<V>;
  /** Every field that can carry an error, in page order: the first invalid one gets the focus. */
  fieldOrder: readonly (Path | PaymentFieldPath)[];
  /** The form cannot be paid now (a cart being changed): the wallets' sheets stay closed. */
  blocked?: boolean;
}

/**
 * A form that pays, as react-hook-form holds it (checkout, top-up): validated on blur and on
 * submit with the form's resolver and the card source of {@link useCardSource}; the first invalid
 * field (in `fieldOrder`) gets the focus, also for a field error of the server; the wallets pay
 * through the same submission ({@link useWalletHandlers}, {@link usePaymentSubmit}).
 *
 * @returns the RHF `form`, `onSubmit` for the form element, the `wallet` handlers and
 *   `onCollector` for `PaymentFields`, the submission's `phase` and `failure`, and the count of
 *   invalid fields the last submit found (`invalidCount`, announced) and of those still invalid
 *   (`shownCount`, shown under the pay button).
 */
export function usePaymentForm<
  V extends PaymentPartValues,
  Path extends string,
  Placed extends PlacedPayment,
  Extra extends { kind: string } = never,
>({
  resolver,
  defaultValues,
  fieldOrder,
  blocked = false,
  ...submission
}: PaymentFormOptions<V, Path, Placed, Extra>): PaymentFormState<V, Extra> {
  const { stripe, validation, collectorRef, onCollector } = useCardSource();
  const form = useForm<V, PaymentValidationContext>({
    resolver,
    context: validation,
    defaultValues,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { setError, setFocus, handleSubmit, formState } = form;
  const [invalidCount, setInvalidCount] = useState(0);

  const focusFirst = useCallback(
    (paths: readonly string[]) => {
      const first = fieldOrder.find((path) => paths.includes(path));
      if (first) setFocus(first as FieldPath<V>);
    },
    [fieldOrder, setFocus],
  );

  const onFieldErrors = useCallback(
    (errors: FieldErrorOf<Path | CardFieldPath>[]) => {
      for (const error of errors) setError(error.path as FieldPath<V>, { type: 'server', message: error.message });
      setInvalidCount(errors.length);
      focusFirst(errors.map((e) => e.path));
    },
    [focusFirst, setError],
  );

  const { submit, phase, failure } = usePaymentSubmit<V, Path, Placed, Extra>({
    ...submission,
    stripe,
    collectorRef,
    onFieldErrors,
  });

  const onInvalid = useCallback(
    (errors: FieldErrors<V>) => {
      const paths = fieldOrder.filter((path) => get(errors, path));
      setInvalidCount(paths.length);
      focusFirst(paths);
    },
    [fieldOrder, focusFirst],
  );

  // The rest of the form is checked first (without the card fields: the wallet holds the card).
  const wallet = useWalletHandlers({ validation, handleSubmit, setInvalidCount, onInvalid, submit, blocked });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setInvalidCount(0);
    void handleSubmit((values) => submit(values), onInvalid)(event);
  };

  // After a failed submit the visible count follows the fixes; the announcement keeps the count
  // of the submit (the focused field reads its own error).
  const errorCount = fieldOrder.filter((path) => get(formState.errors, path)).length;
  const shownCount = invalidCount === 0 ? 0 : errorCount;

  return { form, onSubmit, wallet, onCollector, phase, failure, invalidCount, shownCount };
}
