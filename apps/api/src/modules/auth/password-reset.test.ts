import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { type AppServices, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { emailMessages } from '../email/email.schema.ts';
import { jobs } from '../../lib/platform.schema.ts';
import { passwordResetTokens } from './auth.schema.ts';
import { EMAIL_STRINGS } from '../email/locales/index.ts';
import { RESET_REQUESTED_MESSAGE, SEND_PASSWORD_RESET_JOB } from './auth.service.ts';
import { oneTimeTokenHash } from './one-time-token.ts';

/**
 * Forgot / reset password end to end (OWASP ASVS 4.0.3 V2.5),
 * on a fresh database (PGlite, or PostgreSQL with `DATABASE_URL`): no user enumeration, the
 * e-mail in the Outbox in the account's language with a working link, the token stored only as
 * its hash, single use, expiry, every session ended, throttling, and no token or password in any
 * log line (every line captured at `trace`).
 */

const PUBLIC_URL = 'http://store.test';
const PASSWORD = 'violet-harbour-tram-42';
const NEW_PASSWORD = 'amber-lantern-quay-77';
const logs: string[] = [];
/** Every password and token the tests send or receive; none may appear in a log line. */
const secrets = new Set<string>([PASSWORD, NEW_PASSWORD]);
let app: FastifyInstance;
let services: AppServices;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app, services } = await buildApp({
    config: testConfig({
      LOG_LEVEL: 'trace',
      PUBLIC_URL,
      AUTH_RESET_REQUESTS_PER_EMAIL: '3',
      AUTH_RESET_REQUESTS_PER_ADDRESS: '5',
      AUTH_THROTTLE_FAILURES_PER_ADDRESS: '4',
    }),
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

const same = { 'sec-fetch-site': 'same-origin' };
const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: { code: string; message: string; field?: string } }>().error;
/** A fresh client address per call site, so that the throttles of one test do not reach another. */
let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;

async function register(username: string, language = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: nextAddress(),
    payload: {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Rita',
      lastName: 'Levi',
      language,
    },
  });
  expect(res.statusCode).toBe(201);
  return res;
}

function login(username: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: nextAddress(),
    payload: { username, password },
  });
}

function cookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  secrets.add(cookie.value);
  return cookie.value;
}

const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: { ...same, cookie: `sid=${token}` } });

function forgot(email: string, remoteAddress = nextAddress(), language?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    remoteAddress,
    payload: { email, ...(language ? { language } : {}) },
  });
}

function reset(token: string, password = NEW_PASSWORD, remoteAddress = nextAddress()) {
  secrets.add(password);
  return app.inject({
    method: 'POST',
    url: '/api/reset-password',
    remoteAddress,
    payload: { token, password, confirmPassword: password },
  });
}

/** The reset e-mails sent to `to`, oldest first. */
async function resetMails(to: string) {
  const rows = await database.db.select().from(emailMessages).where(eq(emailMessages.to, to)).orderBy(emailMessages.id);
  return rows.filter((r) => r.template === 'password-reset');
}

const LINK = /http:\/\/store\.test\/auth\?view=reset#token=([A-Za-z0-9_-]{43})/;

