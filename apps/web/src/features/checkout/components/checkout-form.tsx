import { formatPrice } from '@esim/contract/format';
import type { Language } from '@esim/contract/languages';
import { CircleAlert, Loader2, Lock } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, type Resolver, get, useForm } from 'react-hook-form';
import type { CardValidation } from '../../../lib/card-payment.ts';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FieldError, RequiredMark } from '../../../components/form/form-field.tsx';
import { useCardSource, useWalletHandlers } from '../../../components/payment/payment-form.ts';
import { PaymentFields } from '../../../components/payment/payment-fields.tsx';
import { useRateLimitText } from '../../../components/payment/rate-limit-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { CountryOption } from '../hooks/billing-countries.ts';
import { type CheckoutFieldPath, type CheckoutFormValues, EMPTY_CHECKOUT_FORM } from '../hooks/checkout-form.ts';
import { type ServerFieldError, type SubmitFailure, useCheckoutSubmit } from '../hooks/use-checkout-submit.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { BillingFields } from './billing-fields.tsx';
import { ContactFields } from './contact-fields.tsx';

/** The fields in page order: the first one with an error gets the focus. */
const FIELD_ORDER: readonly CheckoutFieldPath[] = [
  'customer.fullName',
  'customer.email',
  'customer.phone',
  'billingAddress.address',
  'billingAddress.city',
  'billingAddress.postalCode',
  'billingAddress.country',
  'billingAddress.state',
  'card.cardholderName',
  'card.cardNumber',
  'card.expiryMonth',
  'card.expiryYear',
  'card.cvv',
  'acceptTerms',
];

let schemaResolverLoad: Promise<Resolver<CheckoutFormValues>> | undefined;

/**
 * The contract's form schema as a resolver (it checks the raw values; the mapping to requests
 * trims them). Loaded (zod, the resolver) on the form's first focus or validation, not before
 * the first paint (issue 13); a failed download is tried again on the next call.
 */
function loadSchemaResolver(): Promise<Resolver<CheckoutFormValues>> {
  const load = (schemaResolverLoad ??= Promise.all([
    import('@hookform/resolvers/zod'),
    import('@esim/contract/checkout'),
  ]).then(
    ([{ zodResolver }, { checkoutFormSchema }]) =>
      zodResolver(checkoutFormSchema, undefined, { raw: true }) as unknown as Resolver<CheckoutFormValues>,
  ));
  load.catch(() => {
    if (schemaResolverLoad === load) schemaResolverLoad = undefined;
  });
  return load;
}

/**
 * {@link loadSchemaResolver}'s resolver; when it cannot be downloaded (a weak connection) the
 * values pass as they are and the server checks them with the same schema (its field errors
 * show next to the fields).
 */
const schemaResolver: Resolver<CheckoutFormValues> = async (values, context, options) => {
  let resolve: Resolver<CheckoutFormValues>;
  try {
    resolve = await loadSchemaResolver();
  } catch {
    return { values, errors: {} };
  }
  return resolve(values, context, options);
};

/** How the form validates now: without the store's card fields (Stripe's Payment Element, a wallet). */
type ValidationContext = Pick<CardValidation, 'skipCard'>;

/**
 * {@link schemaResolver}, skipping the card fields when the card is not typed into the store's
 * fields (the schema checks them only for `paymentMethod: 'card'`).
 */
const resolver: Resolver<CheckoutFormValues, ValidationContext> = async (values, context, options) => {
  if (!context?.skipCard || values.paymentMethod !== 'card') return schemaResolver(values, undefined, options);
  // Checked as if paid by PayPal (no card fields), answered with the values as they are.
  const result = await schemaResolver({ ...values, paymentMethod: 'paypal' }, undefined, options);
  return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
};

interface CheckoutFormProps {
  totalCents: number;
  countries: readonly CountryOption[];
  language: Language;
  /** The cart cannot be paid as it is (a plan is gone or a change is in flight). */
  blocked: boolean;
  onPaid: () => void;
  onCartChanged: () => void;
}

/**
 * The checkout form (specification sections 2 and 3 "Checkout form"): contact, the optional
 * billing address, payment method and card fields, the terms box and 'Complete purchase'.
 * Validated with the contract's `checkoutFormSchema` (the server's rules) on blur and on
 * submit; each error shows next to its field in the visitor's language and the first invalid
 * field gets the focus. Payment failures keep the form and the cart and are announced.
 */
