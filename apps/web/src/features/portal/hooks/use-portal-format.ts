import type { PlanFacts } from '@esim/contract/catalog';
import { type Language, isLanguage } from '@esim/contract/languages';
import { planDataLabel, planName } from '@esim/contract/plan-name';
import type { PortalBundle, PortalEsim, PortalOrder } from '@esim/contract/portal';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Destination, dataAmountText, formatIso, mainBundleOf } from './portal-format.ts';

/**
 * The portal's formatters in the interface language `language`: dates (medium) and date-times
 * (medium date, short time) with `Intl.DateTimeFormat`, data amounts (MB or GB, 'Unlimited'
 * translated), validity in days, and plan names built from their facts with the store's one
 * naming rule (`@esim/contract/plan-name`, `docs/product-rules.md#plan-names-and-data-amounts-on-screen`: 'Unlimited Plus' keeps its tier and no
 * English catalogue name reaches the traveller).
 */
export function usePortalFormat(language: string) {
  const { t } = useTranslation('portal');
  const lang: Language = isLanguage(language) ? language : 'en';
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
  /** A bundle's allowance with its tier: '1GB', 'Unlimited', 'Unlimited Plus' (translated). */
  const bundleData = useCallback(
    (bundle: Pick<PortalBundle, 'dataAmount' | 'tier'>) =>
      bundle.tier === 'unlimited_plus'
        ? planDataLabel({ data: null, tier: bundle.tier }, lang)
        : dataAmount(bundle.dataAmount),
    [dataAmount, lang],
  );
  const validity = useCallback((days: number) => t('bundles.validity', { count: days }), [t]);
  /** A sold plan's name, e.g. 'Japonya eSIM paketi: Sınırsız Plus, 1 gün'. */
  const planNameOf = useCallback(
    (plan: PlanFacts, destination: Destination) =>
      planName(
        { destination: destination.name, data: plan.dataAmount, validityDays: plan.validityDays, tier: plan.tier },
        lang,
      ),
    [lang],
  );
  /** An eSIM's plan, named from its main bundle (the plan it was bought with). */
  const planTitle = useCallback(
    (esim: Pick<PortalEsim, 'bundles' | 'planName'>, destination: Destination) => {
      const main = mainBundleOf(esim);
      // Before its first bundle is stored (a moment after purchase), the plan's name as sold.
      return main ? planNameOf(main, destination) : esim.planName;
    },
    [planNameOf],
  );
  /** What an order bought, e.g. '2 × eSIM Türkei: 1GB, 7 Tage'. */
  const orderItems = useCallback(
    (order: Pick<PortalOrder, 'items' | 'description'>, destinationOf: (code: string) => Destination) =>
      order.items.length === 0
        ? order.description
        : order.items
            .map((item) => {
              const name = planNameOf(item, destinationOf(item.countryCode));
              return item.quantity > 1 ? `${item.quantity} × ${name}` : name;
            })
            .join(', '),
    [planNameOf],
  );
  return { date, dateTime, dataAmount, bundleData, validity, planName: planNameOf, planTitle, orderItems };
}
