const KEY = 'sessionId';

/**
 * The visitor session id (specification section 3 "Identifiers"): kept in local storage,
 * created randomly when absent, sent as `X-Session-Id`. Falls back to an in-memory id when
 * storage is unavailable (private mode).
 */
let memoryId: string | undefined;

export function getSessionId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    memoryId ??= crypto.randomUUID();
    return memoryId;
  }
}
