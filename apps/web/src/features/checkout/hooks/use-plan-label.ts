import { formatDataAmount } from '@esim/contract/format';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Plan facts as a cart line or an order line carries them. */
export interface PlanFacts {
  dataMb?: number | null;
  /** An order line's frozen data amount such as '1GB' or 'Unlimited'. */
  dataAmount?: string;
  unlimited?: boolean;
  unlimitedPlus?: boolean;
  validityDays: number;
}

/**
 * Data amount and validity of a plan in the interface language (specification section 5 rules
 * for data; 'Unlimited' and 'Unlimited Plus' translated; days pluralised).
 */
export function usePlanLabel() {
  const { t } = useTranslation('checkout');
  const data = useCallback(
    (plan: PlanFacts) => {
      const text = plan.dataAmount ?? '';
      if (plan.unlimitedPlus || /unlimited\s*plus/i.test(text)) return t('summary.unlimitedPlus');
      if (plan.unlimited || /unlimited/i.test(text) || plan.dataMb === null) return t('summary.unlimited');
      if (typeof plan.dataMb === 'number') return formatDataAmount(plan.dataMb);
      return formatDataAmount(text);
    },
    [t],
  );
  const validity = useCallback((plan: PlanFacts) => t('summary.validity', { count: plan.validityDays }), [t]);
  return { data, validity };
}
