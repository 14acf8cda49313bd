import { userSchema } from '@esim/contract/auth';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { sessionIdOf } from './session-cookie.ts';
import { secretFromBase32, stepAt, totpAt } from './totp.ts';

/**
 * The account routes end to end, on a fresh database (PGlite,
 * or PostgreSQL with `DATABASE_URL`), with every log line captured at `trace` to prove that no
 * password, code, secret or session token is ever logged. Few accounts: argon2id runs at its
 * production cost here.
 */

const PUBLIC_URL = 'http://store.test';
const logs: string[] = [];
/** Every secret the tests send or receive; none may appear in a log line. */
const secrets = new Set<string>();
let app: FastifyInstance;
let services: AppServices;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace', PUBLIC_URL, ADMIN_REQUIRE_2FA: 'true' }),
    database,
    serveWeb: false,
    logStream: { write: (line: string) => void logs.push(line) },
  }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const PASSWORD = 'violet-harbour-tram-42';
const same = { 'sec-fetch-site': 'same-origin' };

function cookieOf(res: LightMyRequestResponse): { name: string; value: string } & Record<string, unknown> {
  const cookie = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  if (cookie.value) secrets.add(cookie.value);
  return cookie as { name: string; value: string };
}

/** A request with the session `token` as a same-origin browser would send it. */
function as(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { ...same, ...(token ? { cookie: `sid=${token}` } : {}), ...options.headers },
  });
}

async function register(username: string, overrides: Record<string, unknown> = {}) {
  const body = {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
  secrets.add(String(body.password));
  return app.inject({ method: 'POST', url: '/api/register', payload: body });
}

function login(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  for (const key of ['password', 'code'] as const) if (typeof payload[key] === 'string') secrets.add(payload[key]);
  return app.inject({ method: 'POST', url: '/api/login', payload, headers });
}

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: { code: string; message: string; field?: string } }>().error;

