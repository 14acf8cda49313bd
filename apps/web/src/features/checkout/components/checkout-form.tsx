import type { Language } from '@esim/contract/languages';
import { type ReactNode, memo } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormSection, PaymentForm, type PaymentFormKeys } from '../../../components/payment/payment-form.tsx';
import { type PaymentValidationContext, usePaymentForm } from '../../../components/payment/use-payment-form.ts';
import type { PaymentFailure } from '../../../components/payment/use-payment-submit.ts';
import type { CountryOption } from '../hooks/billing-countries.ts';
import { CHECKOUT_FIELD_ORDER, type CheckoutFormValues, EMPTY_CHECKOUT_FORM } from '../hooks/checkout-form.ts';
import { type CheckoutFailure, useCheckoutPayment } from '../hooks/use-checkout-payment.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { BillingFields } from './billing-fields.tsx';
import { ContactFields } from './contact-fields.tsx';

let schemaResolverLoad: Promise<Resolver<CheckoutFormValues>> | undefined;

/**
 * The contract's form schema as a resolver (it checks the raw values; the mapping to requests
 * trims them). Loaded (zod, the resolver) on the form's first focus or validation, not before
 * the first paint (decision record 0023); a failed download is tried again on the next call.
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

/**
 * {@link schemaResolver}, skipping the card fields when the card is not typed into the store's
 * fields (the schema checks them only for `paymentMethod: 'card'`).
 */
const resolver: Resolver<CheckoutFormValues, PaymentValidationContext> = async (values, context, options) => {
  if (!context?.skipCard || values.paymentMethod !== 'card') return schemaResolver(values, undefined, options);
  // Checked as if paid by PayPal (no card fields), answered with the values as they are.
  const result = await schemaResolver({ ...values, paymentMethod: 'paypal' }, undefined, options);
  return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
};

const loadResolverEarly = () => void loadSchemaResolver().catch(() => undefined);

/** The checkout's texts (namespace `checkout`) in the shared payment form. */
const KEYS: PaymentFormKeys = {
  ns: 'checkout',
  label: 'form.label',
  requiredNote: 'form.requiredNote',
  terms: 'terms.label',
  newTab: 'terms.newTab',
  total: 'summary.total',
  pay: 'submit.card',
  paying: 'submit.pending',
  redirecting: 'submit.redirecting',
  errors: 'errors.',
};

interface CheckoutFormProps {
  /** The cart's total, integer US cents. */
  totalCents: number;
  countries: readonly CountryOption[];
  language: Language;
  /** The cart cannot be paid as it is (a plan is gone or a change is in flight). */
  blocked: boolean;
  onPaid: () => void;
  onCartChanged: () => void;
}

/**
 * The checkout form: contact, the optional billing address, then the shared payment form
 * (`PaymentForm`: payment method and card entry, the terms box and 'Complete purchase').
 * Validated with the contract's `checkoutFormSchema` (the server's rules) on blur and on submit;
 * each error shows next to its field in the visitor's language and the first invalid field gets
 * the focus. Payment failures keep the form and the cart and are announced. Memoised: the cart's
 * refetch on the visit (`isFetching` on and off) re-renders the page, not the whole form (decision
 * record 0028).
 */
export const CheckoutForm = memo(function CheckoutForm({
  totalCents,
  countries,
  language,
  blocked,
  onPaid,
  onCartChanged,
}: CheckoutFormProps) {
  const errorText = useErrorText();
  const payment = useCheckoutPayment({ language, onPaid, onCartChanged });
  const state = usePaymentForm({
    resolver,
    defaultValues: EMPTY_CHECKOUT_FORM,
    fieldOrder: CHECKOUT_FIELD_ORDER,
    blocked,
    ...payment,
  });

  return (
    <PaymentForm
      state={state}
      keys={KEYS}
      idPrefix="checkout"
      amount={{ cents: totalCents, currency: 'USD' }}
      blocked={blocked}
      errorText={errorText}
      failureDetail={OrderInProgress}
      onFocusCapture={loadResolverEarly}
    >
      <FormSection>
        <ContactFields />
      </FormSection>
      <FormSection>
        <BillingFields countries={countries} />
      </FormSection>
    </PaymentForm>
  );
});

/** Under a 409 `checkout_in_progress`: a link to the order that is being paid. */
function OrderInProgress(failure: PaymentFailure<CheckoutFailure>): ReactNode {
  return failure.kind === 'inProgress' && failure.orderNumber ? (
    <OpenOrderLink orderNumber={failure.orderNumber} />
  ) : null;
}

function OpenOrderLink({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation('checkout');
  return (
    <p className="mt-1">
      <Link
        href={`/order-confirmation/${encodeURIComponent(orderNumber)}`}
        className="font-semibold underline underline-offset-2 hover:text-red-950"
      >
        {t('errors.openOrder', { orderNumber })}
      </Link>
    </p>
  );
}
