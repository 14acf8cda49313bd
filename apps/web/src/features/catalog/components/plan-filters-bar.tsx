import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { type PlanFilters, hasActiveFilters } from '../hooks/catalog-state.ts';

const SELECTS = {
  type: ['all', 'prepaid', 'unlimited'],
  price: ['all', 'budget', 'mid', 'premium'],
  data: ['all', 'small', 'medium', 'large', 'unlimited'],
  validity: ['all', 'short', 'medium', 'long'],
} as const satisfies Record<Exclude<keyof PlanFilters, 'q'>, readonly string[]>;

type SelectKey = keyof typeof SELECTS;

interface PlanFiltersBarProps {
  filters: PlanFilters;
  onChange: (filters: Partial<PlanFilters>) => void;
  onClear: () => void;
  /** The live result count, announced politely. */
  summary: ReactNode;
  /** Hides the bar's own 'Clear filters' button (the empty state shows one instead). */
  hideClear?: boolean;
}

/**
 * Filters of the products view: text search ('Search plans', sent to the API after 250 ms),
 * and native selects for plan type, price range, data amount and validity (applied in the
 * browser), with a 'Clear filters' button while any is set.
 */
export function PlanFiltersBar({ filters, onChange, onClear, summary, hideClear = false }: PlanFiltersBarProps) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const active = hasActiveFilters(filters);
  return (
    <search
      aria-label={t('filters.label')}
      className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-full md:col-span-1">
          <label
            htmlFor={`${id}-q`}
            className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-600"
          >
            {t('filters.searchLabel')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id={`${id}-q`}
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              value={filters.q}
              onChange={(e) => onChange({ q: e.target.value })}
              placeholder={t('filters.searchPlaceholder')}
              className="h-11 w-full rounded-xl border border-slate-300 bg-white pl-9 pr-3 text-sm text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
            />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 md:contents">
          {(Object.keys(SELECTS) as SelectKey[]).map((key) => (
            <div key={key} className="min-w-0">
              <label
                htmlFor={`${id}-${key}`}
                className="mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {t(`filters.${key}.label`)}
              </label>
              <select
                id={`${id}-${key}`}
                value={filters[key]}
                onChange={(e) => onChange({ [key]: e.target.value } as Partial<PlanFilters>)}
                className="h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm text-ink focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
              >
                {SELECTS[key].map((option) => (
                  <option key={option} value={option}>
                    {t(`filters.${key}.${option}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-3 flex min-h-9 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium text-slate-700">
          {summary}
        </p>
        {active && !hideClear && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" className="size-4" />
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </search>
  );
}
