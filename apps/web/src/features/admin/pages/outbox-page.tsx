import type { EmailStatus } from '@esim/contract/admin';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../../admin-kit/components/admin-list.tsx';
import { EmailStatusBadge } from '../../../admin-kit/components/email-status-badge.tsx';
import { FilterSelect } from '../../../admin-kit/components/filter-select.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useAdminList } from '../../../admin-kit/hooks/use-admin-list.ts';
import { readChoice, readQuery, readRecordId, useAddressView } from '../../../admin-kit/hooks/use-address-view.ts';
import { useRecordPanel } from '../../../admin-kit/hooks/use-record-panel.ts';
import { type OutboxFilters, emails } from '../api/emails.ts';
import { OutboxMessageDetails } from '../components/message-panel.tsx';
import { useTemplateName } from '../hooks/use-template-name.ts';

const STATUSES: readonly EmailStatus[] = ['stored', 'sent', 'failed'];

/** The Outbox's view in the address: filters and the open message (`?id=`, the order timeline's deep link). */
function readView(search: string): { filters: OutboxFilters; id: number | null } {
  const params = new URLSearchParams(search);
  const template = params.get('template') ?? '';
  return {
    filters: {
      q: readQuery(params),
      template: /^[a-z0-9][a-z0-9-]{0,63}$/.test(template) ? template : '',
      status: readChoice(params, 'status', STATUSES),
    },
    id: readRecordId(params),
  };
}

/**
 * `/admin/outbox`: every e-mail the store sent or stored, newest first, searchable by recipient,
 * subject or order number and filtered by template and status, with "Load more" pages; opening
 * one (`?id=<id>`, also a deep link from an order's timeline) shows it in a side panel with its
 * HTML copy in a sandboxed frame, its text version and a resend action.
 */
export default function OutboxPage() {
  const { t } = useTranslation('admin');
  const address = useAddressView('/admin/outbox', readView);
  const { filters, id } = address.view;
  const templateName = useTemplateName();
  const format = useAdminFormat();
  const list = useAdminList(emails.useList(filters), (page) => page.messages);
  const panel = useRecordPanel(address.patch, id, emails);
  const templates = list.first?.templates ?? [];

  return (
    <AdminListPage
      title={t('nav.outbox')}
      texts={(key) => t(`outbox.${key}`)}
      list={list}
      errorTitle={t('errors.fetchEmails')}
      emptyIcon={Mail}
      filtered={Boolean(filters.q || filters.template || filters.status)}
      search={filters.q}
      onSearch={(q) => address.patch({ q })}
      filters={
        <div className="grid grid-cols-2 gap-3 md:flex">
          <FilterSelect
            label={t('outbox.template')}
            value={filters.template}
            onChange={(template) => address.patch({ template })}
            selectClassName="md:w-48"
            options={[
              { value: '', label: t('outbox.anyTemplate') },
              ...templates.map((template) => ({ value: template, label: templateName(template) })),
            ]}
          />
          <FilterSelect
            label={t('outbox.status')}
            value={filters.status}
            onChange={(status) => address.patch({ status })}
            selectClassName="md:w-40"
            options={[
              { value: '', label: t('outbox.anyStatus') },
              ...STATUSES.map((status) => ({ value: status, label: t(`outbox.statuses.${status}`) })),
            ]}
          />
        </div>
      }
      row={(message) => ({
        heading: <span className="min-w-0 font-semibold break-all text-ink">{message.to}</span>,
        badge: <EmailStatusBadge status={message.status} />,
        lines: <span className="mt-0.5 block text-sm break-words text-slate-800">{message.subject}</span>,
        meta: (
          <>
            <span>{templateName(message.template)}</span>
            <span className="uppercase">{message.language}</span>
            {message.orderNumber ? <span className="font-mono">{message.orderNumber}</span> : null}
            <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
          </>
        ),
      })}
      panel={{
        state: panel,
        errorTitle: t('errors.fetchEmail'),
        title: (message) => message.subject,
        view: (message) => <OutboxMessageDetails message={message} />,
      }}
    />
  );
}
