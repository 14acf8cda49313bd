import { TopupPage } from '../../features/portal/components/topup-page.tsx';
import { usePageMeta } from '../page-meta.tsx';
import { usePortalAccount } from '../use-portal-account.ts';
import { usePortalDestinations } from '../use-portal-destinations.ts';

/**
 * `/portal/topup?iccid=…` (noindex by path): the top-up
 * of one eSIM (by its token, or by the signed-in account), with the catalogue's localised
 * destination names and flags.
 */
export function PortalTopupRoute() {
  usePageMeta({ kind: 'topup' });
  const { destinationOf, lang } = usePortalDestinations();
  const { account } = usePortalAccount();
  return <TopupPage language={lang} destinationOf={destinationOf} account={account} />;
}
