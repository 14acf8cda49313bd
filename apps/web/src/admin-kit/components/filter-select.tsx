import { cn } from '../../lib/cn.ts';

/** The label of a field in an admin filter bar (its text above the field). */
export const FILTER_LABEL_CLASS = 'flex min-w-0 flex-col text-sm font-semibold text-slate-700';

/** A field of an admin filter bar (select, date, text), 44 px high as the search box beside it. */
export const FILTER_FIELD_CLASS =
  'mt-1 h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-sm font-normal text-ink';

/** One choice of a {@link FilterSelect}; `value` `''` is "any". */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A labelled `<select>` of an admin filter bar: `onChange` gets the chosen option's value.
 * `className` styles the label (its width), `selectClassName` the select.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className,
  selectClassName,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  className?: string;
  selectClassName?: string;
}) {
  return (
    <label className={cn(FILTER_LABEL_CLASS, className)}>
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(FILTER_FIELD_CLASS, selectClassName)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
