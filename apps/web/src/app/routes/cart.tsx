import { useCallback } from 'react';
import { useDestinationNames } from '../../features/catalog/hooks/use-destination-names.ts';
import type { CartDestination } from '../../features/cart/components/cart-line.tsx';
import { CartPage } from '../../features/cart/components/cart-page.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/cart`: the cart page, with destination names and flags from the catalogue (localised, falling
 * back to English and then the code) and the cart page's metadata.
 */
export function CartRoute() {
  usePageMeta({ kind: 'cart' });
  const { nameOf, byCode } = useDestinationNames();
  const destinationOf = useCallback(
    (code: string): CartDestination => ({
      name: nameOf(code),
      flag: byCode.get(code)?.flag ?? (/^[A-Z]{2}$/i.test(code) ? code.toLowerCase() : null),
    }),
    [nameOf, byCode],
  );
  return <CartPage destinationOf={destinationOf} />;
}
