import type { AdminJob, JobCounts } from '@esim/contract/admin';
import { Ban, Briefcase, RotateCcw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { changeToasts } from '../../../admin-kit/admin-error.ts';
import { AdminList } from '../../../admin-kit/components/admin-list.tsx';
import { AdminPage } from '../../../admin-kit/components/admin-page.tsx';
import { Badge, type BadgeTone } from '../../../admin-kit/components/badge.tsx';
import { ConfirmButton } from '../../../admin-kit/components/confirm-button.tsx';
import { EmptyState } from '../../../admin-kit/components/query-state.tsx';
import { RefreshButton } from '../../../admin-kit/components/refresh-button.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { readChoice, useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { type JobTab, jobs } from '../api/get-jobs.ts';
import { type JobAction, useJobAction } from '../api/job-actions.ts';

const TABS: readonly JobTab[] = ['failed', 'queued', 'running', 'cancelled'];

/** The tab in the address (`?status=`), failed jobs by default. */
function readTab(search: string): JobTab {
  return readChoice(new URLSearchParams(search), 'status', TABS) || 'failed';
}

/** How many jobs a tab holds, from the counts by state. */
function tabCount(tab: JobTab, counts: JobCounts): number {
  return tab === 'queued' ? counts.waiting + counts.parked : counts[tab];
}

const STATUS_TONES: Record<string, BadgeTone> = {
  failed: 'danger',
  queued: 'info',
  running: 'warning',
  cancelled: 'neutral',
  succeeded: 'success',
};

/**
 * `/admin/jobs`: the background jobs by state in tabs (`?status=failed|queued|running|cancelled`,
 * failed first), each with its type, attempts, when it runs, the order it is about, its last
 * error and its payload without secrets; "Retry now" for failed or cancelled jobs and "Cancel"
 * for queued or failed ones, each after a confirmation, with a toast.
 */
export default function JobsPage() {
  const { t } = useTranslation('admin');
  const address = useAddressView('/admin/jobs', readTab);
  const tab = address.view;
  const list = useAdminList(jobs.useList(tab), (page) => page.jobs);
  const counts = list.first?.counts;

  return (
    <AdminPage title={t('nav.jobs')} lead={t('jobs.lead')} actions={<RefreshButton query={list.query} />}>
      <Tabs.Root value={tab} onValueChange={(value) => address.show(`status=${value}`)}>
        <Tabs.List aria-label={t('jobs.tabsLabel')} className="-mx-1 flex gap-1 overflow-x-auto p-1">
          {TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex shrink-0 items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-white data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=active]:ring-brand-700"
            >
              {t(`jobs.tabs.${value}`)}
              {counts ? (
                <span className="rounded-full bg-black/10 px-1.5 text-xs tabular-nums">{tabCount(value, counts)}</span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Content key={value} value={value} className="mt-4 focus-visible:outline-2">
            <AdminList
              list={list}
              errorTitle={t('errors.fetchJobs')}
              empty={<EmptyState icon={<Briefcase className="size-8" />} title={t(`jobs.empty.${value}`)} />}
            >
              <ul className="flex flex-col gap-3">
                {list.items.map((job) => (
                  <JobCard key={job.id} job={job} />
                ))}
              </ul>
            </AdminList>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminPage>
  );
}

function JobCard({ job }: { job: AdminJob }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const action = useJobAction();
  const typeName = t(`jobs.types.${job.type}`, { defaultValue: job.type });
  const run = (kind: JobAction) =>
    action.mutate(
      { id: job.id, action: kind },
      changeToasts(
        () => t(kind === 'retry' ? 'jobs.retried' : 'jobs.cancelled', { id: job.id }),
        t(kind === 'retry' ? 'errors.retryJob' : 'errors.cancelJob'),
        t('offline'),
      ),
    );
  const canRetry = job.status === 'failed' || job.status === 'cancelled';
  const canCancel = job.status === 'queued' || job.status === 'failed';
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-bold break-words text-ink">
            {typeName} <span className="font-mono text-sm font-normal text-slate-600">#{job.id}</span>
          </h2>
          <p className="mt-0.5 font-mono text-xs text-slate-600">{job.type}</p>
        </div>
        <Badge tone={STATUS_TONES[job.status] ?? 'neutral'}>{t(`jobs.statuses.${job.status}`)}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-600">{t('jobs.attemptsLabel')}</dt>
          <dd className="text-ink tabular-nums">
            {t('jobs.attempts', { attempts: job.attempts, max: job.maxAttempts })}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{t('jobs.runAtLabel')}</dt>
          <dd className="text-ink">
            {job.parked ? (
              t('jobs.parked')
            ) : job.runAt ? (
              <time dateTime={job.runAt} title={format.dateTime(job.runAt)}>
                {format.relative(job.runAt)}
              </time>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{t('jobs.updatedLabel')}</dt>
          <dd className="text-ink">
            <time dateTime={job.updatedAt}>{format.dateTime(job.updatedAt)}</time>
          </dd>
        </div>
        {job.orderNumber ? (
          <div className="flex gap-2">
            <dt className="text-slate-600">{t('jobs.orderLabel')}</dt>
            <dd>
              <Link
                href={`/admin/orders/${job.orderNumber}`}
                className="font-mono font-semibold text-brand-800 hover:underline"
              >
                {job.orderNumber}
              </Link>
            </dd>
          </div>
        ) : null}
      </dl>
      {job.lastError ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-slate-700">{t('jobs.lastError')}</p>
          <pre className="mt-1 max-h-40 overflow-auto rounded-xl bg-red-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-red-900 ring-1 ring-red-200">
            {job.lastError}
          </pre>
        </div>
      ) : null}
      {job.summary.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-700">{t('jobs.payload')}</summary>
          <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-xl bg-slate-50 p-3 font-mono text-xs">
            {job.summary.map((entry) => (
              <div key={entry.key} className="contents">
                <dt className="break-all text-slate-600">{entry.key}</dt>
                <dd className="break-all text-ink">{entry.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {canRetry || canCancel ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {canRetry ? (
            <ConfirmButton
              variant="primary"
              busy={action.isPending && action.variables?.action === 'retry'}
              title={t('jobs.confirmRetryTitle', { id: job.id })}
              description={t('jobs.confirmRetryBody', { type: typeName })}
              confirmLabel={t('jobs.retry')}
              cancelLabel={t('common.cancel')}
              onConfirm={() => run('retry')}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('jobs.retry')}
            </ConfirmButton>
          ) : null}
          {canCancel ? (
            <ConfirmButton
              variant="outline"
              confirmVariant="danger"
              busy={action.isPending && action.variables?.action === 'cancel'}
              title={t('jobs.confirmCancelTitle', { id: job.id })}
              description={t('jobs.confirmCancelBody', { type: typeName })}
              confirmLabel={t('jobs.cancel')}
              cancelLabel={t('jobs.keep')}
              onConfirm={() => run('cancel')}
            >
              <Ban aria-hidden="true" className="size-4" />
              {t('jobs.cancel')}
            </ConfirmButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
