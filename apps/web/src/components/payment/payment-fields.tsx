import { CircleAlert, CreditCard, FlaskConical, Lock, RotateCw } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, Suspense, lazy, useCallback, useState } from 'react';
import { type UseFormRegisterReturn, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CardCollector, WalletHandlers } from '../../lib/card-payment.ts';
import { isFormErrorKey } from '../../lib/form-errors.ts';
import { CARD_BRAND_NAMES, brandOf, caretAfterDigits, digitsBefore, formatCardNumber } from '../../lib/card-number.ts';
import { type PaymentFormValues, normaliseExpiryYear } from '../../lib/card-token.ts';
import { cn } from '../../lib/cn.ts';
import { FieldError, RequiredMark, TextField } from '../form/form-field.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { usePaymentsConfig } from './payments-config.ts';
import { SandboxWallets } from './sandbox-wallet.tsx';

/** Stripe's elements, loaded (with Stripe.js) only when the store's cards go to Stripe. */
const StripePayment = lazy(() => import('./stripe/stripe-payment.tsx'));

/** What react-hook-form's handlers receive: an event whose target is the input. */
type InputEvent = { target: HTMLInputElement; type?: unknown };

/** Keeps only digits in a numeric field as it is typed (month, year, CVC). */
function digitsOnly(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: InputEvent) => {
      const digits = event.target.value.replace(/\D/g, '');
      if (digits !== event.target.value) event.target.value = digits;
      return registration.onChange(event);
    },
  };
}

/** Formats the card number in groups as it is typed, keeping the caret after the same digit. */
function cardNumberInput(registration: UseFormRegisterReturn) {
  return {
    ...registration,
    onChange: (event: InputEvent) => {
      const input = event.target;
      const caret = input.selectionStart ?? input.value.length;
      const digits = digitsBefore(input.value, caret);
      const formatted = formatCardNumber(input.value);
      if (formatted !== input.value) {
        input.value = formatted;
        if (document.activeElement === input) {
          const at = caretAfterDigits(formatted, digits);
          input.setSelectionRange(at, at);
        }
      }
      return registration.onChange(event);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      // Backspace right after a group space deletes the digit before it, not just the space.
      const input = event.currentTarget;
      const at = input.selectionStart ?? 0;
      if (event.key === 'Backspace' && at === input.selectionEnd && at > 0 && input.value[at - 1] === ' ') {
        input.setSelectionRange(at - 1, at - 1);
      }
    },
  };
}

const methodCard =
  'flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

/** Messages of the card fields that have a translation in the `payment` namespace. */
const CARD_ERROR_KEYS = new Set([
  'required',
  'tooLong',
  'invalidCharacters',
  'cardNumber',
  'expiryMonth',
  'expiryYear',
  'expired',
  'cvc',
]);

/**
 * Translates a card field's error: the contract's message keys (`cardNumber`, `expired`, ...)
 * as `payment:errors.<key>`; any other text (a provider's own message) is shown as it is.
 */
function useCardErrorText() {
  const { t } = useTranslation('payment');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return isFormErrorKey(message) && CARD_ERROR_KEYS.has(message) ? t(`errors.${message}`) : message;
    },
    [t],
  );
}

interface PaymentFieldsProps {
  /** Prefix of the fields' ids, e.g. `checkout` gives `checkout-card-number`; default `payment`. */
  idPrefix?: string;
  /** What is paid, integer cents of `currency`: Stripe's elements and the wallet sheet show it. */
  amountCents: number;
  /** ISO 4217 currency code of `amountCents`. */
  currency: string;
  /** The form's wallet handlers (Google Pay, Apple Pay); no wallet buttons without them. */
  wallet?: WalletHandlers;
  /** Receives Stripe's Payment Element as a {@link CardCollector} when Stripe takes the cards. */
  onCollector?: (collector: CardCollector | null) => void;
  /** A payment is under way: the wallet buttons wait. */
  busy?: boolean;
}

