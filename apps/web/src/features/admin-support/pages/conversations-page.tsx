import type { AdminConversation } from '@esim/contract/support';
import { ChevronRight, MessagesSquare } from 'lucide-react';
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
import { type ConversationFilters, useConversations } from '../api/conversations.ts';
import { ReviewedBadge } from '../components/badges.tsx';
import { ConversationPanel } from '../components/conversation-panel.tsx';

const PATH = '/admin/conversations';

/** The screen's state in the address: filters and the open conversation (`?id=`). */
function readSearch(search: string): { filters: ConversationFilters; id: number | null } {
  const params = new URLSearchParams(search);
  const reviewed = params.get('reviewed') ?? '';
  const rawId = params.get('id') ?? '';
  return {
    filters: {
      q: (params.get('q') ?? '').slice(0, 200),
      reviewed: reviewed === 'true' || reviewed === 'false' ? reviewed : '',
    },
    id: /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null,
  };
}

/**
 * `/admin/conversations` (issue 11 "Admins see ... chat conversations"): the chat assistant's
 * conversations of the last 30 days, newest last message first, each with its first question,
 * message count, language and review mark; a search in every message and the session id, a
 * reviewed filter, "load more" pages; opening one (`?id=<id>`) shows it as chat bubbles with the
 * sources and kind of every answer, and "Mark reviewed". The view lives in the address.
 */
export default function ConversationsPage() {
  const { t } = useTranslation(['admin-support', 'admin']);
  const search = useSearch();
  const [, navigate] = useLocation();
  const { filters, id } = useMemo(() => readSearch(search), [search]);
  const query = useConversations(filters);
  const conversations = query.data?.pages.flatMap((p) => p.conversations) ?? [];
  const filtered = Boolean(filters.q || filters.reviewed);
  const openedFrom = useRef<number | null>(null);

  const update = (next: Partial<ConversationFilters> & { id?: number | null }) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '' || value === undefined) params.delete(key);
      else params.set(key, String(value));
    }
    const text = params.toString();
    navigate(`${PATH}${text ? `?${text}` : ''}`, { replace: !('id' in next) });
  };

  const pageError = query.isFetchNextPageError ? query.error : null;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (pageError && reported.current !== pageError) {
      reported.current = pageError;
      toastAdminFailure(t('errors.fetchConversations'), pageError, t('admin:offline'));
    }
  }, [pageError, t]);

  return (
    <AdminPage
      title={t('admin:nav.conversations')}
      lead={t('conversations.lead')}
      actions={<RefreshButton query={query} />}
    >
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-end">
        <SearchForm
          label={t('conversations.searchLabel')}
          placeholder={t('conversations.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-700">
          {t('conversations.reviewedLabel')}
          <select
            value={filters.reviewed}
            onChange={(event) => update({ reviewed: event.target.value as ConversationFilters['reviewed'] })}
            className="mt-1 h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-sm font-normal text-ink md:w-48"
          >
            <option value="">{t('conversations.anyReview')}</option>
            <option value="false">{t('conversations.notReviewed')}</option>
            <option value="true">{t('conversations.reviewed')}</option>
          </select>
        </label>
      </div>

      <div className="mt-4">
        {query.isError && !query.data ? (
          <QueryError
            title={t('errors.fetchConversations')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.isPending ? (
          <Spinner label={t('admin:loading')} className="min-h-[30vh]" />
        ) : conversations.length === 0 ? (
          <EmptyState
            icon={<MessagesSquare className="size-8" />}
            title={filtered ? t('conversations.noMatchTitle') : t('conversations.emptyTitle')}
          >
            {filtered ? t('conversations.noMatch') : t('conversations.empty')}
          </EmptyState>
        ) : (
          <>
            <ul
              aria-label={t('conversations.listLabel')}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              {conversations.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  current={conversation.id === id}
                  onOpen={() => {
                    openedFrom.current = conversation.id;
                    update({ id: conversation.id });
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

      <ConversationPanel
        id={id}
        onClose={() => update({ id: null })}
        returnFocusTo={() =>
          openedFrom.current === null
            ? null
            : document.querySelector<HTMLElement>(`[data-conversation-id="${openedFrom.current}"]`)
        }
      />
    </AdminPage>
  );
}

function ConversationRow({
  conversation,
  onOpen,
  current,
}: {
  conversation: AdminConversation;
  onOpen: () => void;
  current: boolean;
}) {
  const { t } = useTranslation('admin-support');
  const format = useAdminFormat();
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <button
        type="button"
        data-conversation-id={conversation.id}
        onClick={onOpen}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50',
          current && 'bg-brand-50',
        )}
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className={cn(
                'min-w-0 font-semibold break-words',
                conversation.firstQuestion ? 'text-ink' : 'text-slate-600 italic',
              )}
            >
              {conversation.firstQuestion ?? t('conversations.noQuestion')}
            </span>
            <ReviewedBadge reviewed={conversation.reviewedAt !== null} />
          </span>
          <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{t('conversations.messages', { count: conversation.messageCount })}</span>
            <span className="uppercase">{conversation.language}</span>
            <time dateTime={conversation.lastMessageAt}>{format.dateTime(conversation.lastMessageAt)}</time>
            <span className="font-mono break-all">{conversation.sessionId}</span>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
      </button>
    </li>
  );
}
