import type { AdminChatMessage, AdminConversationDetail } from '@esim/contract/support';
import { Bot, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeToasts } from '../../../admin-kit/admin-error.ts';
import { Badge, type BadgeTone } from '../../../admin-kit/components/badge.tsx';
import { Facts, MarkButton, PanelSection, RecordView } from '../../../admin-kit/components/side-panel.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useLanguageName } from '../../../admin-kit/hooks/use-language-name.ts';
import { cn } from '../../../lib/cn.ts';
import { useSetConversationReviewed } from '../api/conversations.ts';
import { ReviewedBadge } from './badges.tsx';

/** The badge colour of how a reply was made: an error or "no answer" stands out. */
function kindTone(kind: string): BadgeTone {
  if (kind === 'error') return 'danger';
  if (kind === 'fallback') return 'warning';
  return 'info';
}

/**
 * One chat conversation in the list's side panel: session, language, engine, times, review mark,
 * then every message as chat bubbles (the visitor's on the right, the assistant's on the left
 * with its sources, how it was made and how long it took), and "Mark reviewed" / "Mark not
 * reviewed" with a toast either way.
 */
export function ConversationDetails({ conversation }: { conversation: AdminConversationDetail }) {
  const { t } = useTranslation('admin-support');
  const format = useAdminFormat();
  const languageName = useLanguageName();
  const update = useSetConversationReviewed();
  const reviewed = conversation.reviewedAt !== null;
  const facts: [string, ReactNode][] = [
    [t('conversations.panel.session'), <span className="font-mono text-xs break-all">{conversation.sessionId}</span>],
    [t('conversations.panel.review'), <ReviewedBadge reviewed={reviewed} />],
    [t('conversations.panel.language'), `${languageName(conversation.language)} (${conversation.language})`],
    [t('conversations.panel.engine'), t(`engines.${conversation.engine}`, { defaultValue: conversation.engine })],
    [
      t('conversations.panel.started'),
      <time dateTime={conversation.startedAt}>{format.dateTime(conversation.startedAt)}</time>,
    ],
    [
      t('conversations.panel.lastMessage'),
      <time dateTime={conversation.lastMessageAt}>{format.dateTime(conversation.lastMessageAt)}</time>,
    ],
  ];
  if (conversation.reviewedAt) {
    facts.push([
      t('conversations.panel.reviewedAt'),
      t('conversations.panel.reviewedBy', {
        when: format.dateTime(conversation.reviewedAt),
        who: conversation.reviewedBy ?? '—',
      }),
    ]);
  }
  const toggle = () =>
    update.mutate(
      { id: conversation.id, reviewed: !reviewed },
      changeToasts(
        (next) => (next.reviewedAt ? t('conversations.panel.markedReviewed') : t('conversations.panel.unmarked')),
        t('errors.updateConversation'),
        t('admin:offline'),
      ),
    );
  return (
    <RecordView
      facts={<Facts facts={facts} />}
      actions={
        <MarkButton
          marked={reviewed}
          pending={update.isPending}
          onToggle={toggle}
          primaryWhenUnmarked
          labels={{
            mark: t('conversations.panel.markReviewed'),
            unmark: t('conversations.panel.unmarkReviewed'),
            saving: t('conversations.panel.saving'),
          }}
        />
      }
    >
      <PanelSection
        heading={t('conversations.panel.messagesHeading', { count: conversation.messages.length })}
        className="p-3 sm:p-4"
      >
        {conversation.messages.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('conversations.panel.noMessages')}</p>
        ) : (
          <ol className="mt-3 flex flex-col gap-3">
            {conversation.messages.map((message) => (
              <ChatBubble key={message.id} message={message} />
            ))}
          </ol>
        )}
      </PanelSection>
    </RecordView>
  );
}

/** One message: the visitor's on the right (brand colour), the assistant's on the left with its sources and facts. */
function ChatBubble({ message }: { message: AdminChatMessage }) {
  const { t } = useTranslation('admin-support');
  const format = useAdminFormat();
  const fromVisitor = message.sender === 'user';
  return (
    <li className={cn('flex gap-2', fromVisitor ? 'flex-row-reverse' : 'flex-row')}>
      <span
        aria-hidden="true"
        className={cn(
          'mt-5 inline-flex size-7 shrink-0 items-center justify-center rounded-full',
          fromVisitor ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700',
        )}
      >
        {fromVisitor ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={cn('flex max-w-[85%] min-w-0 flex-col', fromVisitor ? 'items-end' : 'items-start')}>
        <p className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <span className="font-semibold text-slate-700">
            {fromVisitor ? t('conversations.panel.visitor') : t('conversations.panel.assistant')}
          </span>
          <time dateTime={message.createdAt}>{format.dateTimeSeconds(message.createdAt)}</time>
        </p>
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2.5 text-sm leading-6 whitespace-pre-wrap break-words',
            fromVisitor
              ? 'rounded-tr-sm bg-brand-700 text-white'
              : 'rounded-tl-sm bg-slate-100 text-ink ring-1 ring-slate-200',
          )}
        >
          {message.message}
        </div>
        {!fromVisitor && (message.sources.length > 0 || message.kind || message.latencyMs !== null) ? (
          <div className="mt-1.5 flex flex-col gap-1.5 text-xs text-slate-700">
            {message.sources.length > 0 ? (
              <div>
                <span className="font-semibold">{t('conversations.panel.sources')}:</span>
                <ul className="mt-0.5 list-disc pl-5">
                  {message.sources.map((source, i) => (
                    <li key={`${source.title}-${i}`} className="break-words">
                      {source.url ? (
                        <a
                          href={source.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-800 underline"
                        >
                          {source.title}
                          <span className="sr-only"> {t('conversations.panel.newTab')}</span>
                        </a>
                      ) : (
                        source.title
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              {message.kind ? (
                <Badge tone={kindTone(message.kind)}>
                  <span className="sr-only">{t('conversations.panel.kind')}: </span>
                  {t(`conversations.kinds.${message.kind}`, { defaultValue: message.kind })}
                </Badge>
              ) : null}
              {message.latencyMs !== null ? (
                <span>{t('conversations.panel.latency', { ms: format.count(message.latencyMs) })}</span>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
    </li>
  );
}
