import { cn } from '../../../lib/cn.ts';

/** A tile's colour: neutral, good news, something to look at, a problem. */
export type TileTone = 'neutral' | 'success' | 'warning' | 'danger';

const TONES: Record<TileTone, string> = {
  neutral: 'bg-white ring-slate-200',
  success: 'bg-emerald-50 ring-emerald-200',
  warning: 'bg-amber-50 ring-amber-200',
  danger: 'bg-red-50 ring-red-200',
};

/**
 * Counts of a report as a grid of tiles (two columns at 360 px), each a label and a number, as
 * a description list so that screen readers pair them.
 */
export function CountTiles({
  items,
  label,
}: {
  items: { key: string; label: string; value: string; tone?: TileTone }[];
  label: string;
}) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {items.map((item) => (
        <div key={item.key} className={cn('rounded-xl px-3 py-2 ring-1', TONES[item.tone ?? 'neutral'])}>
          <dt className="text-xs font-semibold text-slate-700">{item.label}</dt>
          <dd className="text-xl font-extrabold text-ink tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
