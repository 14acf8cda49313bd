import { VISITOR_SESSION_COOKIE, SESSION_ID_PATTERN, sessionIdFromCookie } from '@esim/contract/visitor-session-cookie';

const KEY = 'sessionId';

/**
 * The visitor session id (`docs/product-rules.md#cart`): kept in local storage,
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

/**
 * The visitor session id, created (and stored) on first use; its cookie is kept in step
 * ({@link syncSessionCookie}).
 */
export function getSessionId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id) {
      id = randomId();
      localStorage.setItem(KEY, id);
    }
    syncSessionCookie(id);
    return id;
  } catch {
    memoryId ??= randomId();
    return memoryId;
  }
}

/**
 * The stored session id, without creating one: `null` for a visitor who has never had a cart
 * (and so has an empty one), `undefined` when storage cannot be read.
 */
export function storedSessionId(): string | null | undefined {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return undefined;
  }
}

/**
 * Writes the session id into the `visitor_session` cookie when the cookie holds another value (or
 * none), so that the server can render the visitor's cart into the first HTML of `/cart` and
 * `/checkout` (`@esim/contract/visitor-session-cookie`). A year long, the whole site, sent on
 * top-level navigations only (`SameSite=Lax`), `Secure` on https. Not `HttpOnly`: the id is in
 * local storage already, and the server never trusts the cookie for a change.
 */
export function syncSessionCookie(id: string): void {
  if (typeof document === 'undefined' || !SESSION_ID_PATTERN.test(id)) return;
  // Every read of `document.cookie` asks the browser process and waits (1 to 5 ms here): once a
  // page has the cookie in step with an id, it stays so until the id changes.
  if (cookieInStepWith === id) return;
  if (sessionIdFromCookie(document.cookie) !== id) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${VISITOR_SESSION_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }
  cookieInStepWith = id;
}

/** The session id this page last put in (or found in) the cookie. */
let cookieInStepWith: string | undefined;
