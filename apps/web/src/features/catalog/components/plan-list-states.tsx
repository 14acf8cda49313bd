import { CircleAlert, CloudOff, SearchX } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Empty result: 'No eSIM plans found', 'We couldn't find any plans
 * matching your filters.', a 'View all countries' button (only where the page has no other, so
 * the name stays unique) and 'Clear filters' while filters are set.
 */
export function PlansEmptyState({
  onViewAllCountries,
  onClearFilters,
}: {
  onViewAllCountries?: (() => void) | undefined;
  onClearFilters?: (() => void) | undefined;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-ink">{t('products.empty.title')}</h2>
      <p className="mt-1 max-w-md text-slate-600">{t('products.empty.body')}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {onClearFilters && (
          <Button variant="outline" onClick={onClearFilters}>
            {t('products.empty.clearFilters')}
          </Button>
        )}
        {onViewAllCountries && <Button onClick={onViewAllCountries}>{t('products.empty.viewAllCountries')}</Button>}
      </div>
    </div>
  );
}

/** Inline load failure of the plan list with a retry (the toast is shown by the view). */
export function PlansErrorState({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-red-200"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-ink">{t('products.error.title')}</h2>
      <p className="mt-1 max-w-md text-slate-600">{t('products.error.body')}</p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {t('products.error.retry')}
      </Button>
    </div>
  );
}

/**
 * The fallback notice, 'Showing sample plans while we update our database', over the last known
 * catalogue shown because the current one could not be loaded, with a retry. A polite status: it appears after the page has loaded.
 */
export function CatalogueFallbackNotice({
  onRetry,
  retrying,
  className,
}: {
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200',
        className,
      )}
    >
      <p className="flex items-start gap-2 font-medium">
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('fallback.notice')}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {t('fallback.retry')}
      </Button>
    </div>
  );
}
