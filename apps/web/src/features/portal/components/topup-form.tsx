import type { Product } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import type { Language } from '@esim/contract/languages';
import { CircleAlert, Loader2, Lock } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, type Resolver, get, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { PortalAccess } from '../api/access-headers.ts';
import { FieldError, RequiredMark } from '../../../components/form/form-field.tsx';
import { useCardSource, useWalletHandlers } from '../../../components/payment/payment-form.ts';
import { PaymentFields } from '../../../components/payment/payment-fields.tsx';
import type { CardValidation } from '../../../lib/card-payment.ts';
import { useRateLimitText } from '../../../components/payment/rate-limit-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  TOPUP_FIELD_ORDER,
  type TopupFieldError,
  type TopupFieldPath,
  type TopupFormValues,
  emptyTopupForm,
  validateTopupForm,
} from '../hooks/topup-form.ts';
import { type TopupFailure, useTopupSubmit } from '../hooks/use-topup-submit.ts';
import { PlanOptions } from './plan-options.tsx';

/** How the form validates now: without the store's card fields (Stripe's Payment Element, a wallet). */
type ValidationContext = Pick<CardValidation, 'skipCard'>;

/** Validates with {@link validateTopupForm} (the contract's card rules) and hands RHF nested errors. */
const resolver: Resolver<TopupFormValues, ValidationContext> = async (values, context) => {
  const errors = validateTopupForm(values, { skipCard: context?.skipCard ?? false });
  if (errors.length === 0) return { values, errors: {} };
  const nested: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const error = { type: 'validate', message };
    if (tail) nested[head] = { ...(nested[head] as object | undefined), [tail]: error };
    else nested[head] = error;
  }
  return { values: {}, errors: nested as FieldErrors<TopupFormValues> };
};

interface TopupFormProps {
  access: PortalAccess;
  iccid: string;
  products: readonly Product[];
  language: Language;
}

/**
 * The top-up form (specification section 2 "Customer portal": top-ups): the compatible plans as
 * selectable cards, payment by card or PayPal with the shared card fields, the terms box and
 * 'Pay $X.XX'. Errors show next to their fields and the first invalid field gets the focus; a
 * declined payment shows the provider's reason and keeps the choice (see `useTopupSubmit`).
 */
