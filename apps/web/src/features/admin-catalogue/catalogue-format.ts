import type { FieldChange, ImportChange } from '@esim/contract/admin-catalogue';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../../admin-kit/hooks/use-admin-format.ts';

/** Sync report fields that hold US cents. */
const CENTS_FIELDS = new Set(['wholesaleCents', 'priceCents']);

/**
 * The catalogue screens' formatters in the interface language: money in US dollars
 * (`docs/product-rules.md#prices-and-currency`), counts, dates, durations ("2.4 s", "3 min 5 s"), percents, who ran
 * something (`admin:ada` → ada, `schedule` → "Schedule"), and the from/to values of sync and import
 * changes.
 */
export function useCatalogueFormat() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const base = useAdminFormat();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const sizeMb = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const unit = (name: 'day' | 'hour' | 'minute' | 'second', n: number) =>
      new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(n);
    return {
      ...base,
      /** A whole percent, e.g. `15 %` in French. */
      percent: (n: number) => percent.format(n / 100),
      /** How long something took: seconds under a minute, else minutes and seconds. */
      duration: (ms: number) => {
        if (ms < 60_000) return t('duration.seconds', { value: decimal.format(ms / 1000) });
        const minutes = Math.floor(ms / 60_000);
        return t('duration.minutes', { minutes, seconds: Math.round((ms % 60_000) / 1000) });
      },
      /** A schedule's interval in the largest whole unit: "6 hours", "30 Minuten". */
      interval: (ms: number) => {
        if (ms % 86_400_000 === 0) return unit('day', ms / 86_400_000);
        if (ms % 3_600_000 === 0) return unit('hour', ms / 3_600_000);
        if (ms % 60_000 === 0) return unit('minute', ms / 60_000);
        return unit('second', Math.round(ms / 1000));
      },
      /** Who: an admin's username, or the schedule or the system. */
      actor: (actor: string) => {
        if (actor.startsWith('admin:')) return actor.slice('admin:'.length);
        return t(`actors.${actor}`, { defaultValue: actor });
      },
      /** A file size in MB. */
      megabytes: (bytes: number) => sizeMb.format(bytes / (1024 * 1024)),
      /** A value of a sync report's changed field: cents as dollars, booleans and empty values in words. */
      syncValue: (field: string, value: FieldChange['from']) => {
        if (value === null || value === '') return '—';
        if (typeof value === 'number' && CENTS_FIELDS.has(field)) return base.money(value);
        if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
        return typeof value === 'number' ? base.count(value) : value;
      },
      /** A value of an import's changed field, as the admin thinks of it. */
      importValue: (
        field: ImportChange['changes'][number]['field'],
        value: ImportChange['changes'][number]['from'],
      ) => {
        switch (field) {
          case 'displayName':
            return value === null || value === '' ? t('values.providerName') : String(value);
          case 'retailPrice':
            return typeof value === 'number' ? base.money(value) : t('values.byRules');
          case 'discountPercent':
            return typeof value === 'number' ? percent.format(value / 100) : '—';
          case 'active':
            return t(value ? 'values.onSale' : 'values.hidden');
          case 'featured':
            return t(value ? 'values.yes' : 'values.no');
        }
      },
    };
  }, [base, language, t]);
}
