import type { AuditEntry } from '@esim/contract/admin';
import { ScrollText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type AuditFilters, useAudit } from '../api/get-audit.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { Badge } from '../components/badge.tsx';
import { DiffView } from '../components/diff-view.tsx';
import { EmptyState, LoadMore, QueryError } from '../components/query-state.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useAdminFormat } from '../hooks/use-admin-format.ts';
import { RefreshButton } from '../components/refresh-button.tsx';

/** The audit log's filters in the address: `?q=` and `?all=1` (reads too; changes only by default). */
function readSearch(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  return { q: (params.get('q') ?? '').slice(0, 200), changesOnly: params.get('all') !== '1' };
}

/** Where a target links in the admin area, if anywhere (`order:ORD-…`, `email:12`, `job:7`). */
function targetHref(target: string): string | undefined {
  const [kind, id] = target.split(/:(.*)/s) as [string, string | undefined];
  if (!id) return undefined;
  if (kind === 'order') return `/admin/orders/${encodeURIComponent(id)}`;
  if (kind === 'email') return `/admin/outbox?id=${encodeURIComponent(id)}`;
  if (kind === 'job') return '/admin/jobs';
  return undefined;
}

/**
 * `/admin/audit` (issue 10 "Everywhere": every admin call recorded with who, what, when and
 * before/after): entries newest first, changes only by default (reads on request), searchable by
 * admin, action or target, each with its answer, address and, for changes, a field-by-field diff
 * of before and after. Targets link to the order, message or jobs they name.
 */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => readSearch(search), [search]);
  const query = useAudit(filters);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const update = (next: Partial<AuditFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    if (merged.q) params.set('q', merged.q);
    if (!merged.changesOnly) params.set('all', '1');
    const text = params.toString();
    navigate(`/admin/audit${text ? `?${text}` : ''}`, { replace: true });
  };
  return (
    <AdminPage title={t('nav.audit')} lead={t('audit.lead')} actions={<RefreshButton query={query} />}>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-end">
        <SearchForm
          label={t('audit.searchLabel')}
          placeholder={t('audit.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-700">
          <input
            type="checkbox"
            checked={filters.changesOnly}
            onChange={(event) => update({ changesOnly: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          {t('audit.changesOnly')}
        </label>
      </div>
      <div className="mt-4">
        {query.isError && !query.data ? (
          <QueryError
            title={t('errors.fetchAudit')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.isPending ? (
          <Spinner label={t('loading')} className="min-h-[30vh]" />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={<ScrollText className="size-8" />}
            title={filters.q ? t('audit.noMatch') : t('audit.empty')}
          />
        ) : (
          <>
            <ol aria-label={t('audit.listLabel')} className="flex flex-col gap-3">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoad={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
    </AdminPage>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const [method, ...rest] = entry.action.split(' ');
  const path = rest.join(' ');
  const hasChanges = entry.before !== null || entry.after !== null;
  const href = entry.target ? targetHref(entry.target) : undefined;
  const ok = entry.statusCode < 400;
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={method === 'GET' ? 'neutral' : 'info'}>{method}</Badge>
        <span className="min-w-0 font-mono text-sm break-all text-ink">{path}</span>
        <Badge tone={ok ? 'success' : 'danger'}>{t('audit.status', { status: entry.statusCode })}</Badge>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
        <span className="font-semibold text-ink">{entry.username}</span>
        <time dateTime={entry.at}>{format.dateTimeSeconds(entry.at)}</time>
        {entry.ip ? <span>{t('audit.from', { ip: entry.ip })}</span> : null}
      </p>
      {entry.target ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('audit.target')}:{' '}
          {href ? (
            <Link href={href} className="font-mono font-semibold break-all text-brand-800 hover:underline">
              {entry.target}
            </Link>
          ) : (
            <span className="font-mono break-all">{entry.target}</span>
          )}
        </p>
      ) : null}
      {hasChanges ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">{t('audit.showChanges')}</summary>
          <div className="mt-2">
            <DiffView before={entry.before} after={entry.after} />
          </div>
        </details>
      ) : null}
    </li>
  );
}
