import type { ChatSource } from '@esim/contract/chat';
import { memoryStorage } from '../../lib/memory-storage.ts';

/**
 * What the chat widget keeps in session storage (the chat session id, a timestamp and a random
 * string, reused for the life of the tab), plus the conversation itself, so that moving between pages or reloading keeps it
 * for the life of the tab. Storage that throws (private mode, quota) falls back to memory.
 */

/** Session-storage key of the chat session id. */
export const CHAT_SESSION_KEY = 'chatSessionId';
/** Session-storage key of the conversation ({@link StoredConversation} as JSON). */
export const CHAT_CONVERSATION_KEY = 'chatConversation';
/** Most messages kept in storage; older ones are dropped first. */
export const MAX_STORED_MESSAGES = 100;

/** A message of the conversation. */
export interface ChatMessage {
  /** The reply's id from the API, or a local id for the visitor's own messages and errors. */
  id: string;
  sender: 'user' | 'agent';
  message: string;
  /** When it was sent or received, ISO 8601. */
  timestamp: string;
  /** Titles (and store paths) the reply was built from, under assistant replies. */
  sources?: ChatSource[];
  /** `error`: the localised failure reply; `failed`: a visitor message that was not delivered. */
  status?: 'error' | 'failed';
}

/** The conversation as stored: when the welcome was first shown and the messages since. */
export interface StoredConversation {
  /** When the panel first opened in this session, ISO 8601: the welcome message's time. */
  startedAt: string;
  messages: ChatMessage[];
}

/** The subset of the Web Storage API the widget uses (`sessionStorage`, or a fake in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const memory: KeyValueStorage = memoryStorage();

function defaultStorage(): KeyValueStorage {
  try {
    return window.sessionStorage;
  } catch {
    return memory;
  }
}

function read(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return memory.getItem(key);
  }
}

function write(storage: KeyValueStorage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    memory.setItem(key, value);
  }
}

/** What a chat session id looks like: the contract's pattern (`chatSessionIdSchema`), 8 to 100 safe characters. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Random lower-case letters and digits, `length` of them, from the platform's CSPRNG. */
export function randomString(length = 10): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is not a multiple of 36: the small bias does not matter for an identifier of a conversation.
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A new chat session id: `${Date.now()}-${random}`, e.g. `1732456789012-k3j9x2m4q8`. */
export function newChatSessionId(nowMs: number = Date.now()): string {
  return `${nowMs}-${randomString()}`;
}

/**
 * The tab's chat session id: the stored one when it is well-formed, otherwise a new one, stored
 * for the rest of the session.
 */
export function chatSessionId(storage: KeyValueStorage = defaultStorage()): string {
  const stored = read(storage, CHAT_SESSION_KEY);
  if (stored && SESSION_ID_PATTERN.test(stored)) return stored;
  const id = newChatSessionId();
  write(storage, CHAT_SESSION_KEY, id);
  return id;
}

function isSource(value: unknown): value is ChatSource {
  const source = value as ChatSource | null;
  return (
    typeof source === 'object' &&
    source !== null &&
    typeof source.title === 'string' &&
    (source.url === undefined || typeof source.url === 'string')
  );
}

function isMessage(value: unknown): value is ChatMessage {
  const m = value as ChatMessage | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'string' &&
    (m.sender === 'user' || m.sender === 'agent') &&
    typeof m.message === 'string' &&
    typeof m.timestamp === 'string' &&
    !Number.isNaN(Date.parse(m.timestamp)) &&
    (m.sources === undefined || (Array.isArray(m.sources) && m.sources.every(isSource))) &&
    (m.status === undefined || m.status === 'error' || m.status === 'failed')
  );
}

/**
 * The stored conversation, or null when there is none or it cannot be read (anything malformed
 * is ignored rather than shown).
 */
export function loadConversation(storage: KeyValueStorage = defaultStorage()): StoredConversation | null {
  const text = read(storage, CHAT_CONVERSATION_KEY);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<StoredConversation>;
    if (typeof parsed.startedAt !== 'string' || Number.isNaN(Date.parse(parsed.startedAt))) return null;
    const messages = Array.isArray(parsed.messages) ? parsed.messages.filter(isMessage) : [];
    return { startedAt: parsed.startedAt, messages };
  } catch {
    return null;
  }
}

/** Stores the conversation, keeping its last {@link MAX_STORED_MESSAGES} messages. */
export function saveConversation(conversation: StoredConversation, storage: KeyValueStorage = defaultStorage()): void {
  const messages = conversation.messages.slice(-MAX_STORED_MESSAGES);
  write(storage, CHAT_CONVERSATION_KEY, JSON.stringify({ startedAt: conversation.startedAt, messages }));
}
