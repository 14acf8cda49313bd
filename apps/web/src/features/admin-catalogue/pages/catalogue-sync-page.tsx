import type { SyncRun } from '@esim/contract/admin-catalogue';
import { CloudDownload, History } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { Badge, type BadgeTone } from '../../../admin-kit/components/badge.tsx';
import { DataTable } from '../../../admin-kit/components/data-table.tsx';
import { ProgressBar } from '../../../admin-kit/components/progress-bar.tsx';
import { EmptyState, QueryError } from '../../../admin-kit/components/query-state.tsx';
import { RefreshButton } from '../../../admin-kit/components/refresh-button.tsx';
import { useStartSync, useSyncRun, useSyncStatus } from '../api/catalogue-sync.ts';
import { useCatalogueFormat } from '../catalogue-format.ts';
import { SyncCounts, SyncReportView } from '../components/sync-report.tsx';

const STATUS_TONES: Record<SyncRun['status'], BadgeTone> = {
  queued: 'info',
  running: 'warning',
  succeeded: 'success',
  failed: 'danger',
};

/** The counts of a run, in the history's column order. */
const COUNT_KEYS = ['added', 'changed', 'retired', 'unchanged', 'errors'] as const;

const finished = (run: SyncRun) => run.status === 'succeeded' || run.status === 'failed';

/**
 * `/admin/catalogue-sync` (`docs/product-rules.md#catalogue-sync-and-pricing-rules`): start a sync with the eSIM provider
 * (optionally repricing every product after it), follow it on a live progress bar (read every
 * second while it runs), read its report (added, changed with each field from → to, retired,
 * unchanged, errors) and the history of the last 20 runs, any of whose reports opens below. A
 * sync already running answers 409, shown as "A sync is already running".
 */