describe('register, the session cookie and GET /api/user', () => {
  let token: string;

  it('registers, signs in (201 user, HttpOnly SameSite=Lax cookie `sid` over plain HTTP) and answers GET /api/user', async () => {
    const res = await register('ada');
    expect(res.statusCode).toBe(201);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({
      username: 'ada',
      email: 'ada@example.com',
      isAdmin: false,
      twoFactorEnabled: false,
      language: 'en',
    });
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({ name: 'sid', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    token = cookie.value;
    expect(res.headers['cache-control']).toBe('no-store');

    const me = await as(token, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('stores the session token only as its SHA-256 and the password only as an argon2id hash', async () => {
    const sessions = await services.auth.listSessions((await services.auth.resolveSession(token))!);
    expect(sessions).toHaveLength(1);
    const row = await services.auth.resolveSession(token);
    expect(row?.session.id).toBe(sessionIdOf(token));
    expect(row?.user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 401 to GET /api/user without a cookie or with an unknown one', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/user' }),
      await as('not-a-session', { method: 'GET', url: '/api/user' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('unauthorized');
    }
  });

  it('refuses a taken username or e-mail (409 naming the field, case-insensitively)', async () => {
    const byName = await register('ADA', { email: 'other@example.com' });
    expect(byName.statusCode).toBe(409);
    expect(errorOf(byName)).toMatchObject({ code: 'username_taken', field: 'username' });
    const byEmail = await register('ada2', { email: 'Ada@Example.com' });
    expect(byEmail.statusCode).toBe(409);
    expect(errorOf(byEmail)).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it('refuses common, short and mismatched passwords (400 naming the field)', async () => {
    for (const [password, message] of [
      ['passwordpassword', 'password: passwordCommon'],
      ['123456789012', 'password: passwordCommon'],
      ['qwertyuiopasdf', 'password: passwordCommon'],
      ['short', 'password: passwordTooShort'],
    ] as const) {
      const res = await register('grace', { password, confirmPassword: password });
      expect(res.statusCode, password).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'validation_error', field: 'password', message });
    }
    const mismatch = await register('grace', { confirmPassword: `${PASSWORD}x` });
    expect(errorOf(mismatch)).toMatchObject({ code: 'validation_error', field: 'confirmPassword' });
  });

  it('changes profile fields with PATCH /api/user (409 email_taken), never isAdmin', async () => {
    const res = await as(token, {
      method: 'PATCH',
      url: '/api/user',
      payload: { firstName: 'Augusta', language: 'tr', isAdmin: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Augusta', language: 'tr', isAdmin: false });
    await register('bob');
    const taken = await as(token, { method: 'PATCH', url: '/api/user', payload: { email: 'BOB@example.com' } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'email_taken', field: 'email' });
    expect((await app.inject({ method: 'PATCH', url: '/api/user', payload: { firstName: 'X' } })).statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('signs in by username or e-mail with a new session each time', async () => {
    const a = await login({ username: 'bob', password: PASSWORD });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ username: 'bob' });
    const b = await login({ username: 'Bob@Example.com', password: PASSWORD });
    expect(b.statusCode).toBe(200);
    expect(cookieOf(a).value).not.toBe(cookieOf(b).value);
  });

  it('answers an unknown user and a wrong password alike (status, body, argon2 work)', async () => {
    const time = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const res = await login(body);
      return { res, ms: performance.now() - started };
    };
    // Warm both paths once (the dummy hash is made on first use), then take the median of 5 each.
    await time({ username: 'nobody', password: 'wrong-password-123' });
    await time({ username: 'bob', password: 'wrong-password-123' });
    const unknowns = [];
    const wrongs = [];
    for (let i = 0; i < 5; i++) {
      unknowns.push(await time({ username: 'nobody', password: 'wrong-password-123' }));
      wrongs.push(await time({ username: 'bob', password: 'wrong-password-123' }));
    }
    const median = (runs: { ms: number }[]) => runs.map((r) => r.ms).sort((a, b) => a - b)[2]!;
    const unknown = { res: unknowns[0]!.res, ms: median(unknowns) };
    const wrong = { res: wrongs[0]!.res, ms: median(wrongs) };
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.body).toBe(wrong.res.body);
    expect(errorOf(wrong.res)).toEqual({ code: 'invalid_credentials', message: 'Invalid username or password.' });
    expect(unknown.res.cookies).toEqual([]);
    // Both verify one argon2id hash at the same cost: neither is a fraction of the other.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 3);
    expect(wrong.ms).toBeGreaterThan(unknown.ms / 3);
  });

  it('never upgrades a session id the client brought: a pre-login cookie is ended, a new one issued', async () => {
    const before = await login({ username: 'bob', password: PASSWORD });
    const planted = cookieOf(before).value;
    const res = await login({ username: 'bob', password: PASSWORD }, { cookie: `sid=${planted}`, ...same });
    expect(res.statusCode).toBe(200);
    const fresh = cookieOf(res).value;
    expect(fresh).not.toBe(planted);
    expect((await as(planted, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await as(fresh, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('logs out: 204, cookie cleared, the session no longer opens', async () => {
    const token = cookieOf(await login({ username: 'bob', password: PASSWORD })).value;
    const res = await as(token, { method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('cookie attributes behind a trusted proxy', () => {
  it('sets `__Host-sid` with Secure when a TRUST_PROXY proxy says X-Forwarded-Proto: https, plain `sid` otherwise', async () => {
    const db = await openTestDatabase();
    const { app: proxied } = await buildApp({
      config: testConfig({ TRUST_PROXY: '127.0.0.1' }),
      database: db,
      serveWeb: false,
    });
    try {
      const body = {
        username: 'carol',
        email: 'carol@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'C',
        lastName: 'D',
      };
      const https = await proxied.inject({
        method: 'POST',
        url: '/api/register',
        payload: body,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.statusCode).toBe(201);
      const cookie = https.cookies[0]!;
      expect(cookie).toMatchObject({ name: '__Host-sid', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.domain).toBeUndefined();
      const me = await proxied.inject({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-forwarded-proto': 'https', cookie: `__Host-sid=${cookie.value}` },
      });
      expect(me.statusCode).toBe(200);
      const http = await proxied.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'carol', password: PASSWORD },
      });
      expect(http.cookies[0]).toMatchObject({ name: 'sid' });
      expect(http.cookies[0]!.secure).toBeFalsy();
    } finally {
      await proxied.close();
      await db.close();
    }
  });

  it('ignores X-Forwarded-Proto from an untrusted client (plain `sid`)', async () => {
    const res = await login({ username: 'bob', password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(res.cookies[0]).toMatchObject({ name: 'sid' });
  });
});

describe('CSRF', () => {
  let token: string;
  beforeAll(async () => {
    token = cookieOf(await login({ username: 'bob', password: PASSWORD })).value;
  });

  it('refuses a state-changing request with the session cookie from another origin, or with no origin information (403 csrf_rejected)', async () => {
    for (const headers of [
      { cookie: `sid=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { cookie: `sid=${token}`, origin: 'http://store.test.evil.example' },
      { cookie: `sid=${token}` },
      { cookie: `sid=${token}`, 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await app.inject({ method: 'PATCH', url: '/api/user', payload: { firstName: 'Mallory' }, headers });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('csrf_rejected');
    }
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `sid=${token}`, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    expect((await as(token, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ firstName: 'Ada' });
  });

  it('accepts Sec-Fetch-Site: same-origin, or Origin equal to PUBLIC_URL', async () => {
    const a = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { lastName: 'Byron' },
      headers: { cookie: `sid=${token}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(a.statusCode).toBe(200);
    const b = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      payload: { lastName: 'King' },
      headers: { cookie: `sid=${token}`, origin: PUBLIC_URL },
    });
    expect(b.statusCode).toBe(200);
  });

  it('leaves requests without the session cookie alone (guest cart, GET with the cookie)', async () => {
    const cart = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `sid=${token}`, origin: 'https://evil.example' },
    });
    expect(cart.statusCode).toBe(200);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'bob', password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(anonymous.statusCode).toBe(200);
  });
});

describe('sessions and password change', () => {
  it('lists sessions, ends one other, ends the others; a password change keeps the current session and ends the rest', async () => {
    await register('dora');
    const first = cookieOf(await login({ username: 'dora', password: PASSWORD })).value;
    const second = cookieOf(await login({ username: 'dora', password: PASSWORD })).value;
    const third = cookieOf(await login({ username: 'dora', password: PASSWORD })).value;

    const list = await as(first, { method: 'GET', url: '/api/user/sessions', headers: { 'user-agent': 'Test/1.0' } });
    const sessions = list.json<{ sessions: { id: string; current: boolean; ip: string | null }[] }>().sessions;
    expect(sessions.length).toBe(4); // register's session too
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.id)).not.toContain(sessionIdOf(first));

    const current = sessions.find((s) => s.current)!;
    const self = await as(first, { method: 'DELETE', url: `/api/user/sessions/${current.id}` });
    expect(self.statusCode).toBe(409);
    expect(errorOf(self).code).toBe('current_session');
    expect(
      (await as(first, { method: 'DELETE', url: '/api/user/sessions/0123456789abcdef0123456789abcdef' })).statusCode,
    ).toBe(404);

    const other = sessions.find((s) => !s.current)!;
    expect((await as(first, { method: 'DELETE', url: `/api/user/sessions/${other.id}` })).statusCode).toBe(204);
    const after = (await as(first, { method: 'GET', url: '/api/user/sessions' })).json<{ sessions: unknown[] }>()
      .sessions;
    expect(after).toHaveLength(3);

    const ended = await as(second, { method: 'POST', url: '/api/user/sessions/end-others' });
    expect(ended.statusCode).toBe(200);
    expect((await as(first, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await as(third, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await as(second, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

    const fourth = cookieOf(await login({ username: 'dora', password: PASSWORD })).value;
    const newPassword = 'amber-lantern-quay-77';
    secrets.add(newPassword);
    const wrong = await as(second, {
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: 'not-the-password', newPassword },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'invalid_current_password', field: 'currentPassword' });
    const common = await as(second, {
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: PASSWORD, newPassword: 'passwordpassword' },
    });
    expect(errorOf(common)).toMatchObject({
      code: 'validation_error',
      field: 'newPassword',
      message: 'newPassword: passwordCommon',
    });

    const changed = await as(second, {
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: PASSWORD, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveProperty('message');
    expect((await as(second, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await as(fourth, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await login({ username: 'dora', password: PASSWORD })).statusCode).toBe(401);
    expect((await login({ username: 'dora', password: newPassword })).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  let token: string;
  let secret: Uint8Array;
  let recoveryCodes: string[];
  /** The code that turned two-factor authentication on. */
  let enabledWith: string;
  /** The TOTP code of the last sign-in. */
  let lastUsedCode: string;
  let lastUsedStep: number;

  it('sets up (secret, otpauth URI for Roamwise and the username, QR PNG) and enables with a code, returning 10 recovery codes', async () => {
    await register('erin');
    token = cookieOf(await login({ username: 'erin', password: PASSWORD })).value;
    expect((await as(token, { method: 'POST', url: '/api/enable-2fa', payload: { code: '123456' } })).statusCode).toBe(
      409,
    );
    const setup = await as(token, { method: 'POST', url: '/api/setup-2fa' });
    expect(setup.statusCode).toBe(200);
    const body = setup.json<{ secret: string; otpauthUri: string; qrCode: string }>();
    secrets.add(body.secret);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Roamwise:erin\?/);
    expect(body.otpauthUri).toContain('issuer=Roamwise');
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    secret = secretFromBase32(body.secret);

    const bad = await as(token, {
      method: 'POST',
      url: '/api/enable-2fa',
      payload: { code: '000000' === totpAt(secret, stepAt(Date.now())) ? '111111' : '000000' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'invalid_code', field: 'code' });

    const code = totpAt(secret, stepAt(Date.now()));
    secrets.add(code);
    const enabled = await as(token, { method: 'POST', url: '/api/enable-2fa', payload: { code } });
    expect(enabled.statusCode).toBe(200);
    recoveryCodes = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    recoveryCodes.forEach((c) => secrets.add(c));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await as(token, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ twoFactorEnabled: true });
    expect((await as(token, { method: 'POST', url: '/api/setup-2fa' })).statusCode).toBe(409);

    enabledWith = code;
  });

  it('refuses the code that turned it on when it is sent again to sign in, saying it was just used (RFC 6238 section 5.2), with no session', async () => {
    // The authenticator app still shows this code: the sign-in right after set-up sends it again.
    const replay = await login({ username: 'erin', password: PASSWORD, code: enabledWith });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toMatchObject({ code: 'code_already_used', field: 'code' });
    expect(errorOf(replay).message).toMatch(/just used.*wait for the next/i);
    expect(errorOf(replay).message).not.toMatch(/not valid/);
    expect(replay.cookies).toEqual([]);
    // Replay stays refused, however often it is tried.
    expect(errorOf(await login({ username: 'erin', password: PASSWORD, code: enabledWith })).code).toBe(
      'code_already_used',
    );
  });

  it('answers a wrong code with the generic message, which says nothing of whether a code was used', async () => {
    const now = stepAt(Date.now());
    const window = new Set([now - 1, now, now + 1].map((step) => totpAt(secret, step)));
    const wrong = ['000000', '111111', '222222'].find((c) => !window.has(c))!;
    const res = await login({ username: 'erin', password: PASSWORD, code: wrong });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'two_factor_required', field: 'code' });
    expect(errorOf(res).message).toBe('The two-factor code is not valid, has expired or was already used.');
    expect(res.cookies).toEqual([]);
  });

  it('asks for the second factor after a right password (401 two_factor_required, no session)', async () => {
    const res = await login({ username: 'erin', password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'two_factor_required', field: 'code' });
    expect(res.cookies).toEqual([]);
    const wrongPassword = await login({ username: 'erin', password: 'not-the-password', code: '918273' });
    expect(errorOf(wrongPassword).code).toBe('invalid_credentials');
  });

  it('accepts a TOTP code once: the same code is refused on second use, as just used', async () => {
    const step = stepAt(Date.now()) + 1;
    const code = totpAt(secret, step);
    const first = await login({ username: 'erin', password: PASSWORD, code });
    expect(first.statusCode).toBe(200);
    lastUsedCode = code;
    lastUsedStep = step;
    const second = await login({ username: 'erin', password: PASSWORD, code });
    expect(second.statusCode).toBe(401);
    expect(errorOf(second)).toMatchObject({ code: 'code_already_used', field: 'code' });
    expect(second.cookies).toEqual([]);
  });

  it('gives the generic message to a code of an earlier step than the last used one, still inside the time window', async () => {
    // Only the last accepted step is kept, so whether this code was ever used is not known:
    // "just used" is said only of the exact code of that step.
    const earlier = totpAt(secret, lastUsedStep - 1);
    if (earlier === lastUsedCode) return; // the two steps share a code (1 in 10^6)
    const res = await login({ username: 'erin', password: PASSWORD, code: earlier });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('two_factor_required');
    expect(res.cookies).toEqual([]);
  });

  it('refuses the last used code to turn two-factor authentication off, saying it was just used, and leaves it on', async () => {
    const res = await as(token, { method: 'POST', url: '/api/disable-2fa', payload: { code: lastUsedCode } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'code_already_used', field: 'code' });
    expect((await as(token, { method: 'GET', url: '/api/user' })).json()).toMatchObject({ twoFactorEnabled: true });
    // A wrong code keeps its own answer.
    const now = stepAt(Date.now());
    const window = new Set([now - 1, now, now + 1, now + 2].map((step) => totpAt(secret, step)));
    const wrong = ['000000', '111111', '222222'].find((c) => !window.has(c))!;
    const bad = await as(token, { method: 'POST', url: '/api/disable-2fa', payload: { code: wrong } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('invalid_code');
  });

  it('accepts a recovery code once (any case, with or without the hyphen)', async () => {
    const code = recoveryCodes[0]!;
    const first = await login({ username: 'erin', password: PASSWORD, code: code.toUpperCase().replace('-', ' ') });
    expect(first.statusCode).toBe(200);
    const second = await login({ username: 'erin', password: PASSWORD, code });
    expect(second.statusCode).toBe(401);
    expect(errorOf(second).code).toBe('two_factor_required');
  });

  it('disables with a recovery code (a used one refused), then signs in without a code', async () => {
    expect(
      (await as(token, { method: 'POST', url: '/api/disable-2fa', payload: { code: recoveryCodes[0]! } })).statusCode,
    ).toBe(400);
    const res = await as(token, { method: 'POST', url: '/api/disable-2fa', payload: { code: recoveryCodes[1]! } });
    expect(res.statusCode).toBe(200);
    expect(
      (await as(token, { method: 'POST', url: '/api/disable-2fa', payload: { code: recoveryCodes[2]! } })).statusCode,
    ).toBe(409);
    expect((await login({ username: 'erin', password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers 401 to the two-factor routes when signed out', async () => {
    for (const url of ['/api/setup-2fa', '/api/enable-2fa', '/api/disable-2fa']) {
      expect((await app.inject({ method: 'POST', url, payload: { code: '123456' } })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/ping', () => {
  let adminKey: Uint8Array;

  it('401 signed out, 403 forbidden for a customer, 403 two_factor_setup_required for an admin without 2FA, 200 with it', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/ping' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('unauthorized');

    const customer = cookieOf(await login({ username: 'bob', password: PASSWORD })).value;
    const forbidden = await as(customer, { method: 'GET', url: '/api/admin/ping' });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden)).toEqual({ code: 'forbidden', message: 'Admin privileges required' });

    const { created } = await services.auth.createAdmin({
      username: 'root-admin',
      email: 'admin@example.com',
      password: PASSWORD,
      firstName: 'A',
      lastName: 'D',
    });
    expect(created).toBe(true);
    const admin = cookieOf(await login({ username: 'root-admin', password: PASSWORD })).value;
    const noTwoFactor = await as(admin, { method: 'GET', url: '/api/admin/ping' });
    expect(noTwoFactor.statusCode).toBe(403);
    expect(errorOf(noTwoFactor).code).toBe('two_factor_setup_required');

    const setup = (await as(admin, { method: 'POST', url: '/api/setup-2fa' })).json<{ secret: string }>();
    secrets.add(setup.secret);
    adminKey = secretFromBase32(setup.secret);
    await as(admin, {
      method: 'POST',
      url: '/api/enable-2fa',
      payload: { code: totpAt(adminKey, stepAt(Date.now()) - 1) },
    });
    const ok = await as(admin, { method: 'GET', url: '/api/admin/ping' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', username: 'root-admin' });
  });

  it('admin sessions get the shorter admin timeouts', async () => {
    // The step before the current one enabled two-factor authentication; the next one signs in.
    const token = cookieOf(
      await login({ username: 'root-admin', password: PASSWORD, code: totpAt(adminKey, stepAt(Date.now()) + 1) }),
    ).value;
    const ctx = await services.auth.resolveSession(token);
    const lifetimeS = (ctx!.session.expiresAt.getTime() - ctx!.session.createdAt.getTime()) / 1000;
    expect(lifetimeS).toBe(43_200);
    expect((ctx!.session.idleExpiresAt.getTime() - ctx!.session.createdAt.getTime()) / 1000).toBe(1_800);
  });
});

describe('logs', () => {
  it('hold no password, one-time code, TOTP secret or session token', () => {
    expect(logs.length).toBeGreaterThan(50);
    // Every text in every line (numbers such as timestamps are not texts, and may hold any six digits).
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const line of logs) collect(JSON.parse(line));
    expect(secrets.size).toBeGreaterThan(20);
    for (const secret of secrets) {
      expect(
        texts.find((text) => text.includes(secret)),
        `a log line holds ${secret}`,
      ).toBeUndefined();
    }
  });
});
