import { TopupConfirmation } from '../../features/portal/components/topup-confirmation.tsx';
import { usePageMeta } from '../page-meta.tsx';
import { usePortalAccount } from '../use-portal-account.ts';

/**
 * `/portal/topup-confirmation?order=…` (specification section 2 "Top-up confirmation"; noindex
 * by path): PayPal's return page and the card payment's success screen of a top-up.
 */
export function PortalTopupConfirmationRoute() {
  usePageMeta({ kind: 'default' });
  const { account } = usePortalAccount();
  return <TopupConfirmation account={account} />;
}
