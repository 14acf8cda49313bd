import type { AdminSupportMessage, SupportMessageStatus } from '@esim/contract/support';
import { ChevronRight, Inbox } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { toastAdminFailure } from '../../admin/admin-error.ts';
import { AdminPage } from '../../admin/components/admin-page.tsx';
import { EmptyState, LoadMore, QueryError } from '../../admin/components/query-state.tsx';
import { RefreshButton } from '../../admin/components/refresh-button.tsx';
import { SearchForm } from '../../admin/components/search-form.tsx';
import { useAdminFormat } from '../../admin/hooks/use-admin-format.ts';
import { type SupportMessageFilters, useSupportMessages } from '../api/support-messages.ts';
import { SupportStatusBadge } from '../components/badges.tsx';
import { SupportMessagePanel } from '../components/support-message-panel.tsx';

const STATUSES: readonly SupportMessageStatus[] = ['open', 'answered'];
const PATH = '/admin/support-messages';

/** The screen's state in the address: filters and the open message (`?id=`, the desk e-mail's link). */
function readSearch(search: string): { filters: SupportMessageFilters; id: number | null } {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const rawId = params.get('id') ?? '';
  return {
    filters: {
      status: (STATUSES as readonly string[]).includes(status) ? (status as SupportMessageStatus) : '',
      q: (params.get('q') ?? '').slice(0, 200),
    },
    id: /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null,
  };
}

/**
 * `/admin/support-messages` (issue 11 "Admins see the messages ... and mark them answered"):
 * the contact form's messages newest first, with status tabs (all, open, answered, with their
 * counts), a search by name, e-mail, subject or `SUP-` reference, and "load more" pages; opening
 * one (`?id=<id>`, also the link of the support desk's e-mail) shows it in a panel with a
 * "Reply by e-mail" link and "Mark answered" / "Reopen". The view lives in the address. Rows are
 * cards that wrap at 360 px.
 */
export default function SupportMessagesPage() {
  const { t } = useTranslation(['admin-support', 'admin']);
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, id } = useMemo(() => readSearch(search), [search]);
  const query = useSupportMessages(filters);
  const messages = query.data?.pages.flatMap((p) => p.messages) ?? [];
  const counts = query.data?.pages[0]?.counts;
  const filtered = Boolean(filters.q || filters.status);
  const openedFrom = useRef<number | null>(null);

  const update = (next: Partial<SupportMessageFilters> & { id?: number | null }) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '' || value === undefined) params.delete(key);
      else params.set(key, String(value));
    }
    const text = params.toString();
    navigate(`${PATH}${text ? `?${text}` : ''}`, { replace: !('id' in next) });
  };

  // A failed "Load more" keeps the pages already shown and says so in a toast.
  const pageError = query.isFetchNextPageError ? query.error : null;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (pageError && reported.current !== pageError) {
      reported.current = pageError;
      toastAdminFailure(t('errors.fetchMessages'), pageError, t('admin:offline'));
    }
  }, [pageError, t]);

  const tabs: { value: SupportMessageStatus | ''; label: string; count: number | undefined }[] = [
    { value: '', label: t('messages.all'), count: counts ? counts.open + counts.answered : undefined },
    { value: 'open', label: t('messages.statuses.open'), count: counts?.open },
    { value: 'answered', label: t('messages.statuses.answered'), count: counts?.answered },
  ];

  return (
    <AdminPage
      title={t('admin:nav.supportMessages')}
      lead={t('messages.lead')}
      actions={<RefreshButton query={query} />}
    >
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-end">
        <SearchForm
          label={t('messages.searchLabel')}
          placeholder={t('messages.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <div
          role="group"
          aria-label={t('messages.statusLabel')}
          className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
        >
          {tabs.map((tab) => {
            const on = filters.status === tab.value;
            return (
              <button
                key={tab.value || 'all'}
                type="button"
                aria-pressed={on}
                onClick={() => update({ status: tab.value })}
                className={cn(
                  'inline-flex h-9 flex-auto items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap',
                  on ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200' : 'text-slate-700 hover:bg-white/60',
                )}
              >
                <span>{tab.label}</span>
                {tab.count !== undefined ? (
                  <span className="text-xs font-normal text-slate-600">{tab.count}</span>
                ) : null}
              </button>
            );
          })}
        </div>
      </div>

      <div className="mt-4">
        {query.isError && !query.data ? (
          <QueryError
            title={t('errors.fetchMessages')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.isPending ? (
          <Spinner label={t('admin:loading')} className="min-h-[30vh]" />
        ) : messages.length === 0 ? (
          <EmptyState
            icon={<Inbox className="size-8" />}
            title={filtered ? t('messages.noMatchTitle') : t('messages.emptyTitle')}
          >
            {filtered ? t('messages.noMatch') : t('messages.empty')}
          </EmptyState>
        ) : (
          <>
            <ul
              aria-label={t('messages.listLabel')}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              {messages.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  current={message.id === id}
                  onOpen={() => {
                    openedFrom.current = message.id;
                    update({ id: message.id });
                  }}
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

      <SupportMessagePanel
        id={id}
        onClose={() => update({ id: null })}
        returnFocusTo={() =>
          openedFrom.current === null
            ? null
            : document.querySelector<HTMLElement>(`[data-support-message-id="${openedFrom.current}"]`)
        }
      />
    </AdminPage>
  );
}

function MessageRow({
  message,
  onOpen,
  current,
}: {
  message: AdminSupportMessage;
  onOpen: () => void;
  current: boolean;
}) {
  const format = useAdminFormat();
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <button
        type="button"
        data-support-message-id={message.id}
        onClick={onOpen}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50',
          current && 'bg-brand-50',
        )}
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 font-semibold break-words text-ink">{message.subject}</span>
            <SupportStatusBadge status={message.status} />
          </span>
          <span className="mt-0.5 block text-sm break-words text-slate-800">
            {message.name} · <span className="break-all">{message.email}</span>
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">{message.preview}</span>
          <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="font-mono">{message.reference}</span>
            <span className="uppercase">{message.language}</span>
            <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
      </button>
    </li>
  );
}
