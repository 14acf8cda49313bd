import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** Rounds a quantity to a whole number within `min`..`max`; anything not finite gives `min`. */
export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

interface QuantityStepperProps {
  value: number;
  /** Called with a whole number within `min`..`max`, at once for the buttons and arrow keys. */
  onChange: (value: number) => void;
  min: number;
  max: number;
  /** Accessible name of the number field, e.g. 'Quantity' or 'Quantity of Turkey 1GB 7 days'. */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** Keeps the label for screen readers only (where the context makes the field obvious). */
  hideLabel?: boolean;
  size?: 'md' | 'sm';
  /** Disables the field and both buttons (e.g. while the line is still being added). */
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled number field (role spinbutton) with decrease / increase buttons. Typing is kept as
 * a draft: a whole number within the bounds is passed on at once, anything else (an empty field
 * while retyping) is reset to the current value when the field loses focus.
 */
export function QuantityStepper({
  value,
  onChange,
  min,
  max,
  label,
  decreaseLabel,
  increaseLabel,
  hideLabel = false,
  size = 'md',
  disabled = false,
  className,
}: QuantityStepperProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const step = (next: number) => {
    setDraft(null);
    const clamped = clampQuantity(next, min, max);
    if (clamped !== value) onChange(clamped);
  };
  const box = size === 'md' ? 'size-11' : 'size-10';
  const stepButton = cn(
    'inline-flex items-center justify-center rounded-xl text-slate-700 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40',
    box,
  );
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <div className="inline-flex items-center gap-1 rounded-2xl bg-white p-1 ring-1 ring-slate-300">
        <button
          type="button"
          className={stepButton}
          aria-label={decreaseLabel}
          aria-controls={id}
          disabled={disabled || value <= min}
          onClick={() => step(value - 1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(e) => {
            setDraft(e.target.value);
            const next = e.target.valueAsNumber;
            if (Number.isInteger(next) && next >= min && next <= max && next !== value) onChange(next);
          }}
          onBlur={() => setDraft(null)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setDraft(null);
          }}
          className={cn(
            'w-12 rounded-lg border-0 bg-transparent text-center font-semibold text-ink [appearance:textfield] focus:outline-2 focus:outline-brand-600 disabled:opacity-60 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
            size === 'md' ? 'h-11 text-lg' : 'h-10 text-base',
          )}
        />
        <button
          type="button"
          className={stepButton}
          aria-label={increaseLabel}
          aria-controls={id}
          disabled={disabled || value >= max}
          onClick={() => step(value + 1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
