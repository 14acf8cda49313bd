import type { SyncReport, SyncRun } from '@esim/contract/admin-catalogue';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useCatalogueFormat } from '../catalogue-format.ts';
import { CountTiles } from './count-tiles.tsx';

/** Entries a report list shows at first, and how many more each "Show more" adds. */
const PAGE = 50;

/** The counts of a run: added, changed, retired, unchanged, errors. */
export function SyncCounts({ run }: { run: SyncRun }) {
  const { t } = useTranslation('admin-catalogue');
  const format = useCatalogueFormat();
  return (
    <CountTiles
      label={t('sync.countsLabel', { id: run.id })}
      items={[
        {
          key: 'added',
          label: t('sync.counts.added'),
          value: format.count(run.added),
          tone: run.added > 0 ? 'success' : 'neutral',
        },
        { key: 'changed', label: t('sync.counts.changed'), value: format.count(run.changed) },
        {
          key: 'retired',
          label: t('sync.counts.retired'),
          value: format.count(run.retired),
          tone: run.retired > 0 ? 'warning' : 'neutral',
        },
        { key: 'unchanged', label: t('sync.counts.unchanged'), value: format.count(run.unchanged) },
        {
          key: 'errors',
          label: t('sync.counts.errors'),
          value: format.count(run.errors),
          tone: run.errors > 0 ? 'danger' : 'neutral',
        },
      ]}
    />
  );
}

/** A report list that opens on demand (`<details>`), showing 50 entries more at a time. */
function ReportList<T>({
  title,
  count,
  items,
  render,
}: {
  title: string;
  count: number;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('admin-catalogue');
  const format = useCatalogueFormat();
  const [shown, setShown] = useState(PAGE);
  if (count === 0) return null;
  return (
    <details className="rounded-xl bg-white ring-1 ring-slate-200 open:pb-3">
      <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-ink hover:bg-slate-50">
        {title} <span className="text-slate-600 tabular-nums">({format.count(count)})</span>
      </summary>
      <ul className="divide-y divide-slate-100 px-4 text-sm">{items.slice(0, shown).map(render)}</ul>
      {items.length > shown ? (
        <div className="px-4 pt-2">
          <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            {t('sync.report.showMore', { shown: format.count(shown), total: format.count(items.length) })}
          </Button>
        </div>
      ) : null}
      {count > items.length ? (
        <p className="px-4 pt-2 text-xs text-slate-600">
          {t('sync.report.truncated', { listed: format.count(items.length) })}
        </p>
      ) : null}
    </details>
  );
}

/**
 * What a sync did, bundle by bundle: the lists of added, changed (each field from →
 * to), retired and refused bundles, each opening on demand, and the reprice's outcome.
 */
export function SyncReportView({ run, report }: { run: SyncRun; report: SyncReport }) {
  const { t } = useTranslation('admin-catalogue');
  const format = useCatalogueFormat();
  const reprice = report.reprice;
  const field = (name: string) => t(`syncFields.${name}`, { defaultValue: name });
  return (
    <div className="flex flex-col gap-2">
      {reprice ? (
        'error' in reprice ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
            {t('sync.report.repriceFailed', { error: reprice.error })}
          </p>
        ) : (
          <p className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
            {t('sync.report.repriced', {
              changed: format.count(reprice.changed),
              checked: format.count(reprice.checked),
            })}
          </p>
        )
      ) : null}
      <ReportList
        title={t('sync.report.added')}
        count={run.added}
        items={report.added}
        render={(item) => (
          <li key={item.apiBundleName} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <span className="min-w-0">
              <span className="font-medium text-ink">{item.name}</span>{' '}
              <code className="text-xs break-all text-slate-600">{item.apiBundleName}</code>
            </span>
            <span className="tabular-nums">{format.money(item.priceCents)}</span>
          </li>
        )}
      />
      <ReportList
        title={t('sync.report.changed')}
        count={run.changed}
        items={report.changed}
        render={(item) => (
          <li key={item.apiBundleName} className="py-2">
            <p>
              <span className="font-medium text-ink">{item.name}</span>{' '}
              <code className="text-xs break-all text-slate-600">{item.apiBundleName}</code>
            </p>
            <ul className="mt-1 flex flex-col gap-0.5">
              {item.fields.map((change) => (
                <li key={change.field} className="flex flex-wrap items-center gap-x-2 text-slate-700">
                  <span className="font-semibold">{field(change.field)}:</span>
                  <span className="break-all">{format.syncValue(change.field, change.from)}</span>
                  <ArrowRight aria-label={t('changes.to')} className="size-3.5 shrink-0" />
                  <span className="break-all text-ink">{format.syncValue(change.field, change.to)}</span>
                </li>
              ))}
            </ul>
          </li>
        )}
      />
      <ReportList
        title={t('sync.report.retired')}
        count={run.retired}
        items={report.retired}
        render={(item) => (
          <li key={item.apiBundleName} className="py-2">
            <span className="font-medium text-ink">{item.name}</span>{' '}
            <code className="text-xs break-all text-slate-600">{item.apiBundleName}</code>
          </li>
        )}
      />
      <ReportList
        title={t('sync.report.errors')}
        count={run.errors}
        items={report.errors}
        render={(item) => (
          <li key={`${item.apiBundleName}:${item.message}`} className="py-2">
            <code className="text-xs font-semibold break-all text-red-900">{item.apiBundleName}</code>
            <p className="break-words text-slate-700">{item.message}</p>
          </li>
        )}
      />
      {run.added + run.changed + run.retired + run.errors === 0 ? (
        <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {t('sync.report.nothing')}
        </p>
      ) : null}
    </div>
  );
}