export function TopupForm({ access, iccid, products, language }: TopupFormProps) {
  const { t } = useTranslation('portal');
  const { stripe, validation, collectorRef, onCollector } = useCardSource();
  const form = useForm<TopupFormValues, ValidationContext>({
    resolver,
    context: validation,
    defaultValues: emptyTopupForm(products[0]?.productId),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { setError, setFocus, register, handleSubmit, formState, control } = form;
  const [invalidCount, setInvalidCount] = useState(0);

  const focusFirst = useCallback(
    (paths: readonly TopupFieldPath[]) => {
      const first = TOPUP_FIELD_ORDER.find((path) => paths.includes(path));
      if (first) setFocus(first);
    },
    [setFocus],
  );
  const onFieldErrors = useCallback(
    (errors: TopupFieldError[]) => {
      for (const error of errors) setError(error.path, { type: 'server', message: error.message });
      setInvalidCount(errors.length);
      focusFirst(errors.map((e) => e.path));
    },
    [focusFirst, setError],
  );
  const { submit, phase, failure } = useTopupSubmit({ access, iccid, language, onFieldErrors, collectorRef, stripe });
  const busy = phase !== 'idle';
  const onInvalid = useCallback(
    (errors: FieldErrors<TopupFormValues>) => {
      const paths = TOPUP_FIELD_ORDER.filter((path) => get(errors, path));
      setInvalidCount(paths.length);
      focusFirst(paths);
    },
    [focusFirst],
  );

  // Wallets (issue 12): the plan and the terms are checked first (the wallet holds the card).
  const wallet = useWalletHandlers({ validation, handleSubmit, setInvalidCount, onInvalid, submit });

  const productId = useWatch({ control, name: 'productId' });
  const selected = products.find((p) => String(p.productId) === productId);
  const price = selected ? formatPrice(selected.priceCents, selected.currency) : null;
  const errorCount = TOPUP_FIELD_ORDER.filter((path) => get(formState.errors, path)).length;
  const shownCount = invalidCount === 0 ? 0 : errorCount;
  const messageOf = (message: string | undefined) =>
    message === 'plan' || message === 'terms' ? t(`topup.errors.${message}`) : message;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t('topup.form')}
        onSubmit={(event) => {
          setInvalidCount(0);
          void handleSubmit((values) => submit(values), onInvalid)(event);
        }}
        className="min-w-0 space-y-6"
      >
        <p className="text-sm text-slate-600">{t('topup.requiredNote')}</p>
        <Section>
          <PlanOptions products={products} error={messageOf(formState.errors.productId?.message)} />
        </Section>
        <Section>
          <PaymentFields
            idPrefix="topup"
            amountCents={selected?.priceCents ?? 0}
            currency={selected?.currency ?? 'USD'}
            wallet={wallet}
            onCollector={onCollector}
            busy={busy}
          />
        </Section>
        <Section>
          <div className="flex items-start gap-3">
            <input
              id="topup-terms"
              type="checkbox"
              aria-required="true"
              aria-invalid={formState.errors.acceptTerms ? true : undefined}
              aria-describedby={formState.errors.acceptTerms ? 'topup-terms-error' : undefined}
              className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
              {...register('acceptTerms')}
            />
            <div className="min-w-0">
              <label htmlFor="topup-terms" className="text-ink">
                <Trans
                  t={t}
                  i18nKey="topup.terms"
                  components={{ terms: <NewTabLink href="/terms-conditions" />, refund: <NewTabLink href="/refund" /> }}
                />
              </label>
              <RequiredMark />
              {formState.errors.acceptTerms && (
                <FieldError id="topup-terms-error">{messageOf(formState.errors.acceptTerms.message)}</FieldError>
              )}
            </div>
          </div>

          <p className="sr-only" role="status">
            {invalidCount > 0 ? t('topup.errors.summary', { count: invalidCount }) : ''}
            {phase === 'paying' ? t('topup.paying') : phase === 'redirecting' ? t('topup.redirecting') : ''}
          </p>
          {failure && <FailureAlert failure={failure} />}

          <div className="mt-6 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-5">
            <p className="font-semibold text-ink">{t('topup.total')}</p>
            <p className="text-2xl font-extrabold tracking-tight text-ink">{price ?? '—'}</p>
          </div>
          <p className="mt-1 text-right text-xs text-slate-600">{t('topup.taxes')}</p>
          <Button type="submit" size="lg" className="mt-4 w-full" disabled={busy} aria-busy={busy}>
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Lock aria-hidden="true" className="size-5" />
            )}
            {phase === 'redirecting'
              ? t('topup.redirecting')
              : busy
                ? t('topup.paying')
                : t('topup.pay', { price: price ?? '' }).trim()}
          </Button>
          {shownCount > 0 && (
            <p className="mt-3 flex items-center justify-center gap-1.5 text-sm font-medium text-red-700">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t('topup.errors.summary', { count: shownCount })}
            </p>
          )}
        </Section>
      </form>
    </FormProvider>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</div>;
}

/** A policy link in the terms label; opens in a new tab so the form keeps what was typed. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation('portal');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {children}
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}

/** The failure of the last submission, announced and focused so that it is heard and seen. */
function FailureAlert({ failure }: { failure: TopupFailure }) {
  const { t } = useTranslation('portal');
  const rateLimited = useRateLimitText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [failure]);
  if (failure.kind === 'fields') return null;
  let title: string;
  let body: string | undefined;
  switch (failure.kind) {
    case 'declined':
      title = t('topup.errors.paymentFailed');
      body = failure.message ?? t('topup.errors.generic');
      break;
    case 'generic':
      title = failure.message ?? t('topup.errors.generic');
      break;
    case 'rateLimited':
      ({ title, body } = rateLimited(failure.retryAfterS));
      break;
    case 'card':
      title = t('topup.errors.cardForm');
      body = failure.message || undefined;
      break;
    case 'actionIncomplete':
      title = t('topup.errors.actionIncomplete');
      body = t('topup.errors.actionIncompleteHint');
      break;
    default:
      title = t(`topup.errors.${failure.kind}`);
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
        {failure.kind === 'declined' && <p className="mt-1 text-sm">{t('topup.errors.paymentFailedHint')}</p>}
      </div>
    </div>
  );
}
