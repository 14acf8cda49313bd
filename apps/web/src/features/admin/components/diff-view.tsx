import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../admin-kit/components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { diffValues } from '../hooks/json-diff.ts';

/**
 * An audit entry's before and after, field by field (`json-diff.ts`): changed fields first shown,
 * removed values struck through in red, new ones in green; unchanged fields behind a toggle. A
 * table that scrolls inside its own box, never the page, at 360 px.
 */
export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const [showAll, setShowAll] = useState(false);
  const rows = diffValues(before, after);
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t('audit.noChanges')}</p>;
  const unchanged = rows.filter((r) => !r.changed).length;
  const shown = showAll ? rows : rows.filter((r) => r.changed);
  const none = <span className="text-slate-500 italic">{t('audit.none')}</span>;
  return (
    <div>
      <DataTable
        caption={t('audit.diffCaption')}
        columns={(['field', 'before', 'after'] as const).map((key) => ({
          key,
          label: t(`audit.${key}`),
          className: 'px-3 py-2 font-semibold',
        }))}
        frameClassName="overflow-x-auto rounded-xl ring-1 ring-slate-200"
        tableClassName="w-full min-w-[28rem] text-left text-xs"
        headClassName="bg-slate-50 text-slate-700"
        bodyClassName="divide-y divide-slate-100 bg-white font-mono"
      >
        {shown.map((row) => (
          <tr key={row.path} className={cn(!row.changed && 'text-slate-600')}>
            <th scope="row" className="px-3 py-1.5 align-top font-semibold break-all text-ink">
              {row.path}
            </th>
            <td
              className={cn(
                'px-3 py-1.5 align-top break-all',
                row.changed && row.before !== undefined && 'bg-red-50 text-red-900 line-through',
              )}
            >
              {row.before ?? none}
            </td>
            <td
              className={cn(
                'px-3 py-1.5 align-top break-all',
                row.changed && row.after !== undefined && 'bg-emerald-50 text-emerald-900',
              )}
            >
              {row.after ?? none}
            </td>
          </tr>
        ))}
      </DataTable>
      {unchanged > 0 ? (
        <button
          type="button"
          onClick={() => setShowAll((v) => !v)}
          aria-pressed={showAll}
          className="mt-2 text-xs font-semibold text-brand-800 hover:underline"
        >
          {showAll ? t('audit.hideUnchanged') : t('audit.showUnchanged', { count: unchanged })}
        </button>
      ) : null}
    </div>
  );
}