/** Asks for a reset of `email`, runs the job and returns the token of the e-mailed link. */
async function tokenFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  await services.jobs.runUntilIdle();
  const mail = (await resetMails(email)).at(-1);
  const token = LINK.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in ${mail?.text}`);
  secrets.add(token);
  return token;
}

describe('POST /api/forgot-password', () => {
  it('answers a known and an unknown address alike (status, body), enqueuing one job each, and e-mails only the known one', async () => {
    await register('rita', 'tr');
    const before = await services.jobs.counts();
    const known = await forgot('Rita@Example.com', nextAddress(), 'en');
    const afterKnown = await services.jobs.counts();
    const unknown = await forgot('nobody@example.com', nextAddress(), 'en');
    const afterUnknown = await services.jobs.counts();

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(known.headers['cache-control']).toBe('no-store');
    expect(known.cookies).toEqual([]);
    // The same work in the request: one job each, whatever the address.
    expect(afterKnown.queued - before.queued).toBe(1);
    expect(afterUnknown.queued - afterKnown.queued).toBe(1);
    const queued = await database.db.select().from(jobs).where(eq(jobs.type, SEND_PASSWORD_RESET_JOB));
    expect(queued).toHaveLength(2);
    // No token in a job's payload: the job makes it.
    for (const job of queued) expect(Object.keys(job.payload as object).sort()).toEqual(['email', 'language']);

    await services.jobs.runUntilIdle();
    expect(await resetMails('nobody@example.com')).toEqual([]);
    const mails = await resetMails('rita@example.com');
    expect(mails).toHaveLength(1);
    // The account's language (tr), not the page's (en).
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      template: 'password-reset',
      language: 'tr',
      subject: 'Roamwise şifrenizi sıfırlayın',
    });
    expect(mail.text).toContain(EMAIL_STRINGS.tr.passwordReset.heading);
    expect(mail.text).toContain('Merhaba Rita Levi,');
    expect(mail.text).toContain('30 dakika');
    const token = LINK.exec(mail.text)![1]!;
    secrets.add(token);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/auth?view=reset#token=${token}"`);
    // The address is scrubbed from the succeeded jobs.
    const done = await database.db.select().from(jobs).where(eq(jobs.type, SEND_PASSWORD_RESET_JOB));
    for (const job of done) {
      expect(job.status).toBe('succeeded');
      expect(job.payload).not.toHaveProperty('email');
    }
  });

  it('stores the token only as its SHA-256, valid 30 minutes', async () => {
    const token = await tokenFor('rita@example.com');
    const rows = await database.db.select().from(passwordResetTokens);
    // The first request's token was replaced by this one.
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).toBe(oneTimeTokenHash(token));
    expect(row.usedAt).toBeNull();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);
    // Nowhere in the table, in any form but the hash.
    const dump = JSON.stringify(await database.db.execute(sql`select * from password_reset_tokens`));
    expect(dump).not.toContain(token);
  });

  it('refuses a malformed address (400 naming email) before any job', async () => {
    const before = await services.jobs.counts();
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'validation_error', field: 'email' });
    expect((await services.jobs.counts()).queued).toBe(before.queued);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password once and ends every session of the account; a second use is refused', async () => {
    await register('sam', 'de');
    const sessions = [cookieOf(await login('sam', PASSWORD)), cookieOf(await login('sam', PASSWORD))];
    for (const s of sessions) expect((await me(s)).statusCode).toBe(200);
    const token = await tokenFor('sam@example.com');
    expect((await resetMails('sam@example.com'))[0]).toMatchObject({
      language: 'de',
      subject: 'Setzen Sie Ihr Roamwise-Passwort zurück',
    });

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('message');
    for (const s of sessions) expect((await me(s)).statusCode).toBe(401);
    expect((await login('sam', PASSWORD)).statusCode).toBe(401);
    expect((await login('sam', NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'copper-meadow-lantern-58');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'invalid_token', field: 'token' });
    expect((await login('sam', 'copper-meadow-lantern-58')).statusCode).toBe(401);
  });

  it('accepts a token once under concurrent use', async () => {
    await register('tess');
    const token = await tokenFor('tess@example.com');
    const answers = await Promise.all([
      reset(token, 'granite-orchid-ferry-31'),
      reset(token, 'saffron-kettle-bridge-64'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired token', async () => {
    await register('ulla');
    const token = await tokenFor('ulla@example.com');
    await database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.tokenHash, oneTimeTokenHash(token)));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid_token');
  });

  it('keeps only the newest link: an older unused token stops working when a new one is sent', async () => {
    await register('vera');
    const older = await tokenFor('vera@example.com');
    const newer = await tokenFor('vera@example.com');
    expect(older).not.toBe(newer);
    expect(errorOf(await reset(older)).code).toBe('invalid_token');
    expect((await reset(newer, 'juniper-comet-harbor-19')).statusCode).toBe(200);
  });

  it('refuses a common password without using the token, then accepts a good one', async () => {
    await register('wanda');
    const token = await tokenFor('wanda@example.com');
    const common = await reset(token, 'passwordpassword');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common)).toMatchObject({
      code: 'validation_error',
      field: 'password',
      message: 'password: passwordCommon',
    });
    // The user's own name is a common word for them.
    expect(errorOf(await reset(token, 'wanda@example.com1')).message).toBe('password: passwordCommon');
    expect((await reset(token, 'walnut-cinder-parade-83')).statusCode).toBe(200);
  });

  it('refuses an unknown token (400 invalid_token) and mismatched passwords (400 naming confirmPassword)', async () => {
    const unknown = await reset('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ code: 'invalid_token', field: 'token' });
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: 'A'.repeat(43), password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
    });
    expect(errorOf(mismatch)).toMatchObject({ code: 'validation_error', field: 'confirmPassword' });
  });
});

describe('throttling', () => {
  it('allows 3 reset requests per e-mail address per hour, known or not, then 429 with Retry-After', async () => {
    await register('xena');
    for (const email of ['xena@example.com', 'ghost@example.com']) {
      for (let i = 0; i < 3; i++) expect((await forgot(email.toUpperCase())).statusCode).toBe(200);
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toMatchObject({ code: 'rate_limited' });
      expect(errorOf(refused).message).toMatch(/^Too many password reset requests\. Please wait \d+ minutes?/);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(3_000);
      expect(wait).toBeLessThanOrEqual(3_600);
    }
    await services.jobs.runUntilIdle();
  });

  it('allows 5 reset requests per client address per hour, whatever the addresses', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++) expect((await forgot(`walker${i}@example.com`, address)).statusCode).toBe(200);
    const refused = await forgot('walker9@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('walker9@example.com')).statusCode).toBe(200);
    await services.jobs.runUntilIdle();
  });

  it('counts wrong reset tokens as failures of the address: after 4, even a valid token waits', async () => {
    const address = nextAddress();
    for (let i = 0; i < 4; i++)
      expect((await reset(`guess-${i}-${'x'.repeat(36)}`, NEW_PASSWORD, address)).statusCode).toBe(400);
    await register('yara');
    const token = await tokenFor('yara@example.com');
    const refused = await reset(token, 'thistle-beacon-rover-27', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not concerned, and the token was not used by the refused attempt.
    expect((await reset(token, 'thistle-beacon-rover-27')).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('hold no password, reset token or session token', () => {
    expect(logs.length).toBeGreaterThan(20);
    const texts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const line of logs) collect(JSON.parse(line));
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(
        texts.find((text) => text.includes(secret)),
        `a log line holds ${secret}`,
      ).toBeUndefined();
    }
  });
});
