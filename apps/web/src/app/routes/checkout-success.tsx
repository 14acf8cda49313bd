import { usePageMeta } from '../page-meta.tsx';
import { OrderNotFound } from './order-confirmation.tsx';

/**
 * The checkout success page (`/checkout/success`). Orders are created with the purchase flow
 * (a later issue), so no order can be named here yet: it shows the 'Order Not Found' state
 * (check the number or contact support, specification section 8).
 */
export function CheckoutSuccessRoute() {
  usePageMeta({ kind: 'default' });
  return <OrderNotFound />;
}
