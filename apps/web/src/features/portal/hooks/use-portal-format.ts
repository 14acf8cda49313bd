import type { PortalEsim } from '@esim/contract/portal';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Destination, dataAmountText, formatIso, mainBundleOf } from './portal-format.ts';

/**
 * The portal's formatters in the interface language `language`: dates (medium) and date-times
 * (medium date, short time) with `Intl.DateTimeFormat`, data amounts (section 5, 'Unlimited'
 * translated), validity in days, and an eSIM's plan title such as 'Türkiye 1GB, 7 gün' built
 * from its main bundle (the API's `planName` is English, shown only when there is no bundle).
 */
export function usePortalFormat(language: string) {
  const { t } = useTranslation('portal');
  const formats = useMemo(
    () => ({
      date: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      dateTime: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [language],
  );
  const date = useCallback((iso: string | null | undefined) => formatIso(iso, formats.date), [formats]);
  const dateTime = useCallback((iso: string | null | undefined) => formatIso(iso, formats.dateTime), [formats]);
  const dataAmount = useCallback((amount: string) => dataAmountText(amount, t('usage.unlimited')), [t]);
  const validity = useCallback((days: number) => t('bundles.validity', { count: days }), [t]);
  const planTitle = useCallback(
    (esim: Pick<PortalEsim, 'bundles' | 'planName'>, destination: Destination) => {
      const main = mainBundleOf(esim);
      if (!main) return esim.planName;
      return t('esim.planName', {
        destination: destination.name,
        data: dataAmount(main.dataAmount),
        validity: validity(main.validityDays),
      });
    },
    [dataAmount, t, validity],
  );
  return { date, dateTime, dataAmount, validity, planTitle };
}
