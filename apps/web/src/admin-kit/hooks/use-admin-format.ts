import { formatPrice } from '@esim/contract/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The admin screens' formatters in the interface language: money in US dollars as everywhere in
 * the store (`docs/product-rules.md#prices-and-currency`: `Intl.NumberFormat('en-US', USD)`,
 * whatever the language),
 * whole numbers, dates and date-times with `Intl.DateTimeFormat`, and "3 minutes ago" with
 * `Intl.RelativeTimeFormat`. Unreadable dates show as an em dash.
 */
export function useAdminFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const dateTimeSeconds = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
    const shortDay = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const longDay = new Intl.DateTimeFormat(language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const integer = new Intl.NumberFormat(language);
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    const parse = (iso: string | null | undefined) => {
      if (!iso) return undefined;
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? undefined : date;
    };
    return {
      /** US dollars from cents, e.g. `$1,234.50`. */
      money: (cents: number) => formatPrice(cents, 'USD'),
      /** A count, grouped in the interface language. */
      count: (n: number) => integer.format(n),
      /** Medium date and short time. */
      dateTime: (iso: string | null | undefined) => {
        const d = parse(iso);
        return d ? dateTime.format(d) : '—';
      },
      /** Medium date and time with seconds (the audit log). */
      dateTimeSeconds: (iso: string | null | undefined) => {
        const d = parse(iso);
        return d ? dateTimeSeconds.format(d) : '—';
      },
      /** A chart day (`YYYY-MM-DD`) as "12 Mar", or in full for screen readers and tooltips. */
      day: (isoDate: string, style: 'short' | 'long' = 'short') => {
        const d = parse(`${isoDate}T00:00:00Z`);
        if (!d) return isoDate;
        return (style === 'short' ? shortDay : longDay).format(d);
      },
      /** How long ago (or how soon) `iso` is from now: "5 minutes ago", "in 2 hours". */
      relative: (iso: string | null | undefined, now: number = Date.now()) => {
        const d = parse(iso);
        if (!d) return '—';
        const seconds = Math.round((d.getTime() - now) / 1000);
        const abs = Math.abs(seconds);
        if (abs < 60) return relative.format(seconds, 'second');
        if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
        if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
        return relative.format(Math.round(seconds / 86_400), 'day');
      },
    };
  }, [language]);
}
