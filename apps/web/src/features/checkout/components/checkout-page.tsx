import type { CartItem } from '@esim/contract/cart';
import type { Language } from '@esim/contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { usePaymentsConfig } from '../../../components/payment/payments-config.ts';
import { PaypalCancelledNotice, useRecordPaypalCancel } from '../../../components/payment/paypal-return.tsx';
import { capturePaypal } from '../api/capture-paypal.ts';
import { type CountryOption, billingCountriesKey, billingCountryOptions } from '../hooks/billing-countries.ts';
import { loadAccessToken } from '../hooks/checkout-storage.ts';
import { CheckoutForm } from './checkout-form.tsx';
import { CheckoutSummary, type Destination } from './checkout-summary.tsx';

/** The cart as the checkout needs it (the route reads it from the cart feature). */
export interface CheckoutCart {
  /** `undefined` until the cart is loaded. */
  items: readonly CartItem[] | undefined;
  totalCents: number;
  isError: boolean;
  isFetching: boolean;
  /** Some line is still being added or changed (optimistic). */
  isUpdating: boolean;
  refetch: () => void;
}

interface CheckoutPageProps {
  cart: CheckoutCart;
  language: Language;
  /** Localised name and flag of a destination code (the catalogue's names). */
  destinationOf: (code: string) => Destination;
  /** Localised name of an ISO 3166-1 alpha-2 country code, for the billing country list. */
  countryNameOf: (code: string) => string;
  /** The order is paid: the cart has been turned into an order. */
  onPaid: () => void;
}

/**
 * The checkout screen (`/checkout`): the order summary from the cart
 * and the checkout form; a friendly empty state with a link to the plans when the cart is
 * empty; a notice when the visitor came back from a cancelled PayPal payment
 * (`?paypal=cancelled`, told to the server once). Until the cart and the payment methods
 * (`GET /api/payments/config`, asked for in parallel) are loaded it shows a skeleton of the same
 * grid, and the page is at least a screen high, so their arrival shifts nothing (decision record 0023: CLS at most 0.02).
 */
export function CheckoutPage({ cart, language, destinationOf, countryNameOf, onPaid }: CheckoutPageProps) {
  // The shared card fields' texts load with the page's own, so the page suspends once, not twice.
  const { t } = useTranslation(['checkout', 'payment']);
  const search = useSearch();
  const params = new URLSearchParams(search);
  const paypalCancelled = params.get('paypal') === 'cancelled';
  const paypalOrder = params.get('paypalOrder');
  useRecordPaypalCancel(
    paypalCancelled ? params.get('order') : null,
    useCallback(
      (orderNumber: string) => capturePaypal(orderNumber, paypalOrder, loadAccessToken(orderNumber)),
      [paypalOrder],
    ),
  );
  const queryClient = useQueryClient();
  const countries = useMemo(
    () =>
      queryClient.getQueryData<CountryOption[]>(billingCountriesKey(language)) ??
      billingCountryOptions(countryNameOf, language),
    [queryClient, countryNameOf, language],
  );
  const items = cart.items;
  // Asked for at once, with the cart (not once the form is there), and the form waits for it, so
  // that the payment part (wallet row, PayPal option, card fields) comes with the form instead of
  // pushing the Pay button down after it. An error shows in the form (the payment part's retry).
  // Deferred: the payment methods' arrival (an external store's change, which React renders at
  // once) switches from the skeleton to the whole form in an interruptible render, not one long
  // task (decision record 0023: total blocking time).
  const paymentsPending = useDeferredValue(usePaymentsConfig().isPending);

  let body;
  if (!items || (items.length > 0 && paymentsPending && !cart.isError)) {
    body =
      !items && cart.isError ? (
        <div
          role="alert"
          className="mx-auto mt-8 max-w-lg rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="text-xl font-bold">{t('cartError.title')}</h2>
          <p className="mt-2 text-slate-600">{t('cartError.body')}</p>
          <Button className="mt-5" onClick={cart.refetch} disabled={cart.isFetching} aria-busy={cart.isFetching}>
            {t('cartError.retry')}
          </Button>
        </div>
      ) : (
        <CheckoutSkeleton label={t('loading')} />
      );
  } else if (items.length === 0) {
    body = <EmptyCheckout />;
  } else {
    const unavailable = items.some((item) => item.product === null);
    body = (
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
        <div className="min-w-0 lg:col-start-2 lg:row-start-1">
          <CheckoutSummary items={items} totalCents={cart.totalCents} destinationOf={destinationOf} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {(unavailable || cart.isUpdating) && (
            <div
              className="mb-6 flex flex-col items-start gap-3 rounded-2xl bg-amber-50 p-5 text-amber-900 ring-1 ring-amber-200"
              role="status"
            >
              <p className="flex items-start gap-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                {unavailable ? t('blocked.unavailable') : t('blocked.pending')}
              </p>
              {unavailable && (
                <Link href="/cart" className={buttonClass('outline')}>
                  {t('blocked.review')}
                </Link>
              )}
            </div>
          )}
          <CheckoutForm
            totalCents={cart.totalCents}
            countries={countries}
            language={language}
            blocked={unavailable || cart.isUpdating}
            onPaid={onPaid}
            onCartChanged={cart.refetch}
          />
        </div>
      </div>
    );
  }

  // At least a screen high: whatever the cart turns out to be, its arrival moves no footer into view.
  return (
    <div className="mx-auto min-h-screen max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 flex items-center gap-2 text-slate-600">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {t('lead')}
      </p>
      {paypalCancelled && (
        <PaypalCancelledNotice className="mt-6" title={t('paypalCancelled.title')} body={t('paypalCancelled.body')} />
      )}
      {body}
    </div>
  );
}

const bone = 'block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none';

/**
 * The checkout while the cart and the payment methods load (also the server-rendered page): the
 * summary and the form's sections as grey blocks in the final grid, announced once by `label`.
 */
function CheckoutSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div
        aria-hidden="true"
        className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-start-2 lg:row-start-1"
      >
        <span className={`${bone} h-6 w-1/2`} />
        <span className="flex gap-3">
          <span className={`${bone} h-6 w-8 shrink-0`} />
          <span className="flex flex-1 flex-col gap-2">
            <span className={`${bone} h-5 w-2/5`} />
            <span className={`${bone} h-4 w-3/5`} />
          </span>
        </span>
        <span className={`${bone} h-8 w-full`} />
      </div>
      <div aria-hidden="true" className="space-y-6 lg:col-start-1 lg:row-start-1">
        <span className={`${bone} h-4 w-1/3`} />
        {[3, 2, 3].map((fields, section) => (
          <div key={section} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <span className={`${bone} h-6 w-1/3`} />
            {Array.from({ length: fields }, (_, field) => (
              <span key={field} className={`${bone} h-11 w-full rounded-xl`} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Nothing to pay for: a link to the plans. */
function EmptyCheckout() {
  const { t } = useTranslation('checkout');
  return (
    <div className="mx-auto mt-8 flex max-w-lg flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ShoppingCart aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-5 text-xl font-bold">{t('empty.title')}</h2>
      <p className="mt-2 text-slate-600">{t('empty.body')}</p>
      <Link href="/products" className={buttonClass('primary', 'lg', 'mt-6 w-full sm:w-auto')}>
        {t('empty.browse')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
