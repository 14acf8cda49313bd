const KEY = 'sessionId';

/**
 * The visitor session id (specification section 3 "Identifiers"): kept in local storage,
 * created randomly when absent, sent as `X-Session-Id`. Falls back to an in-memory id when
 * storage is unavailable (private mode).
 */
let memoryId: string | undefined;

/**
 * A random RFC 4122 version 4 UUID. `crypto.randomUUID` exists only on secure origins (https or
 * localhost); a store opened over plain http on a LAN address still has `getRandomValues`.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function getSessionId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = randomId();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    memoryId ??= randomId();
    return memoryId;
  }
}
