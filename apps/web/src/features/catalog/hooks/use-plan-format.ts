import type { Product } from '@esim/contract/catalog';
import { type ValidityLabels, formatDataAmount, formatPrice, formatValidity } from '@esim/contract/format';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Display helpers for plans in the current language: data amount (section 5 rules, 'Unlimited'
 * translated), validity with translated unit words, and price in US English currency format.
 */
export function usePlanFormat() {
  const { t } = useTranslation('catalog');
  const labels = useMemo<ValidityLabels>(
    () => ({
      day: [t('units.day'), t('units.days')],
      week: [t('units.week'), t('units.weeks')],
      month: [t('units.month'), t('units.months')],
      year: [t('units.year'), t('units.years')],
    }),
    [t],
  );
  const data = useCallback(
    (product: Product) => {
      if (product.features.dataMb === null || product.features.bundleType === 'unlimited') return t('plan.unlimited');
      const label = formatDataAmount(product.features.dataMb);
      return label === 'N/A' ? t('plan.notAvailable') : label;
    },
    [t],
  );
  const validity = useCallback(
    (product: Product) => {
      const label = formatValidity(product.features.validity || product.features.validityDays, labels);
      return label === 'N/A' ? t('plan.notAvailable') : label;
    },
    [labels, t],
  );
  const price = useCallback((cents: number) => formatPrice(cents), []);
  return { data, validity, price };
}
