import { Search, SlidersHorizontal, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  EMPTY_FILTERS,
  type PlanFilters,
  SHEET_FILTER_KEYS,
  activeFilterCount,
  hasActiveFilters,
} from '../hooks/catalog-state.ts';

const SELECTS = {
  type: ['all', 'prepaid', 'unlimited'],
  price: ['all', 'budget', 'mid', 'premium'],
  data: ['all', 'small', 'medium', 'large', 'unlimited'],
  validity: ['all', 'short', 'medium', 'long'],
} as const satisfies Record<(typeof SHEET_FILTER_KEYS)[number], readonly string[]>;

type SelectKey = keyof typeof SELECTS;

const LABEL = 'mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-600';
const FIELD =
  'h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm text-ink focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600';

interface PlanFiltersBarProps {
  filters: PlanFilters;
  onChange: (filters: Partial<PlanFilters>) => void;
  onClear: () => void;
  /** The live result count, announced politely. */
  summary: ReactNode;
  /** How many plans a set of filters would leave (the sheet's 'Show N plans' button). */
  countFor: (filters: PlanFilters) => number;
  /** Hides the bar's own 'Clear filters' button (the empty state shows one instead). */
  hideClear?: boolean;
}

/**
 * Filters of the products view: text search ('Search plans', sent to the API after 250 ms) and
 * four selects (plan type, price range, data amount, validity, applied in the browser), with a
 * 'Clear filters' button while any is set. From 768 px the selects sit inline; on a phone they
 * fold into a 'Filters' button showing how many are set, which opens them in a sheet (a modal
 * `<dialog>`: focus moves in and returns, Escape closes) with 'Clear filters' and 'Show N plans'
 * (so that the first plan fits in the first screen at 360 x 780).
 */
export function PlanFiltersBar({
  filters,
  onChange,
  onClear,
  summary,
  countFor,
  hideClear = false,
}: PlanFiltersBarProps) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const active = hasActiveFilters(filters);
  const count = activeFilterCount(filters);
  const sheetRef = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<PlanFilters | null>(null);

  const openSheet = () => {
    setDraft(filters);
    sheetRef.current?.showModal();
  };
  const closeSheet = () => sheetRef.current?.close();

  return (
    <search
      aria-label={t('filters.label')}
      className="block md:rounded-2xl md:bg-white md:p-5 md:shadow-sm md:ring-1 md:ring-slate-200"
    >
      <div className="flex items-end gap-2 md:grid md:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))] md:gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className={`sr-only md:not-sr-only md:mb-1 ${LABEL}`}>
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
              className={`${FIELD} pl-9 placeholder:text-slate-500`}
            />
          </div>
        </div>
        <Button
          variant="outline"
          className="shrink-0 md:hidden"
          aria-haspopup="dialog"
          aria-controls={`${id}-sheet`}
          onClick={openSheet}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t('filters.open')}
          {count > 0 && (
            <span
              aria-hidden="true"
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold leading-5 text-white"
            >
              {count}
            </span>
          )}
          {count > 0 && <span className="sr-only"> ({t('filters.activeCount', { count })})</span>}
        </Button>
        <div className="hidden md:contents">
          {SHEET_FILTER_KEYS.map((key) => (
            <FilterSelect
              key={key}
              id={`${id}-${key}`}
              name={key}
              value={filters[key]}
              onChange={(value) => onChange({ [key]: value } as Partial<PlanFilters>)}
            />
          ))}
        </div>
      </div>
      <div className="mt-2 flex min-h-9 flex-wrap items-center justify-between gap-2 md:mt-3">
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

      <dialog
        ref={sheetRef}
        id={`${id}-sheet`}
        aria-labelledby={`${id}-sheet-title`}
        onClose={() => setDraft(null)}
        // A click on the dialog itself (not its content) is a click on the backdrop.
        onClick={(e) => e.target === e.currentTarget && closeSheet()}
        className="fixed inset-x-0 bottom-0 m-0 mt-auto max-h-[85dvh] w-full max-w-full overflow-y-auto rounded-t-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-900/50 md:m-auto md:max-w-lg md:rounded-2xl"
      >
        {draft && (
          <form
            method="dialog"
            className="flex flex-col gap-4 p-5"
            onSubmit={() => {
              const { q: _q, ...chosen } = draft;
              onChange(chosen);
            }}
          >
            <div className="flex items-center justify-between gap-3">
              <h2 id={`${id}-sheet-title`} className="text-lg font-bold">
                {t('filters.label')}
              </h2>
              <button
                type="button"
                aria-label={t('filters.close')}
                onClick={closeSheet}
                className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="grid gap-3">
              {SHEET_FILTER_KEYS.map((key) => (
                <FilterSelect
                  key={key}
                  id={`${id}-sheet-${key}`}
                  name={key}
                  value={draft[key]}
                  onChange={(value) => setDraft({ ...draft, [key]: value })}
                />
              ))}
            </div>
            <div className="grid grid-cols-2 gap-3 pt-1">
              <Button
                variant="outline"
                disabled={activeFilterCount(draft) === 0}
                onClick={() => setDraft({ ...EMPTY_FILTERS, q: draft.q })}
              >
                {t('filters.clear')}
              </Button>
              <Button type="submit">{t('filters.apply', { count: countFor(draft) })}</Button>
            </div>
          </form>
        )}
      </dialog>
    </search>
  );
}

/** One labelled native select of the filters. */
function FilterSelect({
  id,
  name,
  value,
  onChange,
}: {
  id: string;
  name: SelectKey;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={LABEL}>
        {t(`filters.${name}.label`)}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={FIELD}>
        {SELECTS[name].map((option) => (
          <option key={option} value={option}>
            {t(`filters.${name}.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
