import { formatPrice } from '@esim/contract/format';
import { CircleAlert, Loader2, Lock } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { type FieldValues, FormProvider, useFormContext } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { FieldError, RequiredMark } from '../form/form-field.tsx';
import { usePageSettled } from '../../lib/when-idle.ts';
import { Button } from '../ui/button.tsx';
import { PaymentFields } from './payment-fields.tsx';
import type { PaymentPartValues } from './payment-form-model.ts';
import { useRateLimitText } from './rate-limit-text.ts';
import type { PaymentFormState } from './use-payment-form.ts';
import type { PaymentFailure } from './use-payment-submit.ts';

/**
 * Where a payment form's own texts are: keys of namespace `ns` (the payment fields' texts are in
 * `payment`). `errors` is the prefix of the failure titles and hints (`<errors>paymentFailed`,
 * `<errors>paymentFailedHint`, `<errors>network`, `<errors>summary`, and `<errors><kind>` for
 * the form's own failures).
 */
export interface PaymentFormKeys {
  ns: string;
  /** The form's accessible name. */
  label: string;
  requiredNote: string;
  /** The terms box's label, with `<terms>` and `<refund>` links. */
  terms: string;
  /** "(opens in a new tab)", read after each link of the terms. */
  newTab: string;
  total: string;
  /** A note under the total (taxes), if any. */
  totalNote?: string;
  /** The pay button; `{{price}}` is the formatted total. */
  pay: string;
  paying: string;
  redirecting: string;
  errors: string;
}

interface PaymentFormProps<V extends FieldValues, Extra extends { kind: string }> {
  state: PaymentFormState<V, Extra>;
  keys: PaymentFormKeys;
  /** Prefix of the fields' ids: `checkout` gives `checkout-terms`, `checkout-card-number`. */
  idPrefix: string;
  /** What is paid, integer cents of an ISO 4217 currency; null while nothing is chosen (shows '—'). */
  amount: { cents: number; currency: string } | null;
  /** The form cannot be paid now: the pay button and the wallets wait. */
  blocked?: boolean;
  /** Translates the terms box's error (a message key or a server's text). */
  errorText: (message: string | undefined) => string | undefined;
  /** More about a failure, under its text (a link to the order already being paid). */
  failureDetail?: (failure: PaymentFailure<Extra>) => ReactNode;
  onFocusCapture?: () => void;
  /** The form's own sections above the payment (each a {@link FormSection}). */
  children: ReactNode;
}

/**
 * A form that pays (checkout, top-up): the note on required fields, the form's own sections
 * (`children`), the payment section ({@link PaymentFields}: wallets, card or PayPal, the card
 * entry), and the last section: the terms box, the failure of the last submission, the total and
 * the pay button ('Processing your payment…' while paying, 'Redirecting to PayPal…' when leaving
 * for PayPal) with the count of fields to correct. Renders in a react-hook-form `FormProvider`
 * whose values include {@link PaymentPartValues}; `state` comes from `usePaymentForm`.
 */
