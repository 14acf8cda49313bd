import type { Wallet } from '@esim/contract/payments';
import { AlertCircle, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardCollector, CardEntryError, type WalletHandlers } from '../../../lib/card-payment.ts';
import { randomId } from '../../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { loadStripe, reloadForStripe, stripeAllowedHere } from './load-stripe.ts';
import type {
  ExpressClickEvent,
  ExpressConfirmEvent,
  ExpressReadyEvent,
  StripeElements,
  StripeError,
  StripeInstance,
} from './stripe-types.ts';

export interface StripePaymentProps {
  publishableKey: string;
  stripeJsUrl: string;
  /** Integer cents of `currency` (the Payment Element shows it in wallets; `elements.update` on change). */
  amountCents: number;
  /** ISO 4217 (any case; Stripe wants lower case). */
  currency: string;
  /** Show the card form (card chosen) or keep it mounted but hidden (PayPal chosen). */
  cardVisible: boolean;
  /** Where the Express Checkout Element is mounted (the wallet row above the methods), or null for none. */
  expressSlot: HTMLElement | null;
  /**
   * Called with true once Stripe reports Google Pay or Apple Pay on this device, false when it
   * reports none or Stripe fails to load, null when the elements are set up again (not known yet).
   */
  onWalletsAvailable: (available: boolean | null) => void;
  /** The form's wallet handlers; no wallets without them. */
  wallet?: WalletHandlers;
  /** The Payment Element's collector once it is mounted, null when it goes. */
  onCollector: (collector: CardCollector | null) => void;
}

/** The store's wallet name of Stripe's `expressPaymentType`. */
function walletOf(type: string): Wallet | null {
  return type === 'google_pay' ? 'google_pay' : type === 'apple_pay' ? 'apple_pay' : null;
}

/** A Stripe.js error as the customer sees it. */
function entryError(error: StripeError, fallback: string): CardEntryError {
  const kind = error.type === 'card_error' ? 'declined' : error.type === 'validation_error' ? 'invalid' : 'unavailable';
  return new CardEntryError(error.message || fallback, kind);
}

type LoadState = 'loading' | 'ready' | 'reloading' | 'error';

/**
 * Stripe's Payment Element (card number, expiry and CVC in Stripe's iframe: PCI DSS SAQ A, no
 * card field of the store's) and Express Checkout Element (Google Pay, Apple Pay; shown only when
 * its `ready` event reports an available wallet); decision record 0019.
 * Loaded lazily, only when `GET /api/payments/config` says `card.provider: 'stripe'`.
 *
 * One `stripe.elements({ mode: 'payment', amount, currency, locale })` group holds both. The
 * form gets a {@link CardCollector} (`onCollector`): `createToken()` runs `elements.submit()` and
 * `stripe.createConfirmationToken({ elements })` (the `ctoken_…` goes to the store's checkout as
 * the card token), `handleNextAction(clientSecret)` runs 3-D Secure. A wallet's `confirm` hands the
 * form a {@link WalletSource} whose token comes from the same group.
 *
 * Needs the card payment page's CSP (`/checkout`, `/portal/topup`): reached by client-side
 * navigation from another page, it reloads the page once (`load-stripe.ts`). Texts: `payment`.
 */
