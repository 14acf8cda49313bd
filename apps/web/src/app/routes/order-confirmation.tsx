import { useCallback } from 'react';
import { useParams } from 'wouter';
import { useUser } from '../../features/auth/api/get-user.ts';
import { signInPathFor } from '../../features/auth/hooks/next-path.ts';
import { useDestinationNames } from '../../features/catalog/hooks/use-destination-names.ts';
import type { Destination } from '../../features/checkout/components/checkout-summary.tsx';
import { OrderConfirmation } from '../../features/checkout/components/order-confirmation.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/order-confirmation/{orderNumber}` (noindex by path): the order with
 * its eSIMs and activation details, destination names from the catalogue; for a visitor it does
 * not open, the private page with the way in, signing in among them (back here afterwards).
 */
export function OrderConfirmationRoute() {
  usePageMeta({ kind: 'order' });
  const { orderNumber = '' } = useParams<{ orderNumber: string }>();
  const { nameOf, byCode, lang } = useDestinationNames();
  const destinationOf = useCallback(
    (code: string): Destination => ({
      name: nameOf(code),
      flag: byCode.get(code)?.flag ?? (/^[A-Z]{2}$/i.test(code) ? code.toLowerCase() : null),
    }),
    [nameOf, byCode],
  );
  const user = useUser();
  const number = decodeURIComponent(orderNumber);
  return (
    <OrderConfirmation
      orderNumber={number}
      language={lang}
      destinationOf={destinationOf}
      signedIn={user.data === undefined ? undefined : user.data !== null}
      signInHref={signInPathFor(`/order-confirmation/${encodeURIComponent(number)}`)}
    />
  );
}