/**
 * The payment part of a form (decision record 0019):
 * the wallet buttons when this browser has one (the sandbox's simulated Google Pay / Apple Pay,
 * or Stripe's Express Checkout Element, whose row keeps its space while it loads and goes when it
 * reports no wallet), the payment method
 * (credit card, or PayPal when the store offers it), and the card entry of the store's card
 * provider (`GET /api/payments/config`):
 *
 * - `sandbox`: the store's card fields (name on card, number grouped as typed with its brand,
 *   expiry month and year, CVC, with the card autofill tokens and a numeric keypad), tokenised at
 *   the sandbox provider;
 * - `stripe`: Stripe's Payment Element in Stripe's iframe (no card field of the store's: PCI DSS
 *   SAQ A), loaded lazily with Stripe.js only then.
 *
 * A note says the card details go only to the payment provider. Renders inside a react-hook-form
 * `FormProvider` whose values include {@link PaymentFormValues} (`paymentMethod`, `card.*`);
 * errors set on `card.*` show next to their fields. Used by the checkout and the portal's top-up.
 * Texts: `payment` namespace.
 */
export function PaymentFields({
  idPrefix = 'payment',
  amountCents,
  currency,
  wallet,
  onCollector,
  busy,
}: PaymentFieldsProps) {
  const { t } = useTranslation('payment');
  const config = usePaymentsConfig();
  const { register, control, clearErrors } = useFormContext<PaymentFormValues>();
  const method = useWatch({ control, name: 'paymentMethod' });
  const [expressSlot, setExpressSlot] = useState<HTMLDivElement | null>(null);
  // Stripe's wallets: null until its Express Checkout Element reports (the row's space stays reserved).
  const [stripeWallets, setStripeWallets] = useState<boolean | null>(null);
  // Hidden card fields keep no errors: PayPal payments send none.
  const methodRegistration = register('paymentMethod', {
    onChange: (event: InputEvent) => {
      if (event.target.value === 'paypal') clearErrors('card');
    },
  });
  const noCollector = useCallback(() => undefined, []);

  if (!config.data) {
    return (
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-ink">{t('legend')}</h2>
        {config.isError ? (
          <div
            role="alert"
            className="mt-4 flex flex-wrap items-start gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="min-w-0 flex-1">{t('configError')}</p>
            <Button type="button" variant="secondary" size="sm" onClick={() => void config.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {t('retry')}
            </Button>
          </div>
        ) : (
          <Spinner label={t('loadingMethods')} className="min-h-24 py-6" />
        )}
      </div>
    );
  }

  const { card: cardProvider, paypal } = config.data;
  const walletProvider = config.data.wallets.provider;
  const showStripeWallets = Boolean(wallet) && walletProvider === 'stripe' && cardProvider.provider === 'stripe';

  return (
    <div className="min-w-0">
      {wallet && walletProvider === 'sandbox' && (
        <WalletRow label={t('wallets.express')}>
          <SandboxWallets amountCents={amountCents} currency={currency} handlers={wallet} disabled={busy} />
        </WalletRow>
      )}
      {showStripeWallets && (
        <div className={stripeWallets === false ? 'hidden' : undefined} aria-busy={stripeWallets === null || undefined}>
          <WalletRow label={t('wallets.express')}>
            {/* The button's height (Stripe's `buttonHeight: 48`) is kept while it loads: nothing moves when it comes. */}
            <div ref={setExpressSlot} className="min-h-12" />
          </WalletRow>
        </div>
      )}
      <fieldset className="min-w-0">
        <legend className="text-lg font-semibold text-ink">{t('legend')}</legend>
        <div className={cn('mt-4 grid gap-3', paypal && 'sm:grid-cols-2')}>
          <label className={cn(methodCard, method === 'card' ? 'border-brand-600' : 'border-slate-300')}>
            <input
              type="radio"
              value="card"
              className="mt-1 size-4 shrink-0 accent-brand-700"
              {...methodRegistration}
            />
            <span className="min-w-0">
              <span className="flex items-center gap-2 font-semibold text-ink">
                <CreditCard aria-hidden="true" className="size-5 text-brand-700" />
                {t('card')}
              </span>
              <span className="mt-0.5 block text-sm text-slate-600">{t('cardHint')}</span>
            </span>
          </label>
          {paypal && (
            <label className={cn(methodCard, method === 'paypal' ? 'border-brand-600' : 'border-slate-300')}>
              <input
                type="radio"
                value="paypal"
                className="mt-1 size-4 shrink-0 accent-brand-700"
                {...methodRegistration}
              />
              <span className="min-w-0">
                <span className="flex items-center gap-2 font-semibold text-ink">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-5 items-center rounded bg-[#003087] px-1.5 text-[11px] font-extrabold italic text-white"
                  >
                    Pay<span className="text-[#9bdcff]">Pal</span>
                  </span>
                  {t('paypal')}
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{t('paypalHint')}</span>
              </span>
            </label>
          )}
        </div>
      </fieldset>

      {cardProvider.provider === 'stripe' ? (
        <section
          aria-label={t('cardLegend')}
          className={cn(
            'mt-6 min-w-0 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5',
            method !== 'card' && 'hidden',
          )}
        >
          <h3 className="mb-4 text-base font-semibold text-ink">{t('cardLegend')}</h3>
          <Suspense fallback={<Spinner label={t('stripe.loading')} className="min-h-24 py-6" />}>
            <StripePayment
              publishableKey={cardProvider.publishableKey}
              stripeJsUrl={cardProvider.stripeJsUrl}
              amountCents={amountCents}
              currency={currency}
              cardVisible={method === 'card'}
              expressSlot={showStripeWallets ? expressSlot : null}
              onWalletsAvailable={setStripeWallets}
              wallet={showStripeWallets ? wallet : undefined}
              onCollector={onCollector ?? noCollector}
            />
          </Suspense>
          <p className="mt-3 text-sm text-slate-600">{t('stripe.note')}</p>
        </section>
      ) : (
        method === 'card' && <SandboxCardFields idPrefix={idPrefix} />
      )}
      <p className="mt-4 flex items-start gap-2 text-sm text-slate-700">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        {t('secure')}
      </p>
    </div>
  );
}

/** The wallet buttons above the payment methods, with "or" below them. */
function WalletRow({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('payment');
  return (
    <div className="mb-6">
      <p className="mb-3 text-sm font-semibold text-ink">{label}</p>
      {children}
      <p className="mt-5 flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('wallets.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
    </div>
  );
}

/**
 * The sandbox's card fields (the store's own, tokenised at `POST /api/payments/sandbox/tokens`):
 * name on card, number grouped as typed with its brand, expiry month and year, CVC.
 */
function SandboxCardFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation('payment');
  const errorText = useCardErrorText();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<PaymentFormValues>();
  const cardNumber = useWatch({ control, name: 'card.cardNumber' });
  const brand = brandOf(cardNumber ?? '');
  const brandName = brand === 'unknown' ? null : CARD_BRAND_NAMES[brand];
  const card = errors.card;
  const yearRegistration = digitsOnly(register('card.expiryYear'));
  const expiryError = errorText(card?.expiryMonth?.message) ?? errorText(card?.expiryYear?.message);

  return (
    <fieldset className="mt-6 min-w-0 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
      <legend className="float-left mb-4 w-full text-base font-semibold text-ink">{t('cardLegend')}</legend>
      <div className="clear-both grid gap-4">
        <TextField
          id={`${idPrefix}-cardholder`}
          label={t('cardholderName')}
          required
          autoComplete="cc-name"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={120}
          error={errorText(card?.cardholderName?.message)}
          {...register('card.cardholderName')}
        />
        <TextField
          id={`${idPrefix}-card-number`}
          label={t('cardNumber')}
          required
          inputMode="numeric"
          autoComplete="cc-number"
          autoCorrect="off"
          spellCheck={false}
          maxLength={23}
          placeholder="1234 1234 1234 1234"
          className="font-mono tracking-wide"
          error={errorText(card?.cardNumber?.message)}
          adornment={
            brandName && (
              <span
                aria-hidden="true"
                className="rounded-md bg-white px-2 py-0.5 text-xs font-bold text-brand-800 ring-1 ring-slate-200"
              >
                {brandName}
              </span>
            )
          }
          {...cardNumberInput(register('card.cardNumber'))}
        />
        <p className="sr-only" aria-live="polite">
          {brandName ? t('brand', { brand: brandName }) : ''}
        </p>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <fieldset className="min-w-0" aria-describedby={expiryError ? `${idPrefix}-expiry-error` : undefined}>
            <legend className="text-sm font-semibold text-ink">
              {t('expiry')}
              <RequiredMark />
            </legend>
            <div className="mt-1.5 grid grid-cols-2 gap-2">
              <div className="min-w-0">
                <label htmlFor={`${idPrefix}-expiry-month`} className="sr-only">
                  {t('expiryMonth')}
                </label>
                <ExpiryInput
                  id={`${idPrefix}-expiry-month`}
                  placeholder={t('expiryMonthPlaceholder')}
                  autoComplete="cc-exp-month"
                  maxLength={2}
                  invalid={Boolean(card?.expiryMonth)}
                  errorId={card?.expiryMonth ? `${idPrefix}-expiry-error` : undefined}
                  registration={digitsOnly(register('card.expiryMonth'))}
                />
              </div>
              <div className="min-w-0">
                <label htmlFor={`${idPrefix}-expiry-year`} className="sr-only">
                  {t('expiryYear')}
                </label>
                <ExpiryInput
                  id={`${idPrefix}-expiry-year`}
                  placeholder={t('expiryYearPlaceholder')}
                  autoComplete="cc-exp-year"
                  maxLength={4}
                  invalid={Boolean(card?.expiryYear)}
                  errorId={card?.expiryYear ? `${idPrefix}-expiry-error` : undefined}
                  registration={{
                    ...yearRegistration,
                    onBlur: (event: InputEvent) => {
                      const year = normaliseExpiryYear(event.target.value);
                      // '27' becomes '2027', validated again (also after a submit, when blur alone would not).
                      if (year !== event.target.value)
                        setValue('card.expiryYear', year, { shouldValidate: true, shouldDirty: true });
                      return yearRegistration.onBlur(event);
                    },
                  }}
                />
              </div>
            </div>
            {expiryError && <FieldError id={`${idPrefix}-expiry-error`}>{expiryError}</FieldError>}
          </fieldset>
          <TextField
            id={`${idPrefix}-cvc`}
            label={t('cvv')}
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            autoCorrect="off"
            spellCheck={false}
            maxLength={4}
            placeholder={brand === 'amex' ? '1234' : '123'}
            hint={t('cvvHint')}
            error={errorText(card?.cvv?.message)}
            {...digitsOnly(register('card.cvv'))}
          />
        </div>
      </div>
      {!import.meta.env.PROD && (
        <p className="mt-4 flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('sandbox')}
        </p>
      )}
    </fieldset>
  );
}

interface ExpiryInputProps {
  id: string;
  placeholder: string;
  autoComplete: string;
  maxLength: number;
  invalid: boolean;
  errorId: string | undefined;
  registration: UseFormRegisterReturn;
}

/** Month or year of the card's expiry: digits on a numeric keypad. */
function ExpiryInput({ id, placeholder, autoComplete, maxLength, invalid, errorId, registration }: ExpiryInputProps) {
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-required="true"
      aria-invalid={invalid || undefined}
      aria-describedby={errorId}
      className={cn(
        'block w-full min-w-0 rounded-xl border bg-white px-3.5 py-2.5 text-center font-mono text-base text-ink shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600',
        invalid ? 'border-red-600' : 'border-slate-300',
      )}
      {...registration}
    />
  );
}
