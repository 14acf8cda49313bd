import type { EmailStatus, OutboxMessage } from '@esim/contract/admin';
import { ChevronRight, Mail } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { type OutboxFilters, useEmails } from '../api/get-emails.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { EmailStatusBadge } from '../components/email-status-badge.tsx';
import { MessagePanel } from '../components/message-panel.tsx';
import { EmptyState, LoadMore, QueryError } from '../components/query-state.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useAdminFormat } from '../hooks/use-admin-format.ts';
import { useTemplateName } from '../hooks/use-template-name.ts';
import { RefreshButton } from '../components/refresh-button.tsx';

const STATUSES: readonly EmailStatus[] = ['stored', 'sent', 'failed'];

/** The Outbox's state in the address: filters and the open message (`?id=`, the order timeline's deep link). */
function readSearch(search: string): { filters: OutboxFilters; id: number | null } {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const rawId = params.get('id') ?? '';
  return {
    filters: {
      q: (params.get('q') ?? '').slice(0, 200),
      template: /^[a-z0-9][a-z0-9-]{0,63}$/.test(params.get('template') ?? '') ? params.get('template')! : '',
      status: (STATUSES as readonly string[]).includes(status) ? (status as EmailStatus) : '',
    },
    id: /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null,
  };
}

/**
 * `/admin/outbox` (issue 10 "Outbox: every e-mail the store sent or stored, opened as it was
 * sent, with resend"): the messages newest first, searchable by recipient, subject or order
 * number and filtered by template and status, with "load more" pages; opening one (`?id=<id>`,
 * also a deep link from an order's timeline) shows it in a panel with its HTML copy in a
 * sandboxed frame, its text version and a resend action. Filters live in the address, so the back
 * button and shared links keep them. Rows are cards that wrap at 360 px.
 */
export default function OutboxPage() {
  const { t } = useTranslation('admin');
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, id } = useMemo(() => readSearch(search), [search]);
  const templateName = useTemplateName();
  const query = useEmails(filters);
  const messages = query.data?.pages.flatMap((p) => p.messages) ?? [];
  const templates = query.data?.pages[0]?.templates ?? [];
  const filtered = Boolean(filters.q || filters.template || filters.status);
  // The message last opened from the list, whose row gets the focus back when the panel closes.
  const openedFrom = useRef<number | null>(null);

  const update = (next: Partial<OutboxFilters> & { id?: number | null }) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '' || value === undefined) params.delete(key);
      else params.set(key, String(value));
    }
    const text = params.toString();
    navigate(`/admin/outbox${text ? `?${text}` : ''}`, { replace: !('id' in next) });
  };

  return (
    <AdminPage title={t('nav.outbox')} lead={t('outbox.lead')} actions={<RefreshButton query={query} />}>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-end">
        <SearchForm
          label={t('outbox.searchLabel')}
          placeholder={t('outbox.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <div className="grid grid-cols-2 gap-3 md:flex">
          <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-700">
            {t('outbox.template')}
            <select
              value={filters.template}
              onChange={(event) => update({ template: event.target.value })}
              className="mt-1 h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-sm font-normal text-ink md:w-48"
            >
              <option value="">{t('outbox.anyTemplate')}</option>
              {templates.map((id) => (
                <option key={id} value={id}>
                  {templateName(id)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-700">
            {t('outbox.status')}
            <select
              value={filters.status}
              onChange={(event) => update({ status: event.target.value as EmailStatus | '' })}
              className="mt-1 h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-sm font-normal text-ink md:w-40"
            >
              <option value="">{t('outbox.anyStatus')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`outbox.statuses.${status}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <div className="mt-4">
        {query.isError && !query.data ? (
          <QueryError
            title={t('errors.fetchEmails')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.isPending ? (
          <Spinner label={t('loading')} className="min-h-[30vh]" />
        ) : messages.length === 0 ? (
          <EmptyState
            icon={<Mail className="size-8" />}
            title={filtered ? t('outbox.noMatchTitle') : t('outbox.emptyTitle')}
          >
            {filtered ? t('outbox.noMatch') : t('outbox.empty')}
          </EmptyState>
        ) : (
          <>
            <ul
              aria-label={t('outbox.listLabel')}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              {messages.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  onOpen={() => {
                    openedFrom.current = message.id;
                    update({ id: message.id });
                  }}
                  current={message.id === id}
                />
              ))}
            </ul>
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoad={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>

      <MessagePanel
        id={id}
        onClose={() => update({ id: null })}
        returnFocusTo={() =>
          openedFrom.current === null
            ? null
            : document.querySelector<HTMLElement>(`[data-message-id="${openedFrom.current}"]`)
        }
      />
    </AdminPage>
  );
}

function MessageRow({ message, onOpen, current }: { message: OutboxMessage; onOpen: () => void; current: boolean }) {
  const format = useAdminFormat();
  const templateName = useTemplateName();
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <button
        type="button"
        data-message-id={message.id}
        onClick={onOpen}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50',
          current && 'bg-brand-50',
        )}
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 font-semibold break-all text-ink">{message.to}</span>
            <EmailStatusBadge status={message.status} />
          </span>
          <span className="mt-0.5 block text-sm break-words text-slate-800">{message.subject}</span>
          <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{templateName(message.template)}</span>
            <span className="uppercase">{message.language}</span>
            {message.orderNumber ? <span className="font-mono">{message.orderNumber}</span> : null}
            <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
      </button>
    </li>
  );
}
