import { PortalPage } from '../../features/portal/components/portal-page.tsx';
import { usePageMeta } from '../page-meta.tsx';
import { usePortalAccount } from '../use-portal-account.ts';
import { usePortalDestinations } from '../use-portal-destinations.ts';

/**
 * `/portal` (noindex by path): the portal with the catalogue's localised destination names and
 * flags, and, without a token, the signed-in account's eSIMs.
 */
export function PortalRoute() {
  usePageMeta({ kind: 'portal' });
  const { destinationOf, lang } = usePortalDestinations();
  const { account, onSessionLost } = usePortalAccount();
  return <PortalPage language={lang} destinationOf={destinationOf} account={account} onSessionLost={onSessionLost} />;
}
