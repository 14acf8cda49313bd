import type { Product } from '@esim/contract/catalog';
import { formatDataAmount, formatPrice } from '@esim/contract/format';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Display helpers of a cart line in the current language: the data amount (section 5 rules;
 * 'Unlimited' or 'Unlimited Plus' translated), the validity in days and US English prices.
 */
export function useLineFormat() {
  const { t } = useTranslation('cart');
  const data = useCallback(
    (product: Product) => {
      const { features } = product;
      if (features.bundleType === 'unlimited' || features.dataMb === null) {
        return features.tier === 'unlimited_plus' ? t('line.unlimitedPlus') : t('line.unlimited');
      }
      return formatDataAmount(features.dataMb);
    },
    [t],
  );
  const validity = useCallback((product: Product) => t('line.validity', { count: product.features.validityDays }), [t]);
  const price = useCallback((cents: number) => formatPrice(cents), []);
  return { data, validity, price };
}
