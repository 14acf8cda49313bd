import { PortalPage } from '../../features/portal/components/portal-page.tsx';
import { usePageMeta } from '../page-meta.tsx';
import { usePortalDestinations } from '../use-portal-destinations.ts';

/**
 * `/portal` (specification section 2 "Customer portal"; noindex by path): the portal with the
 * catalogue's localised destination names and flags.
 */
export function PortalRoute() {
  usePageMeta({ kind: 'default' });
  const { destinationOf, lang } = usePortalDestinations();
  return <PortalPage language={lang} destinationOf={destinationOf} />;
}
