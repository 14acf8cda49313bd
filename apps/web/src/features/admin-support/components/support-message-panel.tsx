import type { AdminSupportMessageDetail } from '@esim/contract/support';
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeToasts } from '../../../admin-kit/admin-error.ts';
import { Facts, MarkButton, PanelSection, RecordView } from '../../../admin-kit/components/side-panel.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useLanguageName } from '../../../admin-kit/hooks/use-language-name.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useSetSupportMessageStatus } from '../api/support-messages.ts';
import { SupportStatusBadge } from './badges.tsx';

/**
 * The `mailto:` link that answers a support message from the admin's mail program: to the
 * sender, with `subject` (`Re: [SUP-…] <subject>`, so the reference stays in the thread).
 */
export function replyHref(
  message: Pick<AdminSupportMessageDetail, 'email' | 'reference' | 'subject'>,
  subject: string,
): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * One support message in the list's side panel: reference, sender, language, when it arrived,
 * status (and who answered it, when), the message as written, a "Reply by e-mail" link with the
 * reference in the subject, and "Mark answered" / "Reopen" with a toast either way.
 */
export function SupportMessageDetails({ message }: { message: AdminSupportMessageDetail }) {
  const { t } = useTranslation('admin-support');
  const format = useAdminFormat();
  const languageName = useLanguageName();
  const update = useSetSupportMessageStatus();
  const answered = message.status === 'answered';
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
  const toggle = () =>
    update.mutate(
      { id: message.id, status: answered ? 'open' : 'answered' },
      changeToasts(
        (next) => (next.status === 'answered' ? t('messages.panel.markedAnswered') : t('messages.panel.reopened')),
        t('errors.updateMessage'),
        t('admin:offline'),
      ),
    );
  return (
    <RecordView
      facts={<Facts facts={facts} />}
      actions={
        <>
          <a href={replyHref(message, replySubject)} className={buttonClass('primary', 'sm')}>
            <Mail aria-hidden="true" className="size-4" />
            {t('messages.panel.reply')}
          </a>
          <MarkButton
            marked={answered}
            pending={update.isPending}
            onToggle={toggle}
            labels={{
              mark: t('messages.panel.markAnswered'),
              unmark: t('messages.panel.reopen'),
              saving: t('messages.panel.saving'),
            }}
          />
        </>
      }
    >
      <PanelSection heading={t('messages.panel.message')}>
        <p className="mt-2 text-base leading-7 whitespace-pre-wrap break-words text-ink">{message.message}</p>
      </PanelSection>
    </RecordView>
  );
}