export function CheckoutForm({ totalCents, countries, language, blocked, onPaid, onCartChanged }: CheckoutFormProps) {
  const { t } = useTranslation('checkout');
  const errorText = useErrorText();
  const { stripe, validation, collectorRef, onCollector } = useCardSource();
  const form = useForm<CheckoutFormValues, ValidationContext>({
    resolver,
    context: validation,
    defaultValues: EMPTY_CHECKOUT_FORM,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { setError, setFocus, register, handleSubmit, formState } = form;
  const [invalidCount, setInvalidCount] = useState(0);

  const focusFirst = useCallback(
    (paths: readonly CheckoutFieldPath[]) => {
      const first = FIELD_ORDER.find((path) => paths.includes(path));
      if (first) setFocus(first);
    },
    [setFocus],
  );

  const onFieldErrors = useCallback(
    (errors: ServerFieldError[]) => {
      for (const error of errors) setError(error.path, { type: 'server', message: error.message });
      setInvalidCount(errors.length);
      focusFirst(errors.map((e) => e.path));
    },
    [focusFirst, setError],
  );

  const { submit, phase, failure } = useCheckoutSubmit({
    language,
    onPaid,
    onCartChanged,
    onFieldErrors,
    collectorRef,
    stripe,
  });
  const busy = phase !== 'idle';

  const onInvalid = useCallback(
    (errors: FieldErrors<CheckoutFormValues>) => {
      const paths = FIELD_ORDER.filter((path) => get(errors, path));
      setInvalidCount(paths.length);
      focusFirst(paths);
    },
    [focusFirst],
  );

  // Wallets (specification section 9; issue 12): the rest of the form is checked first (without the
  // card fields: the wallet holds the card), then the wallet's card pays through the same submission.
  const wallet = useWalletHandlers({ validation, handleSubmit, setInvalidCount, onInvalid, submit, blocked });

  // After a failed submit, the visible count follows the fixes; the announcement keeps the count
  // of the submit (the focused field reads its own error).
  const errorCount = FIELD_ORDER.filter((path) => get(formState.errors, path)).length;
  const shownCount = invalidCount === 0 ? 0 : errorCount;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t('form.label')}
        onSubmit={(event) => {
          setInvalidCount(0);
          void handleSubmit((values) => submit(values), onInvalid)(event);
        }}
        onFocusCapture={() => void loadSchemaResolver().catch(() => undefined)}
        className="min-w-0 space-y-6"
      >
        <p className="text-sm text-slate-600">{t('form.requiredNote')}</p>
        <Section>
          <ContactFields />
        </Section>
        <Section>
          <BillingFields countries={countries} />
        </Section>
        <Section>
          <PaymentFields
            idPrefix="checkout"
            amountCents={totalCents}
            currency="USD"
            wallet={wallet}
            onCollector={onCollector}
            busy={busy || blocked}
          />
        </Section>
        <Section>
          <div className="flex items-start gap-3">
            <input
              id="checkout-terms"
              type="checkbox"
              aria-required="true"
              aria-invalid={formState.errors.acceptTerms ? true : undefined}
              aria-describedby={formState.errors.acceptTerms ? 'checkout-terms-error' : undefined}
              className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
              {...register('acceptTerms')}
            />
            <div className="min-w-0">
              <label htmlFor="checkout-terms" className="text-ink">
                <Trans
                  t={t}
                  i18nKey="terms.label"
                  components={{ terms: <NewTabLink href="/terms-conditions" />, refund: <NewTabLink href="/refund" /> }}
                />
              </label>
              <RequiredMark />
              {formState.errors.acceptTerms && (
                <FieldError id="checkout-terms-error">{errorText(formState.errors.acceptTerms.message)}</FieldError>
              )}
            </div>
          </div>

          <p className="sr-only" role="status">
            {invalidCount > 0 ? t('errors.summary', { count: invalidCount }) : ''}
            {phase === 'paying' ? t('submit.pending') : phase === 'redirecting' ? t('submit.redirecting') : ''}
          </p>
          {failure && <FailureAlert failure={failure} />}

          <div className="mt-6 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-5">
            <p className="font-semibold text-ink">{t('summary.total')}</p>
            <p className="text-2xl font-extrabold tracking-tight text-ink">{formatPrice(totalCents)}</p>
          </div>
          <Button type="submit" size="lg" className="mt-4 w-full" disabled={busy || blocked} aria-busy={busy}>
            {busy ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Lock aria-hidden="true" className="size-5" />
            )}
            {phase === 'redirecting' ? t('submit.redirecting') : busy ? t('submit.pending') : t('submit.card')}
          </Button>
          {shownCount > 0 && (
            <p className="mt-3 flex items-center justify-center gap-1.5 text-sm font-medium text-red-700">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              {t('errors.summary', { count: shownCount })}
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
  const { t } = useTranslation('checkout');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {children}
      <span className="sr-only"> {t('terms.newTab')}</span>
    </a>
  );
}

/** The failure of the last submission, announced and focused so that it is heard and seen. */
function FailureAlert({ failure }: { failure: SubmitFailure }) {
  const { t } = useTranslation('checkout');
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
      title = t('errors.paymentFailed');
      body = failure.message ?? t('errors.generic');
      break;
    case 'network':
      title = t('errors.network');
      break;
    case 'server':
      title = t('errors.server');
      break;
    case 'rateLimited':
      ({ title, body } = rateLimited(failure.retryAfterS));
      break;
    case 'cartEmpty':
      title = t('errors.cartEmpty');
      break;
    case 'inProgress':
      title = t('errors.inProgress');
      break;
    case 'cartChanged':
      title = t('errors.cartChanged');
      break;
    case 'conflict':
      title = t('errors.conflict');
      break;
    case 'card':
      title = t('errors.cardForm');
      body = failure.message || undefined;
      break;
    case 'actionIncomplete':
      title = t('errors.actionIncomplete');
      body = t('errors.actionIncompleteHint');
      break;
    case 'generic':
      title = failure.message ?? t('errors.generic');
      break;
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
        {failure.kind === 'declined' && <p className="mt-1 text-sm">{t('errors.paymentFailedHint')}</p>}
        {failure.kind === 'inProgress' && failure.orderNumber && (
          <p className="mt-1">
            <Link
              href={`/order-confirmation/${encodeURIComponent(failure.orderNumber)}`}
              className="font-semibold underline underline-offset-2 hover:text-red-950"
            >
              {t('errors.openOrder', { orderNumber: failure.orderNumber })}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