export default function StripePayment({
  publishableKey,
  stripeJsUrl,
  amountCents,
  currency,
  cardVisible,
  expressSlot,
  onWalletsAvailable,
  wallet,
  onCollector,
}: StripePaymentProps) {
  const { t, i18n } = useTranslation('payment');
  const cardSlot = useRef<HTMLDivElement>(null);
  // The server renders the checkout, a card payment page, as the browser first shows it: loading.
  const [state, setState] = useState<LoadState>(() =>
    typeof window === 'undefined' || stripeAllowedHere() ? 'loading' : 'reloading',
  );
  const [attempt, setAttempt] = useState(0);
  const elementsRef = useRef<StripeElements | null>(null);
  const stripeRef = useRef<StripeInstance | null>(null);
  // The latest props the Stripe callbacks read (they are registered once per mount).
  const latest = useRef({ wallet, onWalletsAvailable, onCollector, t });
  useEffect(() => {
    latest.current = { wallet, onWalletsAvailable, onCollector, t };
  });
  const initial = useRef({ amountCents, currency, language: i18n.language });

  useEffect(() => {
    let cancelled = false;
    if (!stripeAllowedHere()) {
      // The document was loaded at a page whose CSP does not allow Stripe: load this page afresh.
      if (!reloadForStripe()) {
        void Promise.resolve().then(() => {
          if (!cancelled) setState('error');
        });
      }
      return () => {
        cancelled = true;
      };
    }
    let revision = 0;
    const mounted: { destroy(): void }[] = [];
    loadStripe(stripeJsUrl, publishableKey)
      .then((stripe) => {
        if (cancelled || !cardSlot.current) return;
        const { amountCents: amount, currency: cur, language } = initial.current;
        const elements = stripe.elements({
          mode: 'payment',
          amount,
          currency: cur.toLowerCase(),
          locale: language,
          paymentMethodTypes: ['card'],
          appearance: { theme: 'stripe', variables: { colorPrimary: '#0369a1', borderRadius: '10px' } },
        });
        stripeRef.current = stripe;
        elementsRef.current = elements;
        const payment = elements.create('payment', {
          layout: 'tabs',
          wallets: { applePay: 'never', googlePay: 'never' },
        });
        payment.on('change', () => {
          revision += 1;
        });
        payment.on('ready', () => {
          if (!cancelled) setState('ready');
        });
        payment.on('loaderror', () => {
          if (cancelled) return;
          setState('error');
          latest.current.onWalletsAvailable(false);
        });
        payment.mount(cardSlot.current);
        mounted.push(payment);

        const tokenFromElements = async (): Promise<string> => {
          const fallback = latest.current.t('stripe.tokenError');
          const submitted = await elements.submit();
          if (submitted.error) throw entryError(submitted.error, fallback);
          const created = await stripe.createConfirmationToken({ elements });
          if (created.error || !created.confirmationToken)
            throw entryError(created.error ?? { type: 'api_error' }, fallback);
          return created.confirmationToken.id;
        };
        latest.current.onCollector({
          createToken: tokenFromElements,
          handleNextAction: async (clientSecret) => {
            await stripe.handleNextAction({ clientSecret });
          },
          revision: () => revision,
        });

        if (expressSlot && latest.current.wallet) {
          const express = elements.create('expressCheckout', {
            paymentMethods: {
              applePay: 'auto',
              googlePay: 'auto',
              link: 'never',
              paypal: 'never',
              amazonPay: 'never',
              klarna: 'never',
            },
            buttonHeight: 48,
          });
          express.on('ready', (event: ExpressReadyEvent) => {
            const methods = event.availablePaymentMethods;
            latest.current.onWalletsAvailable(Boolean(methods && (methods.googlePay || methods.applePay)));
          });
          express.on('click', (event: ExpressClickEvent) => {
            const handlers = latest.current.wallet;
            if (!handlers || !walletOf(event.expressPaymentType)) return event.reject?.();
            void handlers.onClick().then((ok) => (ok ? event.resolve() : event.reject?.()));
          });
          express.on('confirm', (event: ExpressConfirmEvent) => {
            const type = walletOf(event.expressPaymentType);
            if (!type) return event.paymentFailed();
            latest.current.wallet?.onConfirm({
              wallet: type,
              id: randomId(),
              getToken: tokenFromElements,
              onFailed: () => event.paymentFailed(),
            });
          });
          express.mount(expressSlot);
          mounted.push(express);
        } else {
          latest.current.onWalletsAvailable(false);
        }
      })
      .catch(() => {
        if (cancelled) return;
        setState('error');
        latest.current.onWalletsAvailable(false);
      });
    return () => {
      cancelled = true;
      latest.current.onCollector(null);
      latest.current.onWalletsAvailable(null);
      for (const element of mounted) element.destroy();
      elementsRef.current = null;
      stripeRef.current = null;
    };
  }, [publishableKey, stripeJsUrl, expressSlot, attempt]);

  useEffect(() => {
    elementsRef.current?.update({ amount: amountCents, currency: currency.toLowerCase() });
  }, [amountCents, currency]);

  return (
    <div className={cardVisible ? undefined : 'hidden'}>
      {(state === 'loading' || state === 'reloading') && <Spinner label={t('stripe.loading')} className="min-h-24" />}
      {state === 'error' && (
        <div
          role="alert"
          className="flex flex-wrap items-start gap-3 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="min-w-0 flex-1">{t('stripe.loadError')}</p>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => {
              setState('loading');
              setAttempt((n) => n + 1);
            }}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('retry')}
          </Button>
        </div>
      )}
      {/* Not clipped while it loads: Chromium may not paint a cross-origin frame that started hidden. */}
      <div ref={cardSlot} className={state === 'error' ? 'hidden' : undefined} />
    </div>
  );
}
