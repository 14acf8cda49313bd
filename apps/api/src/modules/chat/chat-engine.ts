import type { ChatSource } from '@esim/contract/chat';
import type { Language } from '@esim/contract/languages';

/**
 * The chat assistant's engines (decision record 0017): `local`
 * (`engine/local-engine.ts`, the default) and `anythingllm` (`anythingllm/anythingllm-engine.ts`).
 * `ChatService` validates, rate-limits, chooses the language, stores the conversation and turns
 * a thrown error into the localised error reply; an engine only answers.
 */

/** A question as an engine receives it: trimmed, 1-2,000 characters. */
export interface ChatQuestion {
  message: string;
  /** The language to answer in: the message's own, else the page's (`detectLanguage`). */
  language: Language;
  /** The chat session id (conversation memory, AnythingLLM's `sessionId`). */
  sessionId: string;
}

/** How a reply was made: from the catalogue, the device list, the knowledge base, a fixed policy text, or the fallback. */
export type ChatAnswerKind = 'catalogue' | 'device' | 'coverage' | 'policy' | 'knowledge' | 'fallback' | 'remote';

/** An engine's reply: plain text (under about 600 characters for the local engine) and the sources it used. */
export interface ChatAnswer {
  textResponse: string;
  sources: ChatSource[];
  /** The language `textResponse` is written in. */
  language: Language;
  kind: ChatAnswerKind;
}

/** An engine. `answer` may throw; the service turns any error into the localised error reply and logs it. */
export interface ChatEngine {
  readonly name: 'local' | 'anythingllm';
  answer(question: ChatQuestion): Promise<ChatAnswer>;
}

/** An article the retrieval found, for the admin's "try a question" box. `score` is the engine's own (BM25+). */
export interface RetrievalHit {
  articleId: number;
  slug: string;
  language: Language;
  title: string;
  score: number;
  /** The passage that matched best, plain text. */
  passage: string;
}
