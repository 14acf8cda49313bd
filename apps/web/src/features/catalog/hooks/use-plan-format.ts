import type { Product } from '@esim/contract/catalog';
import { type ValidityLabels, formatDataAmount, formatPrice, formatValidity } from '@esim/contract/format';
import { type PlanNameFacts, planDataLabel, planName } from '@esim/contract/plan-name';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogLanguage } from './use-catalog-language.ts';
import { useDestinationNames } from './use-destination-names.ts';

/** The naming facts of a catalogue product (`@esim/contract/plan-name`), with its destination's name. */
export function productNameFacts(product: Product, destination: string): PlanNameFacts {
  const { features } = product;
  const unlimited = features.bundleType === 'unlimited' || features.dataMb === null;
  return {
    destination,
    data: unlimited ? null : features.dataMb,
    validityDays: features.validityDays,
    tier: unlimited ? (features.tier ?? 'unlimited') : null,
  };
}

/**
 * A function from a product to its name in the current language by the store's one naming rule
 * (`@esim/contract/plan-name`), e.g. 'Japan eSIM: Unlimited Plus, 1 day': the plan
 * page's heading and title, and the name a plan card's controls say (for `plan-card.tsx`).
 * The destination's name comes from the destination list, so it matches the country pages and
 * the server's titles. The admin's display name, when set, is used as written. Safe in the
 * server's render (no browser globals).
 */
export function usePlanName(): (product: Product) => string {
  const lang = useCatalogLanguage();
  const { nameOf } = useDestinationNames();
  return useCallback(
    (product: Product) => product.displayName || planName(productNameFacts(product, nameOf(product.countryCode)), lang),
    [lang, nameOf],
  );
}

/**
 * Display helpers for plans in the current language: data amount (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`, 'Unlimited'
 * translated; `tierData` names 'Unlimited Plus' too), validity with translated unit words, and
 * price in US English currency format.
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
  const lang = useCatalogLanguage();
  /** The allowance with the unlimited tier: '1GB', 'Unlimited', 'Unlimited Plus' (translated). */
  const tierData = useCallback(
    (product: Product) => {
      const facts = productNameFacts(product, '');
      return facts.tier === 'unlimited_plus' ? planDataLabel(facts, lang) : data(product);
    },
    [data, lang],
  );
  return { data, tierData, validity, price };
}
