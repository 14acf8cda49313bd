import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../../admin-kit/components/admin-list.tsx';
import { FilterSelect } from '../../../admin-kit/components/filter-select.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { readChoice, readQuery, readRecordId, useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { useRecordPanel } from '../../../admin-kit/hooks/use-record-panel.ts';
import { cn } from '../../../lib/cn.ts';
import { type ConversationFilters, conversations } from '../api/conversations.ts';
import { ReviewedBadge } from '../components/badges.tsx';
import { ConversationDetails } from '../components/conversation-panel.tsx';

/** The screen's view in the address: filters and the open conversation (`?id=`). */
function readView(search: string): { filters: ConversationFilters; id: number | null } {
  const params = new URLSearchParams(search);
  return {
    filters: { q: readQuery(params), reviewed: readChoice(params, 'reviewed', ['true', 'false'] as const) },
    id: readRecordId(params),
  };
}

/**
 * `/admin/conversations`: the chat assistant's conversations of the last 30 days, newest last
 * message first, each with its first question, message count, language and review mark; a search
 * in every message and the session id, a review filter and "Load more" pages; opening one
 * (`?id=<id>`) shows it as chat bubbles with the sources and kind of every answer, and "Mark
 * reviewed".
 */
export default function ConversationsPage() {
  const { t } = useTranslation(['admin-support', 'admin']);
  const address = useAddressView('/admin/conversations', readView);
  const { filters, id } = address.view;
  const list = useAdminList(
    conversations.useList(filters),
    (page) => page.conversations,
    t('errors.fetchConversations'),
  );
  const panel = useRecordPanel(address.patch, id, conversations);
  const format = useAdminFormat();

  return (
    <AdminListPage
      title={t('admin:nav.conversations')}
      texts={(key) => t(`conversations.${key}`)}
      list={list}
      errorTitle={t('errors.fetchConversations')}
      emptyIcon={MessagesSquare}
      filtered={Boolean(filters.q || filters.reviewed)}
      search={filters.q}
      onSearch={(q) => address.patch({ q })}
      filters={
        <FilterSelect
          label={t('conversations.reviewedLabel')}
          value={filters.reviewed}
          onChange={(reviewed) => address.patch({ reviewed })}
          selectClassName="md:w-48"
          options={[
            { value: '', label: t('conversations.anyReview') },
            { value: 'false', label: t('conversations.notReviewed') },
            { value: 'true', label: t('conversations.reviewed') },
          ]}
        />
      }
      row={(conversation) => ({
        heading: (
          <span
            className={cn(
              'min-w-0 font-semibold break-words',
              conversation.firstQuestion ? 'text-ink' : 'text-slate-600 italic',
            )}
          >
            {conversation.firstQuestion ?? t('conversations.noQuestion')}
          </span>
        ),
        badge: <ReviewedBadge reviewed={conversation.reviewedAt !== null} />,
        meta: (
          <>
            <span>{t('conversations.messages', { count: conversation.messageCount })}</span>
            <span className="uppercase">{conversation.language}</span>
            <time dateTime={conversation.lastMessageAt}>{format.dateTime(conversation.lastMessageAt)}</time>
            <span className="font-mono break-all">{conversation.sessionId}</span>
          </>
        ),
      })}
      panel={{
        state: panel,
        errorTitle: t('errors.fetchConversation'),
        view: (conversation) => <ConversationDetails conversation={conversation} />,
      }}
    />
  );
}
