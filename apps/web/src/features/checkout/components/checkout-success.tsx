import { useMutation } from '@tanstack/react-query';
import { CircleAlert, Clock, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { capturePaypal } from '../api/capture-paypal.ts';
import { loadAccessToken } from '../hooks/checkout-storage.ts';
import { OrderNotFound } from './order-not-found.tsx';

const ORDER_NUMBER = /^ORD-[A-Z0-9-]{6,40}$/;

/**
 * `/checkout/success?order=ORD-...[&paypalOrder=...]`, where PayPal sends the buyer back: after
 * PayPal's approval it captures the payment, then replaces itself in the
 * history with the order's confirmation page. A cancelled PayPal payment (402) or one not yet
 * approved (409) is explained; the cart stays as it was. Without an order: 'Order Not Found'.
 */
export function CheckoutSuccess({ onPaid }: { onPaid: () => void }) {
  const { t } = useTranslation('checkout');
  const params = new URLSearchParams(useSearch());
  const orderNumber = params.get('order') ?? '';
  const paypalOrder = params.get('paypalOrder');
  const valid = ORDER_NUMBER.test(orderNumber);
  const [, navigate] = useLocation();
  const started = useRef(false);
  const capture = useMutation({
    mutationFn: () => capturePaypal(orderNumber, paypalOrder, loadAccessToken(orderNumber)),
    onSuccess: () => {
      onPaid();
      navigate(`/order-confirmation/${encodeURIComponent(orderNumber)}`, { replace: true });
    },
  });
  const { mutate } = capture;

  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    if (paypalOrder) mutate();
    else navigate(`/order-confirmation/${encodeURIComponent(orderNumber)}`, { replace: true });
  }, [valid, paypalOrder, orderNumber, mutate, navigate]);

  if (!valid) return <OrderNotFound />;
  if (!capture.isError) {
    return <Spinner label={paypalOrder ? t('success.capturing') : t('success.redirecting')} className="min-h-[60vh]" />;
  }

  const status = readApiError(capture.error)?.status;
  if (status === 404) return <OrderNotFound />;
  const cancelled = status === 402;
  const pending = status === 409;
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
        {pending ? (
          <Clock aria-hidden="true" className="size-8" />
        ) : (
          <CircleAlert aria-hidden="true" className="size-8" />
        )}
      </span>
      <div role="alert">
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">
          {cancelled ? t('success.cancelledTitle') : pending ? t('success.pendingTitle') : t('success.errorTitle')}
        </h1>
        <p className="mt-3 text-lg text-slate-600">
          {cancelled ? t('success.cancelledBody') : pending ? t('success.pendingBody') : t('success.errorBody')}
        </p>
      </div>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {!cancelled && (
          <Button size="lg" onClick={() => capture.mutate()} disabled={capture.isPending} aria-busy={capture.isPending}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('success.retry')}
          </Button>
        )}
        <Link href="/checkout" className={buttonClass(cancelled ? 'primary' : 'outline', 'lg')}>
          {t('success.backToCheckout')}
        </Link>
      </div>
    </div>
  );
}
