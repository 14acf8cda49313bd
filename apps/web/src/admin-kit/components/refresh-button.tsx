import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/**
 * The "Refresh" action of an admin screen: reads `query` (a TanStack Query result) again, its icon
 * spinning and the button disabled meanwhile. It says 'Refreshing…' while it runs, unless given a
 * fixed `label`.
 */
export function RefreshButton({
  query,
  label,
}: {
  query: { refetch: () => unknown; isFetching: boolean };
  label?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
      aria-busy={query.isFetching}
    >
      <RotateCw aria-hidden="true" className={cn('size-4', query.isFetching && 'animate-spin')} />
      {label ?? (query.isFetching ? t('common.refreshing') : t('common.refresh'))}
    </Button>
  );
}
