import type { AuditEntry } from '@esim/contract/admin';
import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AdminListPage, type ListTextKey } from '../../../admin-kit/components/admin-list.tsx';
import { Badge } from '../../../admin-kit/components/badge.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { readQuery, useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { type AuditFilters, auditLog } from '../api/get-audit.ts';
import { DiffView } from '../components/diff-view.tsx';

/** The audit log's filters in the address: `?q=` and `?all=1` (reads too; changes only by default). */
function readFilters(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  return { q: readQuery(params), changesOnly: params.get('all') !== '1' };
}

/** The audit log's texts: its empty states are a title alone, and it opens no panel. */
const TEXT_KEYS: Partial<Record<ListTextKey, string>> = {
  lead: 'audit.lead',
  searchLabel: 'audit.searchLabel',
  searchPlaceholder: 'audit.searchPlaceholder',
  listLabel: 'audit.listLabel',
  emptyTitle: 'audit.empty',
  noMatchTitle: 'audit.noMatch',
};

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
 * `/admin/audit`: every admin call as recorded on the server (who, what, when, from where),
 * newest first, changes only by default (reads on request), searchable by admin, action or
 * target; each entry shows its answer and, for a change, a field-by-field diff of before and
 * after. Targets link to the order, message or jobs they name.
 */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const address = useAddressView('/admin/audit', readFilters);
  const filters = address.view;
  const list = useAdminList(auditLog.useList(filters), (page) => page.entries);
  return (
    <AdminListPage
      title={t('nav.audit')}
      texts={(key) => {
        const textKey = TEXT_KEYS[key];
        return textKey ? t(textKey) : '';
      }}
      list={list}
      errorTitle={t('errors.fetchAudit')}
      emptyIcon={ScrollText}
      filtered={Boolean(filters.q)}
      search={filters.q}
      onSearch={(q) => address.patch({ q })}
      filters={
        <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-700">
          <input
            type="checkbox"
            checked={filters.changesOnly}
            onChange={(event) => address.patch({ all: !event.target.checked && '1' })}
            className="size-4 accent-brand-700"
          />
          {t('audit.changesOnly')}
        </label>
      }
      card={(entry) => <AuditRow key={entry.id} entry={entry} />}
    />
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
