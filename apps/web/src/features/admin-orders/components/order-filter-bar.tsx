import { ADMIN_ORDER_SORTS } from '@esim/contract/admin-orders';
import { ORDER_STATUSES } from '@esim/contract/order';
import { Check, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { FILTER_FIELD_CLASS, FILTER_LABEL_CLASS, FilterSelect } from '../../../admin-kit/components/filter-select.tsx';
import { SearchForm } from '../../../admin-kit/components/search-form.tsx';
import { useStatusLabel } from '../api/get-order-statuses.ts';
import { DEFAULT_FILTERS, type OrderFilters, isFiltered, toggleStatus } from '../hooks/order-filters.ts';

/**
 * The orders list's filter bar: a search box (order number, e-mail, name or ICCID),
 * status chips (toggle buttons, several at once), kind, payment method, sort, a creation date
 * range and a line's country. Every change applies at once (the search and the country on Enter)
 * through `onChange`, which puts the view in the address. At 360 px the filters fold under a
 * "Filters" button; from `md` up they are always shown.
 */
export function OrderFilterBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (next: OrderFilters) => void;
}) {
  const { t } = useTranslation('admin-orders');
  const label = useStatusLabel();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const countryId = useId();
  const [country, setCountry] = useState(filters.country);
  const [shownCountry, setShownCountry] = useState(filters.country);
  if (shownCountry !== filters.country) {
    setShownCountry(filters.country);
    setCountry(filters.country);
  }
  const active = [
    filters.status.length > 0,
    filters.kind,
    filters.method,
    filters.from,
    filters.to,
    filters.country,
  ].filter(Boolean).length;
  const applyCountry = (event?: FormEvent) => {
    event?.preventDefault();
    const value = country.trim();
    if (value === '' || /^[A-Za-z0-9+ -]{2,20}$/.test(value))
      onChange({ ...filters, country: /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : value });
  };

  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchForm
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => onChange({ ...filters, q })}
        />
        <FilterSelect
          label={t('list.sort')}
          value={filters.sort}
          onChange={(sort) => onChange({ ...filters, sort: sort as OrderFilters['sort'] })}
          className="md:w-52"
          options={ADMIN_ORDER_SORTS.map((sort) => ({ value: sort, label: t(`list.sorts.${sort}`) }))}
        />
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {active > 0 ? t('list.filtersActive', { count: active }) : t('list.filters')}
        </Button>
      </div>

      <div id={panelId} className={cn('mt-4 flex-col gap-4 md:flex', open ? 'flex' : 'hidden')}>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-700">{t('list.status')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {ORDER_STATUSES.map((status) => {
              const on = filters.status.includes(status);
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={on}
                  onClick={() => onChange(toggleStatus(filters, status))}
                  className={cn(
                    'inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-semibold ring-1 ring-inset',
                    on
                      ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {on ? <Check aria-hidden="true" className="size-4" /> : null}
                  {label(status)}
                </button>
              );
            })}
          </div>
        </fieldset>

        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <FilterSelect
            label={t('list.kind')}
            value={filters.kind}
            onChange={(kind) => onChange({ ...filters, kind: kind as OrderFilters['kind'] })}
            options={[
              { value: '', label: t('list.anyKind') },
              { value: 'order', label: t('kinds.order') },
              { value: 'topup', label: t('kinds.topup') },
            ]}
          />
          <FilterSelect
            label={t('list.method')}
            value={filters.method}
            onChange={(method) => onChange({ ...filters, method: method as OrderFilters['method'] })}
            options={[
              { value: '', label: t('list.anyMethod') },
              { value: 'card', label: t('methods.card') },
              { value: 'paypal', label: t('methods.paypal') },
            ]}
          />
          <label className={FILTER_LABEL_CLASS}>
            {t('list.from')}
            <input
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => onChange({ ...filters, from: event.target.value })}
              className={FILTER_FIELD_CLASS}
            />
          </label>
          <label className={FILTER_LABEL_CLASS}>
            {t('list.to')}
            <input
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => onChange({ ...filters, to: event.target.value })}
              className={FILTER_FIELD_CLASS}
            />
          </label>
          <form onSubmit={applyCountry} className="col-span-2 lg:col-span-1">
            <label htmlFor={countryId} className={FILTER_LABEL_CLASS}>
              {t('list.country')}
            </label>
            <input
              id={countryId}
              value={country}
              maxLength={20}
              placeholder={t('list.countryPlaceholder')}
              onChange={(event) => setCountry(event.target.value)}
              onBlur={() => applyCountry()}
              aria-describedby={`${countryId}-hint`}
              className={FILTER_FIELD_CLASS}
            />
            <p id={`${countryId}-hint`} className="sr-only">
              {t('list.countryHint')}
            </p>
          </form>
        </div>

        {isFiltered(filters) ? (
          <div>
            <Button variant="ghost" size="sm" onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort })}>
              <X aria-hidden="true" className="size-4" />
              {t('list.clearFilters')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
