import type { CheckoutResponse, PaymentChoice } from '@esim/contract/checkout';
import type { Language } from '@esim/contract/languages';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { PaymentFailure } from '../../../components/payment/use-payment-submit.ts';
import type { ApiErrorInfo } from '../../../lib/api-error.ts';
import { confirmPayment } from '../api/confirm-payment.ts';
import { placeOrder } from '../api/place-order.ts';
import { type CheckoutFormValues, checkoutFieldOf, checkoutFingerprint, toCheckoutBody } from './checkout-form.ts';
import { saveCheckout } from './checkout-storage.ts';

/** The checkout's own reasons a payment failed, besides the shared ones (`PaymentFailure`). */
export type CheckoutFailure =
  | { kind: 'cartEmpty' }
  /** 409: another checkout of this cart is unpaid (another tab, a double submit): that order. */
  | { kind: 'inProgress'; orderNumber: string | undefined }
  /** 409: the cart changed while it was being ordered; it is fetched again. */
  | { kind: 'cartChanged' };

interface CheckoutPaymentOptions {
  language: Language;
  /** The order is paid: refresh what depends on the cart. */
  onPaid: () => void;
  /** The server says the cart changed or is empty: fetch it again. */
  onCartChanged: () => void;
}

/**
 * What the checkout gives the shared payment flow (`usePaymentForm`): `POST /api/checkout`
 * (`placeOrder`) with the form's body, the answer kept in session storage for the confirmation
 * page (`saveCheckout`), `POST /api/orders/{n}/payment/confirm` after 3-D Secure, the
 * confirmation page once paid, and the cart's refusals (decision record 0012): a cart already
 * paid as an order opens that order instead of paying again; one being paid in another order, a
 * changed or empty cart are explained (and the cart is fetched again).
 */
export function useCheckoutPayment({ language, onPaid, onCartChanged }: CheckoutPaymentOptions) {
  const [, navigate] = useLocation();

  const onOrderPaid = useCallback(
    ({ orderNumber }: CheckoutResponse) => {
      navigate(`/order-confirmation/${encodeURIComponent(orderNumber)}`);
      onPaid();
    },
    [navigate, onPaid],
  );

  const failureOf = useCallback(
    (info: ApiErrorInfo): PaymentFailure<CheckoutFailure> | 'handled' | undefined => {
      if (info.status !== 409) return undefined;
      if (info.code === 'cart_checked_out' && info.orderNumber) {
        onPaid();
        navigate(`/order-confirmation/${encodeURIComponent(info.orderNumber)}`);
        return 'handled';
      }
      if (info.code === 'checkout_in_progress') return { kind: 'inProgress', orderNumber: info.orderNumber };
      if (info.code === 'cart_changed' || info.code === 'cart_empty' || info.code === 'products_unavailable') {
        onCartChanged();
        if (info.code === 'cart_changed') return { kind: 'cartChanged' };
        if (info.code === 'cart_empty') return { kind: 'cartEmpty' };
        return { kind: 'generic', message: info.message };
      }
      return undefined;
    },
    [navigate, onCartChanged, onPaid],
  );

  return useMemo(
    () => ({
      fingerprint: (values: CheckoutFormValues) => checkoutFingerprint(values, language),
      place: (values: CheckoutFormValues, payment: PaymentChoice, idempotencyKey: string) =>
        placeOrder(toCheckoutBody(values, payment, language), idempotencyKey),
      onPlaced: ({ orderNumber, accessToken }: CheckoutResponse) => saveCheckout({ orderNumber, accessToken }),
      confirm: ({ orderNumber, accessToken }: CheckoutResponse) => confirmPayment(orderNumber, accessToken),
      onPaid: onOrderPaid,
      bodyFieldOf: checkoutFieldOf,
      failureOf,
    }),
    [failureOf, language, onOrderPaid],
  );
}
