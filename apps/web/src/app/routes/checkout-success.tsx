import { useCartActions } from '../../features/cart/hooks/use-cart.ts';
import { CheckoutSuccess } from '../../features/checkout/components/checkout-success.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/checkout/success`: PayPal's return page. Captures the payment,
 * refreshes the cart (now an order) and continues to the order confirmation.
 */
export function CheckoutSuccessRoute() {
  usePageMeta({ kind: 'checkout-success' });
  const { refetch } = useCartActions();
  return <CheckoutSuccess onPaid={refetch} />;
}
