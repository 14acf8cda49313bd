import { useTranslation } from 'react-i18next';

/**
 * Who did something, as people read it: `admin:grace` → "grace (admin)", `system` → "System",
 * `customer` → "Customer", `payment:sandbox` → "Payment provider (sandbox)"; anything else as stored.
 */
export function useActor(): (actor: string) => string {
  const { t } = useTranslation('admin-orders');
  return (actor) => {
    const [kind, name] = actor.split(':', 2) as [string, string | undefined];
    if (kind === 'admin' && name) return t('actors.admin', { name });
    if (kind === 'payment' && name) return t('actors.payment', { name });
    if (kind === 'system' || kind === 'customer') return t(`actors.${kind}`);
    return actor;
  };
}
