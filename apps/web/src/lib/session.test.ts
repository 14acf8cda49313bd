import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './session.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID', () => {
    expect(randomId()).toMatch(UUID_V4);
  });

  it('falls back to getRandomValues where randomUUID is missing (plain http origins)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
});

describe('the session cookie (the cart in the first HTML of /cart)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function browser(stored: Record<string, string>, protocol = 'http:') {
    const jar: string[] = [];
    const document = {
      get cookie() {
        return jar.map((c) => c.split(';')[0]).join('; ');
      },
      set cookie(value: string) {
        jar.splice(0, jar.length, value);
      },
    };
    vi.stubGlobal('document', document);
    vi.stubGlobal('window', { location: { protocol } });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored[key] ?? null,
      setItem: (key: string, value: string) => void (stored[key] = value),
    });
    return jar;
  }

  it('follows the stored id, and is written only when it differs', async () => {
    const { getSessionId } = await import('./session.ts');
    const jar = browser({ sessionId: 'aaaaaaaa-1111' });
    expect(getSessionId()).toBe('aaaaaaaa-1111');
    expect(jar).toEqual(['visitor_session=aaaaaaaa-1111; Path=/; Max-Age=31536000; SameSite=Lax']);
    jar[0] = 'visitor_session=aaaaaaaa-1111';
    getSessionId();
    expect(jar).toEqual(['visitor_session=aaaaaaaa-1111']);
  });

  it('reads the cookie once per id: it waits on the browser process each time', async () => {
    const { syncSessionCookie } = await import('./session.ts');
    const jar = browser({});
    let reads = 0;
    const document = globalThis.document as unknown as { cookie: string };
    const cookie =
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(document) as object, 'cookie') ??
      Object.getOwnPropertyDescriptor(document, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      get: () => {
        reads++;
        return cookie.get!.call(document) as string;
      },
      set: (value: string) => cookie.set!.call(document, value),
    });
    syncSessionCookie('bbbbbbbb-2222');
    syncSessionCookie('bbbbbbbb-2222');
    expect(reads).toBe(1);
    expect(jar).toEqual(['visitor_session=bbbbbbbb-2222; Path=/; Max-Age=31536000; SameSite=Lax']);
    syncSessionCookie('cccccccc-3333');
    expect(reads).toBe(2);
    expect(jar).toEqual(['visitor_session=cccccccc-3333; Path=/; Max-Age=31536000; SameSite=Lax']);
  });

  it('is Secure on https, and a new visitor gets the id that was just created', async () => {
    const { getSessionId } = await import('./session.ts');
    const stored: Record<string, string> = {};
    const jar = browser(stored, 'https:');
    const id = getSessionId();
    expect(stored.sessionId).toBe(id);
    expect(jar[0]).toBe(`visitor_session=${id}; Path=/; Max-Age=31536000; SameSite=Lax; Secure`);
  });

  it('never writes a stored value that is not a session id', async () => {
    const { syncSessionCookie } = await import('./session.ts');
    const jar = browser({});
    syncSessionCookie('x; Domain=evil.example');
    expect(jar).toEqual([]);
  });

  it('storedSessionId does not create an id', async () => {
    const { storedSessionId } = await import('./session.ts');
    const stored: Record<string, string> = {};
    browser(stored);
    expect(storedSessionId()).toBeNull();
    expect(stored).toEqual({});
  });
});
