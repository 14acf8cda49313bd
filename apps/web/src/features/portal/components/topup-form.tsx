import type { Product } from '@esim/contract/catalog';
import type { Language } from '@esim/contract/languages';
import { type FieldErrors, type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection, PaymentForm, type PaymentFormKeys } from '../../../components/payment/payment-form.tsx';
import { type PaymentValidationContext, usePaymentForm } from '../../../components/payment/use-payment-form.ts';
import type { PortalAccess } from '../api/access-headers.ts';
import { TOPUP_FIELD_ORDER, type TopupFormValues, emptyTopupForm, validateTopupForm } from '../hooks/topup-form.ts';
import { useTopupPayment } from '../hooks/use-topup-payment.ts';
import { PlanOptions } from './plan-options.tsx';

/** Validates with {@link validateTopupForm} (the contract's card rules) and hands RHF nested errors. */
const resolver: Resolver<TopupFormValues, PaymentValidationContext> = async (values, context) => {
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

/** The top-up's texts (namespace `portal`) in the shared payment form. */
const KEYS: PaymentFormKeys = {
  ns: 'portal',
  label: 'topup.form',
  requiredNote: 'topup.requiredNote',
  terms: 'topup.terms',
  newTab: 'newTab',
  total: 'topup.total',
  totalNote: 'topup.taxes',
  pay: 'topup.pay',
  paying: 'topup.paying',
  redirecting: 'topup.redirecting',
  errors: 'topup.errors.',
};

interface TopupFormProps {
  access: PortalAccess;
  iccid: string;
  /** The plans that can top this eSIM up; the first is chosen at first. */
  products: readonly Product[];
  language: Language;
}

/**
 * The top-up form: the compatible plans as selectable cards, then the shared payment form
 * (`PaymentForm`: card or PayPal, the terms box and 'Pay $X.XX'). Errors show next to their
 * fields and the first invalid field gets the focus; a declined payment shows the provider's
 * reason and keeps the choice.
 */
export function TopupForm({ access, iccid, products, language }: TopupFormProps) {
  const { t } = useTranslation('portal');
  const payment = useTopupPayment({ access, iccid, language });
  const state = usePaymentForm({
    resolver,
    defaultValues: emptyTopupForm(products[0]?.productId),
    fieldOrder: TOPUP_FIELD_ORDER,
    ...payment,
  });
  const productId = useWatch({ control: state.form.control, name: 'productId' });
  const selected = products.find((p) => String(p.productId) === productId);
  const messageOf = (message: string | undefined) =>
    message === 'plan' || message === 'terms' ? t(`topup.errors.${message}`) : message;

  return (
    <PaymentForm
      state={state}
      keys={KEYS}
      idPrefix="topup"
      amount={selected ? { cents: selected.priceCents, currency: selected.currency } : null}
      errorText={messageOf}
    >
      <FormSection>
        <PlanOptions products={products} error={messageOf(state.form.formState.errors.productId?.message)} />
      </FormSection>
    </PaymentForm>
  );
}
