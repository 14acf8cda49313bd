import { describe, expect, it } from 'vitest';
import {
  CHAT_CONVERSATION_KEY,
  CHAT_SESSION_KEY,
  type KeyValueStorage,
  MAX_STORED_MESSAGES,
  chatSessionId,
  loadConversation,
  newChatSessionId,
  saveConversation,
} from './chat-storage.ts';

function fakeStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('chat session id', () => {
  it('is a timestamp and a random string', () => {
    expect(newChatSessionId(1732456789012)).toMatch(/^1732456789012-[a-z0-9]{10}$/);
    expect(newChatSessionId()).not.toBe(newChatSessionId());
  });

  it('is created once, stored, and reused for the session', () => {
    const storage = fakeStorage();
    const id = chatSessionId(storage);
    expect(id).toMatch(/^\d{13}-[a-z0-9]{10}$/);
    expect(storage.data.get(CHAT_SESSION_KEY)).toBe(id);
    expect(chatSessionId(storage)).toBe(id);
  });

  it('replaces a malformed stored id', () => {
    const storage = fakeStorage({ [CHAT_SESSION_KEY]: 'bad id!' });
    expect(chatSessionId(storage)).toMatch(/^\d{13}-[a-z0-9]{10}$/);
  });

  it('works when storage throws (private mode)', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const id = chatSessionId(broken);
    expect(chatSessionId(broken)).toBe(id);
  });
});

describe('stored conversation', () => {
  const message = (i: number) => ({
    id: `m${i}`,
    sender: i % 2 ? ('agent' as const) : ('user' as const),
    message: `text ${i}`,
    timestamp: new Date(1_700_000_000_000 + i).toISOString(),
  });

  it('round-trips, keeping the last messages only', () => {
    const storage = fakeStorage();
    const messages = Array.from({ length: MAX_STORED_MESSAGES + 5 }, (_, i) => message(i));
    saveConversation({ startedAt: '2026-01-01T10:00:00.000Z', messages }, storage);
    const loaded = loadConversation(storage);
    expect(loaded?.startedAt).toBe('2026-01-01T10:00:00.000Z');
    expect(loaded?.messages).toHaveLength(MAX_STORED_MESSAGES);
    expect(loaded?.messages[0]?.id).toBe('m5');
  });

  it('ignores malformed data', () => {
    expect(loadConversation(fakeStorage())).toBeNull();
    expect(loadConversation(fakeStorage({ [CHAT_CONVERSATION_KEY]: '{' }))).toBeNull();
    expect(loadConversation(fakeStorage({ [CHAT_CONVERSATION_KEY]: '{"messages":[]}' }))).toBeNull();
    const stored = JSON.stringify({
      startedAt: '2026-01-01T10:00:00.000Z',
      messages: [message(1), { id: 1, sender: 'bot' }, { ...message(2), sources: [{ title: 3 }] }],
    });
    expect(loadConversation(fakeStorage({ [CHAT_CONVERSATION_KEY]: stored }))?.messages).toEqual([message(1)]);
  });
});
