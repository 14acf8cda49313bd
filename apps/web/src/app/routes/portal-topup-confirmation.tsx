import { TopupConfirmation } from '../../features/portal/components/topup-confirmation.tsx';
import { usePageMeta } from '../page-meta.tsx';
import { usePortalAccount } from '../use-portal-account.ts';
import { usePortalDestinations } from '../use-portal-destinations.ts';

/**
 * `/portal/topup-confirmation?order=…` (noindex by path): PayPal's return page and the card payment's success screen of a top-up, the plan named
 * in the interface language with the catalogue's destination names.
 */
export function PortalTopupConfirmationRoute() {
  usePageMeta({ kind: 'topup-confirmation' });
  const { account } = usePortalAccount();
  const { destinationOf, lang } = usePortalDestinations();
  return <TopupConfirmation account={account} language={lang} destinationOf={destinationOf} />;
}
