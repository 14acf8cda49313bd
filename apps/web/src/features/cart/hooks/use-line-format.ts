import type { Product } from '@esim/contract/catalog';
import { formatDataAmount, formatPrice } from '@esim/contract/format';
import { isLanguage } from '@esim/contract/languages';
import { planName } from '@esim/contract/plan-name';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Display helpers of a cart line in the current language: the data amount (`@esim/contract/format`;
 * 'Unlimited' or 'Unlimited Plus' translated), the validity in days, US English prices, and the
 * plan's name by the store's one naming rule (`@esim/contract/plan-name`).
 */
export function useLineFormat() {
  const { t, i18n } = useTranslation('cart');
  const lang = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
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
  /** The plan's name, e.g. 'Japan eSIM: Unlimited Plus, 1 day'; `destination` in the current language. */
  const name = useCallback(
    (product: Product, destination: string) => {
      if (product.displayName) return product.displayName;
      const { features } = product;
      const unlimited = features.bundleType === 'unlimited' || features.dataMb === null;
      return planName(
        {
          destination,
          data: unlimited ? null : features.dataMb,
          validityDays: features.validityDays,
          tier: unlimited ? (features.tier ?? 'unlimited') : null,
        },
        lang,
      );
    },
    [lang],
  );
  return { data, validity, price, name };
}