export function PaymentForm<V extends FieldValues, Extra extends { kind: string }>({
  state,
  keys,
  idPrefix,
  amount,
  blocked = false,
  errorText,
  failureDetail,
  onFocusCapture,
  children,
}: PaymentFormProps<V, Extra>) {
  const { t } = useTranslation(keys.ns);
  const { form, onSubmit, wallet, onCollector, phase, failure, invalidCount, shownCount } = state;
  const busy = phase !== 'idle';
  // A server-rendered form can be seen before its code runs: until then the browser would submit
  // it on its own (a GET with every field in the address), so the pay button waits for the page.
  const ready = usePageSettled();
  const price = amount ? formatPrice(amount.cents, amount.currency) : null;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t(keys.label)}
        onSubmit={onSubmit}
        onFocusCapture={onFocusCapture}
        className="min-w-0 space-y-6"
      >
        <p className="text-sm text-slate-600">{t(keys.requiredNote)}</p>
        {children}
        <FormSection>
          <PaymentFields
            idPrefix={idPrefix}
            amountCents={amount?.cents ?? 0}
            currency={amount?.currency ?? 'USD'}
            wallet={wallet}
            onCollector={onCollector}
            busy={busy || blocked}
          />
        </FormSection>
        <FormSection>
          <TermsField id={`${idPrefix}-terms`} keys={keys} errorText={errorText} />

          <p className="sr-only" role="status">
            {invalidCount > 0 ? t(`${keys.errors}summary`, { count: invalidCount }) : ''}
            {phase === 'paying' ? t(keys.paying) : phase === 'redirecting' ? t(keys.redirecting) : ''}
          </p>
          {failure && <FailureAlert failure={failure} keys={keys} detail={failureDetail} />}

          <div className="mt-6 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-5">
            <p className="font-semibold text-ink">{t(keys.total)}</p>
            <p className="text-2xl font-extrabold tracking-tight text-ink">{price ?? '—'}</p>
          </div>
          {keys.totalNote && <p className="mt-1 text-right text-xs text-slate-600">{t(keys.totalNote)}</p>}
          <Button type="submit" size="lg" className="mt-4 w-full" disabled={busy || blocked || !ready} aria-busy={busy}>
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Lock aria-hidden="true" className="size-5" />
            )}
            {phase === 'redirecting'
              ? t(keys.redirecting)
              : busy
                ? t(keys.paying)
                : t(keys.pay, { price: price ?? '' }).trim()}
          </Button>
          {shownCount > 0 && (
            <p className="mt-3 flex items-center justify-center gap-1.5 text-sm font-medium text-red-700">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t(`${keys.errors}summary`, { count: shownCount })}
            </p>
          )}
        </FormSection>
      </form>
    </FormProvider>
  );
}

/** One white card of a payment form's sections. */
export function FormSection({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</div>;
}

/** The required terms box, whose label links the terms and the refund policy. */
function TermsField({
  id,
  keys,
  errorText,
}: {
  id: string;
  keys: PaymentFormKeys;
  errorText: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation(keys.ns);
  const {
    register,
    formState: { errors },
  } = useFormContext<Pick<PaymentPartValues, 'acceptTerms'>>();
  const error = errors.acceptTerms;
  const newTab = t(keys.newTab);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
        {...register('acceptTerms')}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-ink">
          <Trans
            t={t}
            i18nKey={keys.terms}
            components={{
              terms: <NewTabLink href="/terms-conditions" newTab={newTab} />,
              refund: <NewTabLink href="/refund" newTab={newTab} />,
            }}
          />
        </label>
        <RequiredMark />
        {error && <FieldError id={`${id}-error`}>{errorText(error.message)}</FieldError>}
      </div>
    </div>
  );
}

/** A policy link in the terms label; opens in a new tab so the form keeps what was typed. */
function NewTabLink({ href, newTab, children }: { href: string; newTab: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {children}
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}

/** The failure of the last submission, announced and focused so that it is heard and seen. */
function FailureAlert<Extra extends { kind: string }>({
  failure,
  keys,
  detail,
}: {
  failure: PaymentFailure<Extra>;
  keys: PaymentFormKeys;
  detail: ((failure: PaymentFailure<Extra>) => ReactNode) | undefined;
}) {
  const { t } = useTranslation(keys.ns);
  const rateLimited = useRateLimitText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [failure]);
  if (failure.kind === 'fields') return null;
  const text = (key: string) => t(`${keys.errors}${key}`);
  let title: string;
  let body: string | undefined;
  const shared = failure as PaymentFailure;
  switch (shared.kind) {
    case 'declined':
      title = text('paymentFailed');
      body = shared.message ?? text('generic');
      break;
    case 'rateLimited':
      ({ title, body } = rateLimited(shared.retryAfterS));
      break;
    case 'card':
      title = text('cardForm');
      body = shared.message || undefined;
      break;
    case 'actionIncomplete':
      title = text('actionIncomplete');
      body = text('actionIncompleteHint');
      break;
    case 'generic':
      title = shared.message ?? text('generic');
      break;
    default:
      // `network`, `server`, `conflict` and the form's own failures: a title of their kind.
      title = text(failure.kind);
  }
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mt-5 flex items-start gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200 focus:outline-2 focus:outline-red-700"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {body && <p className="mt-1">{body}</p>}
        {failure.kind === 'declined' && <p className="mt-1 text-sm">{text('paymentFailedHint')}</p>}
        {detail?.(failure)}
      </div>
    </div>
  );
}
