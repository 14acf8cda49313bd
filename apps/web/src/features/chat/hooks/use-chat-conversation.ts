import type { ChatSource } from '@esim/contract/chat';
import { isLanguage } from '@esim/contract/languages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../../../lib/api-error.ts';
import { sendChatMessage } from '../api/send-chat-message.ts';
import {
  type ChatMessage,
  type StoredConversation,
  chatSessionId,
  loadConversation,
  randomString,
  saveConversation,
} from '../chat-storage.ts';

/** What {@link useChatConversation} gives the panel. */
export interface ChatConversation {
  /** When the conversation started (the welcome message's time), ISO 8601. */
  startedAt: string;
  messages: ChatMessage[];
  /** A request is on its way: the typing indicator shows, input and send are disabled. */
  pending: boolean;
  /**
   * Sends `text` trimmed: nothing for blank text or while a request is pending; otherwise the
   * visitor's message is appended at once and the reply (or the localised error) when it comes.
   * @returns true when the reply arrived (the input may be cleared), false otherwise (keep it).
   */
  send: (text: string) => Promise<boolean>;
}

function localId(prefix: string): string {
  return `${prefix}-${Date.now()}-${randomString(6)}`;
}

/**
 * The conversation of this tab: restored from session storage, saved after every change, and
 * sent through `POST /api/anythingllm/chat` with the tab's chat session id and the page's
 * language. A failure (HTTP error or network) is logged with `console.error`, marks the
 * visitor's message as not delivered and adds an agent message with the localised error; a 429
 * says how long to wait (`Retry-After`).
 */
export function useChatConversation(
  /** Called when a reply (or the error reply) has been appended. */
  onReply?: () => void,
): ChatConversation {
  const { t, i18n } = useTranslation('chat');
  const [conversation, setConversation] = useState<StoredConversation>(
    () => loadConversation() ?? { startedAt: new Date().toISOString(), messages: [] },
  );
  const [pending, setPending] = useState(false);
  // A second Enter can land before React re-renders with `pending`: the ref answers at once.
  const inFlight = useRef(false);
  const replied = useRef(onReply);
  useEffect(() => {
    replied.current = onReply;
  }, [onReply]);

  useEffect(() => saveConversation(conversation), [conversation]);

  const append = useCallback((message: ChatMessage) => {
    setConversation((c) => ({ ...c, messages: [...c.messages, message] }));
  }, []);

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || inFlight.current) return false;
      inFlight.current = true;
      setPending(true);
      const userMessage: ChatMessage = {
        id: localId('user'),
        sender: 'user',
        message,
        timestamp: new Date().toISOString(),
      };
      append(userMessage);
      try {
        const reply = await sendChatMessage({
          message,
          mode: 'chat',
          sessionId: chatSessionId(),
          reset: false,
          ...(isLanguage(i18n.resolvedLanguage) ? { language: i18n.resolvedLanguage } : {}),
        });
        const sources: ChatSource[] = Array.isArray(reply.sources) ? reply.sources : [];
        append({
          id: reply.id || localId('agent'),
          sender: 'agent',
          message: reply.textResponse,
          timestamp: new Date().toISOString(),
          ...(sources.length ? { sources } : {}),
        });
        replied.current?.();
        return true;
      } catch (error) {
        console.error('Chat request failed', error);
        const info = readApiError(error);
        const text =
          info?.status === 429
            ? info.retryAfterS
              ? t('errors.rateLimited', { seconds: info.retryAfterS })
              : t('errors.rateLimitedSoon')
            : t('errors.failed');
        setConversation((c) => ({
          ...c,
          messages: [
            ...c.messages.map((m) => (m.id === userMessage.id ? { ...m, status: 'failed' as const } : m)),
            {
              id: localId('error'),
              sender: 'agent',
              message: text,
              timestamp: new Date().toISOString(),
              status: 'error',
            },
          ],
        }));
        replied.current?.();
        return false;
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [append, i18n, t],
  );

  return { startedAt: conversation.startedAt, messages: conversation.messages, pending, send };
}
