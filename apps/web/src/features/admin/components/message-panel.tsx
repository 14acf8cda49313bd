import type { OutboxMessageDetail } from '@esim/contract/admin';
import { EyeOff, Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { changeToasts } from '../../../admin-kit/admin-error.ts';
import { ConfirmButton } from '../../../admin-kit/components/confirm-button.tsx';
import { EmailStatusBadge } from '../../../admin-kit/components/email-status-badge.tsx';
import { RecordView } from '../../../admin-kit/components/side-panel.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useResendEmail } from '../api/emails.ts';
import { useTemplateName } from '../hooks/use-template-name.ts';

/**
 * One Outbox message in the list's side panel: recipient, status, dates, order link, and tabs
 * with the message as it was sent (its HTML copy from `GET /api/admin/emails/{id}/html` in an
 * `<iframe>` with an empty `sandbox`: no script, no form, no navigation of the admin page; the
 * server's CSP lets only this origin frame it), its text version and its inline images; "Resend"
 * after a confirmation, with a toast either way.
 */
export function OutboxMessageDetails({ message }: { message: OutboxMessageDetail }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const resend = useResendEmail();
  const templateName = useTemplateName();
  const onResend = () =>
    resend.mutate(
      message.id,
      changeToasts(({ message: copy }) => t('outbox.panel.resent', { to: copy.to }), t('errors.resend'), t('offline')),
    );
  const facts: [string, ReactNode][] = [
    [t('outbox.panel.to'), <span className="break-all">{message.to}</span>],
    [t('outbox.status'), <EmailStatusBadge status={message.status} />],
    [t('outbox.template'), templateName(message.template)],
    [t('outbox.panel.language'), message.language.toUpperCase()],
    [t('outbox.panel.created'), <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>],
    [
      t('outbox.panel.sent'),
      message.sentAt ? <time dateTime={message.sentAt}>{format.dateTime(message.sentAt)}</time> : '—',
    ],
  ];
  return (
    <RecordView
      facts={
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="flex min-w-0 gap-2">
              <dt className="shrink-0 font-semibold text-slate-600">{label}</dt>
              <dd className="min-w-0 text-ink">{value}</dd>
            </div>
          ))}
          {message.orderNumber ? (
            <div className="flex min-w-0 gap-2">
              <dt className="shrink-0 font-semibold text-slate-600">{t('outbox.panel.order')}</dt>
              <dd>
                <Link
                  href={`/admin/orders/${message.orderNumber}`}
                  className="font-mono font-semibold text-brand-800 hover:underline"
                >
                  {message.orderNumber}
                </Link>
              </dd>
            </div>
          ) : null}
          {message.error ? (
            <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
              <dt className="font-semibold text-slate-600">{t('outbox.panel.error')}</dt>
              <dd className="break-words text-red-800">{message.error}</dd>
            </div>
          ) : null}
        </dl>
      }
      actions={
        <>
          <ConfirmButton
            variant="primary"
            disabled={!message.resendable}
            busy={resend.isPending}
            title={t('outbox.panel.confirmTitle')}
            description={t('outbox.panel.confirmBody', { subject: message.subject, to: message.to })}
            confirmLabel={t('outbox.panel.confirm')}
            cancelLabel={t('common.cancel')}
            onConfirm={onResend}
          >
            <Send aria-hidden="true" className="size-4" />
            {resend.isPending ? t('outbox.panel.resending') : t('outbox.panel.resend')}
          </ConfirmButton>
          {!message.resendable ? <p className="text-sm text-slate-600">{t('outbox.panel.notResendable')}</p> : null}
        </>
      }
    >
      {message.redacted ? (
        <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <EyeOff aria-hidden="true" className="size-4 shrink-0" />
          {t('outbox.panel.redacted')}
        </p>
      ) : null}

      <Tabs.Root defaultValue="html" className="flex flex-col">
        <Tabs.List
          aria-label={t('outbox.panel.tabsLabel')}
          className="flex gap-1 overflow-x-auto border-b border-slate-200"
        >
          {(['html', 'text', 'images'] as const).map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 hover:text-ink data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
            >
              {t(`outbox.panel.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="html" className="pt-3">
          <iframe
            src={message.htmlUrl}
            sandbox=""
            referrerPolicy="no-referrer"
            title={t('outbox.panel.frameTitle', { subject: message.subject })}
            className="h-[65vh] min-h-96 w-full rounded-xl border border-slate-200 bg-white"
          />
        </Tabs.Content>
        <Tabs.Content value="text" className="pt-3">
          <pre className="max-h-[65vh] overflow-auto rounded-xl bg-white p-4 font-mono text-xs whitespace-pre-wrap break-words text-ink ring-1 ring-slate-200">
            {message.text}
          </pre>
        </Tabs.Content>
        <Tabs.Content value="images" className="pt-3">
          {message.attachments.length === 0 ? (
            <p className="text-sm text-slate-600">{t('outbox.panel.noImages')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl bg-white text-sm ring-1 ring-slate-200">
              {message.attachments.map((a) => (
                <li key={a.cid} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                  <span className="font-mono break-all">{a.filename}</span>
                  <span className="text-slate-600">
                    {a.contentType} · {t('outbox.panel.size', { size: format.count(Math.ceil(a.sizeBytes / 1024)) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </RecordView>
  );
}
