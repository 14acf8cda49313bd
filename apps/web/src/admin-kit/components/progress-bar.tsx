/**
 * A progress bar for long admin work (catalogue sync, bulk import): `value` of `max`
 * done, announced as a WAI-ARIA `progressbar` named `label`. `max` 0 (not known yet) shows an
 * indeterminate bar.
 */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const known = max > 0;
  const percent = known ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? value : undefined}
      aria-valuetext={known ? `${value} / ${max} (${percent}%)` : undefined}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={
          known
            ? 'h-full rounded-full bg-brand-600 transition-[width] duration-300'
            : 'h-full w-1/3 animate-pulse rounded-full bg-brand-400'
        }
        style={known ? { width: `${percent}%` } : undefined}
      />
    </div>
  );
}
