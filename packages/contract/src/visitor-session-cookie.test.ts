import { describe, expect, it } from 'vitest';
import { sessionIdSchema } from './cart.ts';
import { SESSION_ID_PATTERN, VISITOR_SESSION_COOKIE, sessionIdFromCookie } from './visitor-session-cookie.ts';

describe('sessionIdFromCookie', () => {
  const id = '0b6f4c1e-3a52-4d8e-9c1f-2f4a6b8c0d1e';

  it('reads the session id among other cookies', () => {
    expect(sessionIdFromCookie(`a=1; ${VISITOR_SESSION_COOKIE}=${id}; b=2`)).toBe(id);
    expect(sessionIdFromCookie(`${VISITOR_SESSION_COOKIE}=${id}`)).toBe(id);
  });

  it('takes the first of several', () => {
    expect(sessionIdFromCookie(`${VISITOR_SESSION_COOKIE}=${id}; ${VISITOR_SESSION_COOKIE}=abcdefgh`)).toBe(id);
  });

  it('refuses what is not a session id (no injection into the render or the API call)', () => {
    expect(sessionIdFromCookie(undefined)).toBeUndefined();
    expect(sessionIdFromCookie('')).toBeUndefined();
    expect(sessionIdFromCookie(`${VISITOR_SESSION_COOKIE}=short`)).toBeUndefined();
    expect(sessionIdFromCookie(`${VISITOR_SESSION_COOKIE}=${'a'.repeat(129)}`)).toBeUndefined();
    expect(sessionIdFromCookie(`${VISITOR_SESSION_COOKIE}=abc/../def`)).toBeUndefined();
    expect(sessionIdFromCookie(`${VISITOR_SESSION_COOKIE}=abcdefgh%0d%0aX: y`)).toBeUndefined();
    expect(sessionIdFromCookie(`x${VISITOR_SESSION_COOKIE}=${id}`)).toBeUndefined();
  });
});

describe('SESSION_ID_PATTERN', () => {
  it('is the X-Session-Id rule of cart.ts', () => {
    for (const value of [
      'abcdefgh',
      'a'.repeat(128),
      'a'.repeat(129),
      'abc',
      'abc_def-123',
      'abc def12',
      'ümlaut123',
      '',
    ]) {
      expect(SESSION_ID_PATTERN.test(value), value).toBe(sessionIdSchema.safeParse(value).success);
    }
  });
});
