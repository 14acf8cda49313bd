import type { SupportMessageStatus } from '@esim/contract/support';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../../admin-kit/components/admin-list.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { readChoice, readQuery, readRecordId, useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { useRecordPanel } from '../../../admin-kit/hooks/use-record-panel.ts';
import { cn } from '../../../lib/cn.ts';
import { type SupportMessageFilters, supportMessages } from '../api/support-messages.ts';
import { SupportStatusBadge } from '../components/badges.tsx';
import { SupportMessageDetails } from '../components/support-message-panel.tsx';

const STATUSES: readonly SupportMessageStatus[] = ['open', 'answered'];

/** The screen's view in the address: filters and the open message (`?id=`, the desk e-mail's link). */
function readView(search: string): { filters: SupportMessageFilters; id: number | null } {
  const params = new URLSearchParams(search);
  return {
    filters: { status: readChoice(params, 'status', STATUSES), q: readQuery(params) },
    id: readRecordId(params),
  };
}

/**
 * `/admin/support-messages`: the contact form's messages newest first, with status buttons (all,
 * open, answered, each with its count), a search by name, e-mail, subject or `SUP-` reference,
 * and "Load more" pages; opening one (`?id=<id>`, also the link of the support desk's e-mail)
 * shows it in a side panel with "Reply by e-mail" and "Mark answered" / "Reopen".
 */
export default function SupportMessagesPage() {
  const { t } = useTranslation(['admin-support', 'admin']);
  const address = useAddressView('/admin/support-messages', readView);
  const { filters, id } = address.view;
  const list = useAdminList(supportMessages.useList(filters), (page) => page.messages, t('errors.fetchMessages'));
  const panel = useRecordPanel(address.patch, id, supportMessages);
  const format = useAdminFormat();
  const counts = list.first?.counts;
  const tabs: { value: SupportMessageStatus | ''; label: string; count: number | undefined }[] = [
    { value: '', label: t('messages.all'), count: counts ? counts.open + counts.answered : undefined },
    { value: 'open', label: t('messages.statuses.open'), count: counts?.open },
    { value: 'answered', label: t('messages.statuses.answered'), count: counts?.answered },
  ];

  return (
    <AdminListPage
      title={t('admin:nav.supportMessages')}
      texts={(key) => t(`messages.${key}`)}
      list={list}
      errorTitle={t('errors.fetchMessages')}
      emptyIcon={Inbox}
      filtered={Boolean(filters.q || filters.status)}
      search={filters.q}
      onSearch={(q) => address.patch({ q })}
      filters={
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
                onClick={() => address.patch({ status: tab.value })}
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
      }
      row={(message) => ({
        heading: <span className="min-w-0 font-semibold break-words text-ink">{message.subject}</span>,
        badge: <SupportStatusBadge status={message.status} />,
        lines: (
          <>
            <span className="mt-0.5 block text-sm break-words text-slate-800">
              {message.name} · <span className="break-all">{message.email}</span>
            </span>
            <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">{message.preview}</span>
          </>
        ),
        meta: (
          <>
            <span className="font-mono">{message.reference}</span>
            <span className="uppercase">{message.language}</span>
            <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
          </>
        ),
      })}
      panel={{
        state: panel,
        errorTitle: t('errors.fetchMessage'),
        title: (message) => message.subject,
        view: (message) => <SupportMessageDetails message={message} />,
      }}
    />
  );
}
