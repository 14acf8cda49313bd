import type { PricingRun } from '@esim/contract/admin-pricing';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { actorText, dateTime } from '../pricing-format.ts';

/**
 * The applied recalculations, newest first (issue 10 "each run is recorded (who, when,
 * counts)"): a table that scrolls inside its own box on a phone.
 */
export function RunsHistory({ runs }: { runs: readonly PricingRun[] }) {
  const { t, i18n } = useTranslation('admin-pricing');
  if (runs.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        {t('runs.empty')}
      </p>
    );
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <div
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tabIndex={0}
      role="region"
      aria-label={t('runs.caption')}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{t('runs.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t('runs.columns.when')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('runs.columns.who')}
            </th>
            {(['checked', 'changed', 'belowWholesale', 'ladderViolations'] as const).map((key) => (
              <th key={key} scope="col" className="px-3 py-3 text-right font-semibold">
                {t(`runs.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr key={run.id}>
              <td className="whitespace-nowrap px-4 py-3">{dateTime(run.at, i18n.language)}</td>
              <td className="break-all px-3 py-3">{actorText(run.actor, t)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{number(run.checked)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{number(run.changed)}</td>
              <td
                className={cn(
                  'px-3 py-3 text-right tabular-nums',
                  run.belowWholesale > 0 && 'font-semibold text-amber-800',
                )}
              >
                {number(run.belowWholesale)}
              </td>
              <td
                className={cn(
                  'px-3 py-3 text-right tabular-nums',
                  run.ladderViolations > 0 && 'font-semibold text-amber-800',
                )}
              >
                {number(run.ladderViolations)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
