import { BRAND } from '@esim/contract/brand';
import { Bot, ChevronUp, Minus, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_DELAYS_MS } from '../chat-limits.ts';
import { useChatConversation } from '../hooks/use-chat-conversation.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageItem } from './chat-message-item.tsx';
import { CHAT_PANEL_ID, type ChatWidgetMode, panelFrameClass } from './panel-frame.ts';

const HEADER_BUTTON_CLASS =
  'inline-flex size-9 items-center justify-center rounded-lg text-white transition-colors hover:bg-white/15 focus-visible:outline-white';

/** Below this width the open panel covers most of the page: following a link minimises it. */
const NARROW_QUERY = '(max-width: 639px)';

/**
 * Where the message list scrolls to show its newest message: the end, or, when that message is
 * taller than the list (a long reply), its first line, so that it reads from the start.
 */
function newestScrollTop(list: HTMLElement): number {
  const newest = list.querySelector<HTMLElement>('ol > li:last-child');
  const end = list.scrollHeight - list.clientHeight;
  if (!newest || newest.offsetHeight <= list.clientHeight - 16) return end;
  return Math.min(end, newest.offsetTop - 12);
}

/**
 * The chat panel (`docs/product-rules.md#chat-assistant-and-knowledge-base`): a non-modal dialog with a 3rem header
 * (title, online hint, minimise/restore and close), the conversation as a polite live log
 * (welcome message, messages with their times, sources under assistant replies, the typing
 * indicator "Typing a reply…" while a request is pending), and the input. The log scrolls to the
 * newest message (to the start of a reply taller than the list) at once, after 100 ms and after
 * 500 ms (`SCROLL_DELAYS_MS`). Loaded lazily by the launcher (`chat-widget.tsx`), whose state it shows.
 */
export default function ChatPanel({
  mode,
  focusRequest,
  onToggleMinimised,
  onClose,
  onReply,
}: {
  mode: ChatWidgetMode;
  /** Changes whenever the input should take the focus (the panel opened or was restored). */
  focusRequest: number;
  onToggleMinimised: () => void;
  onClose: () => void;
  /** A reply arrived (the launcher marks it when the panel is not open). */
  onReply?: () => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const { startedAt, messages, pending, send } = useChatConversation(onReply);
  const log = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const minimised = mode === 'minimised';
  const open = mode === 'open';

  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' }),
    [i18n.resolvedLanguage],
  );
  const formatTime = useCallback((date: Date) => timeFormat.format(date), [timeFormat]);

  // Focus on open and restore (the input is enabled unless a request is pending).
  useEffect(() => {
    if (open && focusRequest > 0) input.current?.focus();
  }, [open, focusRequest]);

  // The newest message in view: on every new message, while typing, and when the list shows again.
  useEffect(() => {
    if (!open) return;
    const toNewest = () => {
      const element = log.current;
      if (element) element.scrollTop = newestScrollTop(element);
    };
    toNewest();
    const timers = SCROLL_DELAYS_MS.map((ms) => window.setTimeout(toNewest, ms));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [open, messages.length, pending]);

  const onNavigate = useCallback(() => {
    if (window.matchMedia(NARROW_QUERY).matches && !minimised) onToggleMinimised();
  }, [minimised, onToggleMinimised]);

  const bodyId = `${CHAT_PANEL_ID}-body`;
  return (
    <section
      id={CHAT_PANEL_ID}
      role="dialog"
      aria-label={t('common:chat.dialog', { brand: BRAND })}
      hidden={mode === 'closed'}
      className={panelFrameClass(minimised)}
      data-state={mode}
    >
      <header className="flex h-12 shrink-0 items-center gap-2.5 bg-brand-700 ps-3 pe-1.5 text-white">
        <span
          aria-hidden="true"
          className="relative inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white/15"
        >
          <Bot className="size-5" />
          <span className="absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full border-2 border-brand-700 bg-emerald-300" />
        </span>
        <div className="min-w-0 flex-1 leading-tight">
          <h2 className="truncate text-sm font-semibold">{t('title', { brand: BRAND })}</h2>
          <p className="truncate text-xs text-brand-100">{t('online')}</p>
        </div>
        <button
          type="button"
          className={HEADER_BUTTON_CLASS}
          aria-label={minimised ? t('restore') : t('minimise')}
          aria-expanded={!minimised}
          aria-controls={bodyId}
          onClick={onToggleMinimised}
        >
          {minimised ? (
            <ChevronUp aria-hidden="true" className="size-5" />
          ) : (
            <Minus aria-hidden="true" className="size-5" />
          )}
        </button>
        <button type="button" className={HEADER_BUTTON_CLASS} aria-label={t('close')} onClick={onClose}>
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>
      <div id={bodyId} hidden={minimised} className="flex min-h-0 flex-1 flex-col">
        <div
          ref={log}
          role="log"
          aria-live="polite"
          aria-label={t('log')}
          // Scrollable: reachable by keyboard even when it holds no link.
          tabIndex={0}
          className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 focus-visible:outline-offset-[-2px]"
        >
          <ol className="space-y-3">
            <ChatMessageItem
              message={{ sender: 'agent', message: t('welcome'), timestamp: startedAt }}
              formatTime={formatTime}
            />
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} formatTime={formatTime} onNavigate={onNavigate} />
            ))}
            {pending && (
              <li className="flex items-start" data-testid="chat-typing">
                <p className="flex items-center gap-2 rounded-2xl rounded-bl-md border border-slate-200 bg-white px-3.5 py-2.5 text-sm text-slate-700">
                  <span aria-hidden="true" className="flex gap-1">
                    <span className="size-1.5 animate-bounce rounded-full bg-brand-600 [animation-delay:-0.3s]" />
                    <span className="size-1.5 animate-bounce rounded-full bg-brand-600 [animation-delay:-0.15s]" />
                    <span className="size-1.5 animate-bounce rounded-full bg-brand-600" />
                  </span>
                  {t('typing')}
                </p>
              </li>
            )}
          </ol>
        </div>
        <ChatComposer pending={pending} active={open} onSend={send} inputRef={input} />
      </div>
    </section>
  );
}
