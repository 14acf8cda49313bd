import { useCallback, useMemo } from 'react';
import { CartRefetchOnVisit } from '../../features/cart/components/cart-refetch-on-visit.tsx';
import { isPendingLine } from '../../features/cart/hooks/optimistic-cart.ts';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { useDestinationNames } from '../../features/catalog/hooks/use-destination-names.ts';
import { type CheckoutCart, CheckoutPage } from '../../features/checkout/components/checkout-page.tsx';
import type { Destination } from '../../features/checkout/components/checkout-summary.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/checkout`: the checkout page fed with the visitor's cart (fetched again on every visit, as
 * the cart may have changed in another tab) and the catalogue's localised destination and country names.
 * A card payment refreshes the cart, which the server has turned into the order.
 */
export function CheckoutRoute() {
  usePageMeta({ kind: 'checkout' });
  const cart = useCart();
  const { nameOf, byCode, lang } = useDestinationNames();
  const destinationOf = useCallback(
    (code: string): Destination => ({
      name: nameOf(code),
      flag: byCode.get(code)?.flag ?? (/^[A-Z]{2}$/i.test(code) ? code.toLowerCase() : null),
    }),
    [nameOf, byCode],
  );
  const { items, totalCents, isError, isFetching, refetch } = cart;
  const loaded = cart.cart !== undefined;
  const checkoutCart = useMemo<CheckoutCart>(
    () => ({
      items: loaded ? items : undefined,
      totalCents,
      isError,
      isFetching,
      isUpdating: items.some(isPendingLine),
      refetch,
    }),
    [loaded, items, totalCents, isError, isFetching, refetch],
  );
  return (
    <>
      <CheckoutPage
        cart={checkoutCart}
        language={lang}
        destinationOf={destinationOf}
        countryNameOf={nameOf}
        onPaid={refetch}
      />
      <CartRefetchOnVisit />
    </>
  );
}
