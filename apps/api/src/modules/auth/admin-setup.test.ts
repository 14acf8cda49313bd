import { userSchema } from '@esim/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { adminSetupTokens } from './auth.schema.ts';
import { type AdminSetupLinkOutput, announceAdminSetupLink } from './admin-setup-link.ts';
import { oneTimeTokenHash } from './one-time-token.ts';

/**
 * The first admin: the one-time link printed at start-up while no admin exists, and
 * `GET /api/setup-admin/status` / `POST /api/setup-admin`, on a fresh database (PGlite, or
 * PostgreSQL with `DATABASE_URL`), with every log line captured at `trace`.
 */

const PUBLIC_URL = 'http://store.test';
const PASSWORD = 'violet-harbour-tram-42';
const logs: string[] = [];
const secrets = new Set<string>([PASSWORD]);
let app: FastifyInstance;
let services: AppServices;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace', PUBLIC_URL }),
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

const LINK =
  /^No admin account yet\. Create the first one at (http:\/\/store\.test\/setup-admin#token=([A-Za-z0-9_-]{43})) \(one-time link, valid until (\S+)\), or run "npm run admin:create"\.$/;
const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: { code: string; message: string; field?: string } }>().error;

/** Runs {@link announceAdminSetupLink} at `logLevel`, recording what it logged and wrote. */
async function announce(logLevel: AdminSetupLinkOutput['logLevel']) {
  const info: string[] = [];
  const written: string[] = [];
  const url = await announceAdminSetupLink(services.auth, {
    log: { info: (msg) => void info.push(msg) },
    logLevel,
    write: (line) => void written.push(line),
  });
  const token = url ? new URL(url).hash.replace(/^#token=/, '') : undefined;
  if (token) secrets.add(token);
  return { url, token, info, written };
}

const status = async () =>
  (await app.inject({ method: 'GET', url: '/api/setup-admin/status' })).json<{ needed: boolean }>();

function setup(token: string, overrides: Record<string, unknown> = {}) {
  const body = {
    token,
    username: 'root',
    email: 'root@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ada',
    lastName: 'Admin',
    ...overrides,
  };
  secrets.add(String(body.password));
  return app.inject({ method: 'POST', url: '/api/setup-admin', payload: body });
}

describe('the first-admin link at start-up', () => {
  it('prints one info line with a one-time link valid 24 hours, stored only as its hash', async () => {
    const started = Date.now();
    const { url, token, info, written } = await announce('info');
    expect(written).toEqual([]);
    expect(info).toHaveLength(1);
    const match = LINK.exec(info[0]!);
    expect(match?.[1]).toBe(url);
    expect(match?.[2]).toBe(token);
    const validUntil = Date.parse(match![3]!);
    expect(validUntil - started).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(validUntil - started).toBeLessThanOrEqual(24 * 3_600_000 + 5_000);
    const rows = await database.db.select().from(adminSetupTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(oneTimeTokenHash(token!));
    expect(JSON.stringify(await database.db.execute(sql`select * from admin_setup_tokens`))).not.toContain(token);
  });

  it('prints it plainly on stdout when LOG_LEVEL hides info lines; the new start replaces the previous link', async () => {
    const { info, written } = await announce('warn');
    expect(info).toEqual([]);
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('\n')).toBe(true);
    expect(written[0]!.trimEnd()).toMatch(LINK);
    expect(await database.db.select().from(adminSetupTokens)).toHaveLength(1);
  });
});

describe('POST /api/setup-admin', () => {
  let token: string;
  let stale: string;

  beforeAll(async () => {
    // A customer account does not close the set-up; only an admin does.
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'bob',
        email: 'bob@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Bob',
        lastName: 'B',
      },
    });
    expect(res.statusCode).toBe(201);
    stale = (await announce('info')).token!;
    token = (await announce('info')).token!;
  });

  it('says the set-up is needed while no admin exists', async () => {
    expect(await status()).toEqual({ needed: true });
  });

  it('refuses an unknown or replaced token (400 invalid_token naming token)', async () => {
    for (const bad of ['A'.repeat(43), stale]) {
      const res = await setup(bad);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'invalid_token', field: 'token' });
      expect(res.cookies).toEqual([]);
    }
  });

  it('refuses an expired token', async () => {
    const { token: expiring } = await announce('info');
    await database.db
      .update(adminSetupTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(adminSetupTokens.tokenHash, oneTimeTokenHash(expiring!)));
    expect(errorOf(await setup(expiring!)).code).toBe('invalid_token');
    token = (await announce('info')).token!;
  });

  it('refuses a common password, a taken username or e-mail and mismatched passwords without using the token', async () => {
    const common = await setup(token, { password: 'passwordpassword', confirmPassword: 'passwordpassword' });
    expect(errorOf(common)).toMatchObject({
      code: 'validation_error',
      field: 'password',
      message: 'password: passwordCommon',
    });
    const takenName = await setup(token, { username: 'BOB' });
    expect(takenName.statusCode).toBe(409);
    expect(errorOf(takenName)).toMatchObject({ code: 'username_taken', field: 'username' });
    expect(errorOf(await setup(token, { email: 'Bob@example.com' }))).toMatchObject({
      code: 'email_taken',
      field: 'email',
    });
    expect(errorOf(await setup(token, { confirmPassword: `${PASSWORD}x` }))).toMatchObject({
      code: 'validation_error',
      field: 'confirmPassword',
    });
    expect(await status()).toEqual({ needed: true });
  });

  it('creates the first admin and signs them in (201, cookie); the status turns false', async () => {
    const res = await setup(token);
    expect(res.statusCode).toBe(201);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({ username: 'root', email: 'root@example.com', isAdmin: true, twoFactorEnabled: false });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    secrets.add(cookie!.value);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `sid=${cookie!.value}` } });
    expect(me.json()).toMatchObject({ username: 'root', isAdmin: true });
    // An admin's session: the shorter admin timeouts.
    const ctx = await services.auth.resolveSession(cookie!.value);
    expect((ctx!.session.expiresAt.getTime() - ctx!.session.createdAt.getTime()) / 1000).toBe(43_200);
    expect(await status()).toEqual({ needed: false });
    expect((await database.db.select().from(adminSetupTokens)).every((t) => t.usedAt !== null)).toBe(true);
  });

  it('answers 409 admin_exists to any later set-up, and prints no link any more', async () => {
    for (const again of [token, 'A'.repeat(43)]) {
      const res = await setup(again, { username: 'root2', email: 'root2@example.com' });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('admin_exists');
      expect(res.cookies).toEqual([]);
    }
    const { url, info, written } = await announce('info');
    expect(url).toBeUndefined();
    expect(info).toEqual([]);
    expect(written).toEqual([]);
  });
});

