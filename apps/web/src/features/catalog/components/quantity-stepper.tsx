import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Quantity bounds of the add-to-cart stepper (default 1, section 5). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

/** Clamps a quantity to whole numbers from {@link MIN_QUANTITY} to {@link MAX_QUANTITY}. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.round(value)));
}

/** A labelled number field with decrease / increase buttons, 1 to 10. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const stepButton =
    'inline-flex size-11 items-center justify-center rounded-xl text-slate-700 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('details.purchase.quantity')}
      </label>
      <div className="inline-flex items-center gap-1 rounded-2xl p-1 ring-1 ring-slate-300">
        <button
          type="button"
          className={stepButton}
          aria-label={t('details.purchase.decrease')}
          aria-controls={id}
          disabled={value <= MIN_QUANTITY}
          onClick={() => onChange(clampQuantity(value - 1))}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={value}
          onChange={(e) => onChange(clampQuantity(e.target.valueAsNumber))}
          className="h-11 w-12 rounded-lg border-0 bg-transparent text-center text-lg font-semibold text-ink [appearance:textfield] focus:outline-2 focus:outline-brand-600 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepButton}
          aria-label={t('details.purchase.increase')}
          aria-controls={id}
          disabled={value >= MAX_QUANTITY}
          onClick={() => onChange(clampQuantity(value + 1))}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
