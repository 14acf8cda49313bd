import type { PricingRun } from '@esim/contract/admin-pricing';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../admin-kit/components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { actorText, dateTime } from '../pricing-format.ts';

/**
 * The applied recalculations, newest first, each with who ran it, when, and its counts: a table
 * that scrolls inside its own box on a phone.
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
  const columns = [
    { key: 'when', label: t('runs.columns.when'), className: 'px-4 py-3 font-semibold' },
    { key: 'who', label: t('runs.columns.who'), className: 'px-3 py-3 font-semibold' },
    ...(['checked', 'changed', 'belowWholesale', 'ladderViolations'] as const).map((key) => ({
      key,
      label: t(`runs.columns.${key}`),
      className: 'px-3 py-3 text-right font-semibold',
    })),
  ];
  return (
    <DataTable
      caption={t('runs.caption')}
      columns={columns}
      regionLabel={t('runs.caption')}
      tableClassName="w-full min-w-[36rem] text-left text-sm"
    >
      {runs.map((run) => (
        <tr key={run.id}>
          <td className="px-4 py-3 whitespace-nowrap">{dateTime(run.at, i18n.language)}</td>
          <td className="px-3 py-3 break-all">{actorText(run.actor, t)}</td>
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
    </DataTable>
  );
}
