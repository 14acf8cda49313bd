import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * The "Refresh" action of an admin screen (issue 10): reads the screen's query again, spins and
 * says 'Refreshing…' while it runs, and is disabled meanwhile. `query` is a TanStack Query result.
 */
export function RefreshButton({ query }: { query: { refetch: () => unknown; isFetching: boolean } }) {
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
      {query.isFetching ? t('common.refreshing') : t('common.refresh')}
    </Button>
  );
}
