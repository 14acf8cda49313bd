import type { AdminSupportMessageDetail } from '@esim/contract/support';
import { CheckCircle2, Mail, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../admin/admin-error.ts';
import { QueryContent } from '../../admin/components/query-state.tsx';
import { useAdminFormat } from '../../admin/hooks/use-admin-format.ts';
import { useSetSupportMessageStatus, useSupportMessage } from '../api/support-messages.ts';
import { useLanguageName } from '../hooks/use-language-name.ts';
import { SupportStatusBadge } from './badges.tsx';
import { Facts, SidePanel } from '../../admin/components/side-panel.tsx';

/**
 * The `mailto:` link that answers a support message from the admin's mail program: to the
 * sender, subject `Re: [SUP-…] <subject>` so the reference stays in the thread.
 */
export function replyHref(
  message: Pick<AdminSupportMessageDetail, 'email' | 'reference' | 'subject'>,
  subject: string,
): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * One support message in a side panel (`id` null: closed): reference, sender, language, when it
 * arrived, status (and who answered it, when), the message as written, a "Reply by e-mail"
 * `mailto:` link with the reference in the subject, and "Mark answered" / "Reopen" with a toast
 * either way.
 */
export function SupportMessagePanel({
  id,
  onClose,
  returnFocusTo,
}: {
  id: number | null;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('admin-support');
  const query = useSupportMessage(id);
  return (
    <SidePanel
      open={id !== null}
      title={query.data?.subject ?? t('messages.panel.title')}
      description={t('messages.panel.description')}
      onClose={onClose}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      <QueryContent query={query} errorTitle={t('errors.fetchMessage')} notFound={t('messages.panel.notFound')}>
        {(data) => <MessageDetails message={data} />}
      </QueryContent>
    </SidePanel>
  );
}

function MessageDetails({ message }: { message: AdminSupportMessageDetail }) {
  const { t } = useTranslation('admin-support');
  const format = useAdminFormat();
  const languageName = useLanguageName();
  const update = useSetSupportMessageStatus();
  const answered = message.status === 'answered';
  const toggle = () =>
    update.mutate(
      { id: message.id, status: answered ? 'open' : 'answered' },
      {
        onSuccess: (next) =>
          void showToast(
            'success',
            next.status === 'answered' ? t('messages.panel.markedAnswered') : t('messages.panel.reopened'),
          ),
        onError: (error) => toastAdminFailure(t('errors.updateMessage'), error, t('admin:offline')),
      },
    );
  const facts: [string, ReactNode][] = [
    [t('messages.panel.reference'), <span className="font-mono font-semibold">{message.reference}</span>],
    [t('messages.statusLabel'), <SupportStatusBadge status={message.status} />],
    [
      t('messages.panel.from'),
      <>
        {message.name}{' '}
        <a href={`mailto:${message.email}`} className="break-all text-brand-800 underline">
          {message.email}
        </a>
      </>,
    ],
    [t('messages.panel.language'), `${languageName(message.language)} (${message.language})`],
    [t('messages.panel.received'), <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>],
  ];
  if (message.answeredAt) {
    facts.push([
      t('messages.panel.answered'),
      t('messages.panel.answeredBy', { when: format.dateTime(message.answeredAt), who: message.answeredBy ?? '—' }),
    ]);
  }
  const replySubject = t('messages.panel.replySubject', { reference: message.reference, subject: message.subject });
  return (
    <div className="flex flex-col gap-4">
      <Facts facts={facts} />
      <div className="flex flex-wrap items-center gap-3">
        <a href={replyHref(message, replySubject)} className={buttonClass('primary', 'sm')}>
          <Mail aria-hidden="true" className="size-4" />
          {t('messages.panel.reply')}
        </a>
        <Button variant="outline" size="sm" onClick={toggle} disabled={update.isPending} aria-busy={update.isPending}>
          {answered ? (
            <RotateCcw aria-hidden="true" className="size-4" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="size-4" />
          )}
          {update.isPending
            ? t('messages.panel.saving')
            : answered
              ? t('messages.panel.reopen')
              : t('messages.panel.markAnswered')}
        </Button>
      </div>
      <section
        aria-labelledby="support-message-text"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h3 id="support-message-text" className="text-sm font-semibold text-slate-600">
          {t('messages.panel.message')}
        </h3>
        <p className="mt-2 text-base leading-7 whitespace-pre-wrap break-words text-ink">{message.message}</p>
      </section>
    </div>
  );
}
