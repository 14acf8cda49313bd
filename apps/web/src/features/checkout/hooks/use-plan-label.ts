import type { UnlimitedTier } from '@esim/contract/catalog';
import { formatDataAmount } from '@esim/contract/format';
import { isLanguage } from '@esim/contract/languages';
import { planName } from '@esim/contract/plan-name';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Plan facts as a cart line or an order line carries them. */
export interface PlanFacts {
  dataMb?: number | null;
  /** An order line's frozen data amount such as '1GB' or 'Unlimited'. */
  dataAmount?: string;
  unlimited?: boolean;
  unlimitedPlus?: boolean;
  /** The unlimited tier of the product sold (an order line's `tier`); `null` for fixed data. */
  tier?: UnlimitedTier | null;
  validityDays: number;
}

/**
 * Data amount, validity and full name of a plan in the interface language (data in MB or
 * GB, 'Unlimited' and 'Unlimited Plus' translated, days pluralised), by the store's one naming
 * rule (`@esim/contract/plan-name`, `docs/product-rules.md#plan-names-and-data-amounts-on-screen`).
 */
export function usePlanLabel() {
  const { t, i18n } = useTranslation('checkout');
  const lang = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const data = useCallback(
    (plan: PlanFacts) => {
      const text = plan.dataAmount ?? '';
      if (plan.unlimitedPlus || plan.tier === 'unlimited_plus') return t('summary.unlimitedPlus');
      if (plan.unlimited || plan.tier === 'unlimited' || /unlimited/i.test(text) || plan.dataMb === null)
        return t('summary.unlimited');
      if (typeof plan.dataMb === 'number') return formatDataAmount(plan.dataMb);
      return formatDataAmount(text);
    },
    [t],
  );
  const validity = useCallback((plan: PlanFacts) => t('summary.validity', { count: plan.validityDays }), [t]);
  /** The plan's name, e.g. 'Japan eSIM: Unlimited Plus, 1 day'; `destination` in the interface language. */
  const name = useCallback(
    (plan: PlanFacts, destination: string) => {
      const unlimited = plan.unlimited || plan.unlimitedPlus || (plan.tier ?? null) !== null || plan.dataMb === null;
      const tier = plan.tier ?? (plan.unlimitedPlus ? 'unlimited_plus' : unlimited ? 'unlimited' : null);
      return planName(
        {
          destination,
          data: unlimited ? null : (plan.dataMb ?? plan.dataAmount ?? null),
          validityDays: plan.validityDays,
          tier,
        },
        lang,
      );
    },
    [lang],
  );
  return { data, validity, name };
}
