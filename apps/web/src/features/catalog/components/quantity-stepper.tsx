import { useTranslation } from 'react-i18next';
import { QuantityStepper as Stepper } from '../../../components/ui/quantity-stepper.tsx';

/** Quantity bounds of the add-to-cart stepper (default 1). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

/** The product page's 'Quantity' field with decrease / increase buttons, 1 to 10. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <Stepper
      value={value}
      onChange={onChange}
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      label={t('details.purchase.quantity')}
      decreaseLabel={t('details.purchase.decrease')}
      increaseLabel={t('details.purchase.increase')}
    />
  );
}
