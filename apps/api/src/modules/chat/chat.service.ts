import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ChatResponse } from '@esim/contract/chat';
import type { Language } from '@esim/contract/languages';
import type { ChatAnswer, ChatEngine } from './chat-engine.ts';
import { CHAT_ERROR_REPLIES, chooseLanguage } from './chat-language.ts';
import type { ChatExchange } from './chat.repository.ts';

/** Where the service logs (pino's shape). */
export interface ChatLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What {@link ChatService} needs. */
export interface ChatServiceDeps {
  /** The engine `CHAT_ENGINE` chose. */
  engine: ChatEngine;
  /** Stores each exchange (`ChatRepository`). */
  conversations: { recordExchange(exchange: ChatExchange): Promise<number> };
  log: ChatLogger;
  /** The clock (tests). Default `() => new Date()`. */
  now?: () => Date;
}

/** A question as the route hands it over: the validated body and the browser's language. */
export interface ChatAsk {
  /** Trimmed, 1 to 2,000 characters (contract `chatRequestSchema`). */
  message: string;
  sessionId: string;
  /** The page's language (the body's `language`), if sent. */
  pageLanguage?: Language | undefined;
  /** The first supported language of `Accept-Language`, if any. */
  acceptLanguage?: Language | undefined;
}

/** How a reply was made, as stored in `chat_messages.kind`: an engine's kind, or `error`. */
export type StoredReplyKind = ChatAnswer['kind'] | 'error';

/**
 * What the engine's error says about itself, for the log: `reason` of the AnythingLLM adapter's
 * errors (`no_key`, `forbidden`, `abort`, `timeout`...), else the error's name.
 */
function reasonOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const reason = (error as { reason?: unknown }).reason;
    if (typeof reason === 'string') return reason;
    if (error instanceof Error) return error.name;
  }
  return 'unknown';
}

/**
 * The chat assistant's use case (decision record 0017): chooses the reply
 * language, asks the engine, turns any engine error into the localised error reply (logged, never
 * an HTTP error: the widget shows the reply like any other), records the latency and stores the
 * exchange. Knows neither HTTP (the route validates, rate-limits and reads the headers) nor SQL.
 */
export class ChatService {
  private readonly now: () => Date;

  constructor(private readonly deps: ChatServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The engine's name (`local` | `anythingllm`). */
  get engineName(): ChatEngine['name'] {
    return this.deps.engine.name;
  }

  /**
   * Answers one message of a chat session.
   *
   * - Language: `detectLanguage(message, pageLanguage ?? acceptLanguage ?? 'en')` (see `chooseLanguage`).
   * - The engine's answer, or, when it throws (AnythingLLM without a key, 403, abort, time-out,
   *   network, a broken reply; any fault of the local engine), {@link CHAT_ERROR_REPLIES} in that
   *   language with no sources, logged with the error's `reason`.
   * - Stores the visitor's message and the reply (sources, language, kind, latency in ms) in the
   *   session's conversation; a storage failure is logged and the reply still sent.
   * @returns the contract's `ChatResponse`: a fresh `id` (UUID), the reply text, its sources and language.
   */
  async ask(input: ChatAsk): Promise<ChatResponse> {
    const receivedAt = this.now();
    const language = chooseLanguage(input.message, input.pageLanguage, input.acceptLanguage);
    const started = performance.now();
    let reply: { textResponse: string; sources: ChatAnswer['sources']; language: Language; kind: StoredReplyKind };
    try {
      reply = await this.deps.engine.answer({ message: input.message, language, sessionId: input.sessionId });
    } catch (error) {
      this.deps.log.error(
        { err: error, engine: this.deps.engine.name, reason: reasonOf(error) },
        `chat engine failed (${reasonOf(error)}); answered with the error reply`,
      );
      reply = { textResponse: CHAT_ERROR_REPLIES[language], sources: [], language, kind: 'error' };
    }
    const latencyMs = Math.max(0, Math.round(performance.now() - started));
    const sources = reply.sources.map((s) =>
      s.url === undefined ? { title: s.title } : { title: s.title, url: s.url },
    );
    try {
      await this.deps.conversations.recordExchange({
        sessionId: input.sessionId,
        engine: this.deps.engine.name,
        user: { message: input.message, language, at: receivedAt },
        agent: {
          message: reply.textResponse,
          sources,
          language: reply.language,
          kind: reply.kind,
          latencyMs,
          at: this.now(),
        },
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'chat: could not store the conversation; the reply is sent anyway');
    }
    return { id: randomUUID(), textResponse: reply.textResponse, sources, language: reply.language };
  }
}