describe('concurrent set-ups', () => {
  it('make one admin: one 201, the other 409 admin_exists', async () => {
    const db = await openTestDatabase();
    const { app: other, services: otherServices } = await buildApp({
      config: testConfig({ PUBLIC_URL }),
      database: db,
      serveWeb: false,
    });
    try {
      const url = await announceAdminSetupLink(otherServices.auth, {
        log: { info: () => {} },
        logLevel: 'info',
        write: () => {},
      });
      const live = new URL(url!).hash.replace(/^#token=/, '');
      secrets.add(live);
      const send = (username: string) =>
        other.inject({
          method: 'POST',
          url: '/api/setup-admin',
          payload: {
            token: live,
            username,
            email: `${username}@example.com`,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            firstName: 'A',
            lastName: 'B',
          },
        });
      const answers = await Promise.all([send('first'), send('second')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(errorOf(answers.find((r) => r.statusCode === 409)!).code).toBe('admin_exists');
    } finally {
      await other.close();
      await db.close();
    }
  });
});

describe('logs', () => {
  it('hold no password, first-admin token or session token', () => {
    expect(logs.length).toBeGreaterThan(10);
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const line of logs) collect(JSON.parse(line));
    for (const secret of secrets) {
      expect(
        texts.find((text) => text.includes(secret)),
        `a log line holds ${secret}`,
      ).toBeUndefined();
    }
  });
});
