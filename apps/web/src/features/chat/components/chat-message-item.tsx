import type { ChatSource } from '@esim/contract/chat';
import { AlertCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import type { ChatMessage } from '../chat-storage.ts';
import { safeHref } from '../reply-text.ts';
import { ChatLink, ReplyContent } from './reply-content.tsx';

/** The source titles under an assistant reply, linked when they have a url. */
function Sources({ sources, onNavigate }: { sources: ChatSource[]; onNavigate?: () => void }) {
  const { t } = useTranslation('chat');
  const labelId = useId();
  return (
    <div className="mt-2 border-t border-slate-200 pt-2 text-xs">
      <p id={labelId} className="font-semibold text-slate-700">
        {t('sources')}
      </p>
      <ul aria-labelledby={labelId} className="mt-1 space-y-1">
        {sources.map((source, i) => {
          const target = source.url ? safeHref(source.url) : null;
          return (
            <li key={`${source.title}-${i}`} className="flex gap-1.5 text-slate-700">
              <span aria-hidden="true">•</span>
              {target ? (
                <ChatLink href={target.href} external={target.external} onNavigate={onNavigate}>
                  {source.title}
                </ChatLink>
              ) : (
                <span>{source.title}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * One message of the conversation: who wrote it (read
 * out to screen readers, shown by side and colour), its text, the sources under an assistant
 * reply, and its time in the page's language. A failure reply is marked as an error; a visitor
 * message that was not delivered says so.
 */
export function ChatMessageItem({
  message,
  formatTime,
  onNavigate,
}: {
  message: Pick<ChatMessage, 'sender' | 'message' | 'timestamp' | 'sources' | 'status'>;
  formatTime: (date: Date) => string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('chat');
  const fromUser = message.sender === 'user';
  const error = message.status === 'error';
  const date = new Date(message.timestamp);
  return (
    <li className={cn('flex flex-col gap-1', fromUser ? 'items-end' : 'items-start')} data-sender={message.sender}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed break-words',
          fromUser
            ? 'rounded-br-md bg-brand-700 text-white'
            : error
              ? 'rounded-bl-md border border-red-200 bg-red-50 text-red-800'
              : 'rounded-bl-md border border-slate-200 bg-white text-ink',
        )}
      >
        <span className="sr-only">{fromUser ? t('you') : t('assistant')}: </span>
        {fromUser ? (
          <p className="whitespace-pre-wrap">{message.message}</p>
        ) : error ? (
          <p className="flex gap-2">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{message.message}</span>
          </p>
        ) : (
          <ReplyContent text={message.message} onNavigate={onNavigate} />
        )}
        {!fromUser && message.sources && message.sources.length > 0 && (
          <Sources sources={message.sources} onNavigate={onNavigate} />
        )}
      </div>
      <p className="flex items-center gap-2 px-1 text-[11px] text-slate-600">
        <time dateTime={message.timestamp}>{formatTime(date)}</time>
        {message.status === 'failed' && <span className="font-medium text-red-700">{t('notSent')}</span>}
      </p>
    </li>
  );
}