export default function CatalogueSyncPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const format = useCatalogueFormat();
  const status = useSyncStatus();
  const start = useStartSync();
  const [reprice, setReprice] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const repriceId = useId();
  const data = status.data;
  const current = data?.current ?? null;
  const latest = current ?? data?.history[0] ?? null;
  const shown = (selected !== null ? data?.history.find((r) => r.id === selected) : undefined) ?? latest;
  const report = useSyncRun(shown?.id ?? null, shown ? finished(shown) : false);

  // Tell the admin when the run they started or watched ends (a quick one may end before the
  // screen ever sees it running).
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (current) {
      watched.current = current.id;
      return;
    }
    const id = watched.current;
    if (id === null) return;
    const done = data?.history.find((r) => r.id === id);
    if (!done || !finished(done)) return;
    watched.current = null;
    if (done.status === 'succeeded') {
      void showToast('success', t('sync.toasts.done'), {
        description: t('sync.toasts.doneBody', {
          added: done.added,
          changed: done.changed,
          retired: done.retired,
          errors: done.errors,
        }),
      });
    } else {
      void showToast('error', t('sync.toasts.failed'), { description: done.error ?? undefined });
    }
  }, [current, data, t]);

  const onStart = () => {
    start.mutate(reprice, {
      onSuccess: ({ run }) => {
        watched.current = run.id;
        setSelected(null);
        void showToast('success', t('sync.toasts.started'));
      },
      onError: (error) => {
        if (readApiError(error)?.code === 'sync_in_progress') {
          setSelected(null);
          void showToast('error', t('sync.alreadyRunning'), { description: t('sync.alreadyRunningBody') });
        } else toastAdminFailure(t('errors.startSync'), error, t('admin:offline'));
      },
    });
  };

  return (
    <AdminPage title={t('admin:nav.catalogueSync')} lead={t('sync.lead')} actions={<RefreshButton query={status} />}>
      <section aria-labelledby="sync-start" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h2 id="sync-start" className="text-lg font-bold text-ink">
          {t('sync.startTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('sync.startBody')}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-2">
            <input
              id={repriceId}
              type="checkbox"
              checked={reprice}
              onChange={(e) => setReprice(e.target.checked)}
              aria-describedby={`${repriceId}-hint`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <div>
              <label htmlFor={repriceId} className="font-semibold text-ink">
                {t('sync.reprice')}
              </label>
              <p id={`${repriceId}-hint`} className="text-sm text-slate-600">
                {t('sync.repriceHint')}
              </p>
            </div>
          </div>
          <Button
            onClick={onStart}
            disabled={start.isPending || current !== null}
            aria-busy={start.isPending}
            className="shrink-0"
          >
            <CloudDownload aria-hidden="true" className="size-4" />
            {start.isPending ? t('sync.starting') : current ? t('sync.running') : t('sync.start')}
          </Button>
        </div>
        {data ? (
          <p className="mt-3 text-sm text-slate-600">
            {data.schedule.intervalMs && data.schedule.nextRunAt
              ? t('sync.schedule', {
                  every: format.interval(data.schedule.intervalMs),
                  next: format.dateTime(data.schedule.nextRunAt),
                })
              : t('sync.scheduleOff')}
          </p>
        ) : null}
      </section>

      <div className="mt-6">
        {status.isError && !data ? (
          <QueryError
            title={t('errors.fetchSync')}
            error={status.error}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : !data ? (
          <Spinner label={t('admin:loading')} className="min-h-[30vh]" />
        ) : !shown ? (
          <EmptyState icon={<CloudDownload className="size-8" />} title={t('sync.empty')} />
        ) : (
          <section
            aria-labelledby="sync-run"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 id="sync-run" className="text-lg font-bold text-ink">
                  {t('sync.runTitle', { id: shown.id })}
                </h2>
                <p className="text-sm text-slate-600">
                  {t('sync.runMeta', { actor: format.actor(shown.actor), started: format.dateTime(shown.startedAt) })}
                  {shown.reprice ? ` · ${t('sync.withReprice')}` : ''}
                </p>
              </div>
              <Badge tone={STATUS_TONES[shown.status]}>{t(`sync.statuses.${shown.status}`)}</Badge>
            </div>
            <div className="mt-4">
              <ProgressBar
                label={t('sync.progressLabel')}
                value={shown.status === 'succeeded' ? shown.total : shown.processed}
                max={shown.status === 'queued' ? 0 : shown.total}
              />
              <p aria-live="polite" className="mt-2 text-sm text-slate-700">
                {shown.status === 'queued'
                  ? t('sync.progress.queued')
                  : shown.status === 'running'
                    ? shown.total > 0
                      ? t('sync.progress.running', {
                          processed: format.count(shown.processed),
                          total: format.count(shown.total),
                        })
                      : t('sync.progress.reading')
                    : shown.status === 'succeeded'
                      ? t('sync.progress.succeeded', {
                          total: format.count(shown.total),
                          duration: format.duration(shown.durationMs),
                        })
                      : t('sync.progress.failed', { duration: format.duration(shown.durationMs) })}
              </p>
              {shown.error ? (
                <p
                  role={shown.status === 'failed' ? 'alert' : undefined}
                  className="mt-2 rounded-xl bg-red-50 px-3 py-2 text-sm break-words text-red-900 ring-1 ring-red-200"
                >
                  {shown.error}
                </p>
              ) : null}
            </div>
            {finished(shown) && shown.status === 'succeeded' ? (
              <div className="mt-4 flex flex-col gap-3">
                <SyncCounts run={shown} />
                {report.data ? (
                  <SyncReportView
                    run={shown}
                    report={
                      report.data.report ?? {
                        added: [],
                        changed: [],
                        retired: [],
                        errors: [],
                        truncated: false,
                        reprice: null,
                      }
                    }
                  />
                ) : report.isError ? (
                  <QueryError
                    title={t('errors.fetchRun')}
                    error={report.error}
                    onRetry={() => void report.refetch()}
                    retrying={report.isFetching}
                  />
                ) : (
                  <Spinner label={t('admin:loading')} className="py-6" />
                )}
              </div>
            ) : null}
          </section>
        )}
      </div>

      {data && data.history.length > 0 ? (
        <section aria-labelledby="sync-history" className="mt-8">
          <h2 id="sync-history" className="flex items-center gap-2 text-lg font-bold text-ink">
            <History aria-hidden="true" className="size-5 text-brand-700" />
            {t('sync.history.title')}
          </h2>
          <SyncHistory
            runs={data.history}
            shownId={shown?.id ?? null}
            onShow={(id) => {
              setSelected(id);
              document.getElementById('sync-run')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          />
        </section>
      ) : null}
    </AdminPage>
  );
}

/**
 * The last 20 runs: a table from 640 px, cards below (both list the same runs; the other is not
 * displayed). Each run's number opens its report in the panel above.
 */
function SyncHistory({
  runs,
  shownId,
  onShow,
}: {
  runs: readonly SyncRun[];
  shownId: number | null;
  onShow: (id: number) => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const format = useCatalogueFormat();
  const reportButton = (run: SyncRun) => (
    <Button
      variant="ghost"
      size="sm"
      className="px-2 font-mono"
      aria-pressed={run.id === shownId}
      aria-label={t('sync.history.showReport', { id: run.id })}
      onClick={() => onShow(run.id)}
    >
      #{run.id}
    </Button>
  );
  const counts = (run: SyncRun) =>
    COUNT_KEYS.map((key) => ({
      key,
      value: format.count(run[key]),
    }));
  const columns = [
    ...(['run', 'started', 'by', 'status', 'duration'] as const).map((key) => ({
      key,
      label: t(`sync.history.${key}`),
      className: 'px-2 py-2',
    })),
    ...COUNT_KEYS.map((key) => ({ key, label: t(`sync.counts.${key}`), className: 'px-2 py-2 text-right' })),
  ];
  return (
    <>
      <ul className="mt-3 flex flex-col gap-2 sm:hidden">
        {runs.map((run) => (
          <li
            key={run.id}
            className={cn(
              'rounded-xl bg-white px-3 py-2 shadow-sm ring-1',
              run.id === shownId ? 'ring-2 ring-brand-500' : 'ring-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              {reportButton(run)}
              <Badge tone={STATUS_TONES[run.status]}>{t(`sync.statuses.${run.status}`)}</Badge>
            </div>
            <p className="px-2 text-sm text-slate-600">
              <time dateTime={run.startedAt}>{format.dateTime(run.startedAt)}</time> · {format.actor(run.actor)} ·{' '}
              {format.duration(run.durationMs)}
            </p>
            <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 px-2 text-xs">
              {counts(run).map((c) => (
                <div key={c.key} className="flex gap-1">
                  <dt className="text-slate-600">{t(`sync.counts.${c.key}`)}</dt>
                  <dd className="font-semibold text-ink tabular-nums">{c.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <DataTable
        caption={t('sync.history.caption')}
        columns={columns}
        className="mt-3 hidden sm:block"
        headClassName="bg-slate-50 text-xs text-slate-700 uppercase"
      >
        {runs.map((run) => (
          <tr key={run.id} className={cn(run.id === shownId && 'bg-brand-50/60')}>
            <td className="px-1 py-1">{reportButton(run)}</td>
            <td className="px-2 py-2 whitespace-nowrap">
              <time dateTime={run.startedAt}>{format.dateTime(run.startedAt)}</time>
            </td>
            <td className="max-w-[9rem] truncate px-2 py-2">{format.actor(run.actor)}</td>
            <td className="px-2 py-2">
              <Badge tone={STATUS_TONES[run.status]}>{t(`sync.statuses.${run.status}`)}</Badge>
            </td>
            <td className="px-2 py-2 whitespace-nowrap">{format.duration(run.durationMs)}</td>
            {counts(run).map((c) => (
              <td key={c.key} className="px-2 py-2 text-right tabular-nums">
                {c.value}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </>
  );
}
