import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { ThrottleRepository } from '../../lib/throttle.repository.ts';
import { AuthRateLimitedError, AuthThrottle, accountSubject, resetEmailSubject } from './auth-throttle.ts';
import { secretFromBase32, stepAt, totpAt } from './totp.ts';

/**
 * Sign-in throttling figures (OWASP ASVS 4.0.3 V2.2.1): failures per account and per
 * address, growing waits, 429 with `Retry-After`, and no permanent lock-out.
 */

let database: Database;
let app: FastifyInstance;
const PASSWORD = 'violet-harbour-tram-42';

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await buildApp({
    config: testConfig({
      AUTH_THROTTLE_FAILURES_PER_ACCOUNT: '3',
      AUTH_THROTTLE_FAILURES_PER_ADDRESS: '5',
      AUTH_THROTTLE_WINDOW_S: '60',
      AUTH_THROTTLE_ATTEMPTS_PER_ADDRESS: '1000',
    }),
    database,
    serveWeb: false,
  }));
  await app.ready();
  for (const username of ['tess', 'uma', 'vera']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '198.51.100.1',
      payload: {
        username,
        email: `${username}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'T',
        lastName: 'S',
      },
    });
    expect(res.statusCode).toBe(201);
  }
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const login = (username: string, password: string, remoteAddress: string, code?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { username, password, ...(code ? { code } : {}) },
  });

describe('POST /api/login throttling', () => {
  it('after 3 failures of one account, refuses it (even the right password, from any address) with 429 and Retry-After <= 60 s', async () => {
    for (let i = 0; i < 3; i++) expect((await login('tess', 'wrong-password-1', '203.0.113.1')).statusCode).toBe(401);
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      const res = await login('tess', PASSWORD, address);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.cookies).toEqual([]);
    }
    // The e-mail address names the same account.
    expect((await login('TESS@example.com', PASSWORD, '203.0.113.3')).statusCode).toBe(429);
    // Another account is not concerned.
    expect((await login('uma', PASSWORD, '203.0.113.3')).statusCode).toBe(200);
  });

  it('after 5 failures from one address (any accounts, known or not), refuses that address only', async () => {
    for (const name of ['x1', 'x2', 'x3', 'x4', 'uma'])
      expect((await login(name, 'wrong-password-1', '192.0.2.7')).statusCode).toBe(401);
    const refused = await login('uma', PASSWORD, '192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect((await login('uma', PASSWORD, '192.0.2.8')).statusCode).toBe(200);
  });

  it('counts wrong two-factor codes as failures', async () => {
    const token = (await login('uma', PASSWORD, '198.51.100.9')).cookies[0]!.value;
    const headers = { cookie: `sid=${token}`, 'sec-fetch-site': 'same-origin' };
    const { secret } = (
      await app.inject({ method: 'POST', url: '/api/setup-2fa', headers, remoteAddress: '198.51.100.9' })
    ).json<{ secret: string }>();
    const key = secretFromBase32(secret);
    const enable = await app.inject({
      method: 'POST',
      url: '/api/enable-2fa',
      headers,
      remoteAddress: '198.51.100.9',
      payload: { code: totpAt(key, stepAt(Date.now())) },
    });
    expect(enable.statusCode).toBe(200);
    const wrong = totpAt(key, stepAt(Date.now()) + 5);
    // uma's wrong password in the test before is one failure; two wrong codes make three.
    for (let i = 0; i < 2; i++)
      expect((await login('uma', PASSWORD, '198.51.100.10', wrong)).json().error.code).toBe('two_factor_required');
    const refused = await login('uma', PASSWORD, '198.51.100.11', totpAt(key, stepAt(Date.now()) + 1));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('replayed two-factor codes', () => {
  it('counts each replay of the code just used as a failure, like a wrong code: a replaying client is slowed down the same', async () => {
    const address = '198.51.100.20';
    const token = (await login('vera', PASSWORD, address)).cookies[0]!.value;
    const headers = { cookie: `sid=${token}`, 'sec-fetch-site': 'same-origin' };
    const { secret } = (
      await app.inject({ method: 'POST', url: '/api/setup-2fa', headers, remoteAddress: address })
    ).json<{ secret: string }>();
    const key = secretFromBase32(secret);
    const used = totpAt(key, stepAt(Date.now()));
    const enable = await app.inject({
      method: 'POST',
      url: '/api/enable-2fa',
      headers,
      remoteAddress: address,
      payload: { code: used },
    });
    expect(enable.statusCode).toBe(200);
    // Three replays fill the account's tier of 3 failures, from three addresses.
    for (let i = 0; i < 3; i++) {
      const replay = await login('vera', PASSWORD, `198.51.100.${21 + i}`, used);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.code).toBe('code_already_used');
    }
    // Even a fresh, valid code now waits.
    const refused = await login('vera', PASSWORD, '198.51.100.30', totpAt(key, stepAt(Date.now()) + 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.cookies).toEqual([]);
  });
});

describe('AuthThrottle: growing waits that end', () => {
  it('waits 1 minute after 3 failures, 15 minutes after 6, 1 hour after 12, and then lets the owner in', async () => {
    let nowMs = Date.UTC(2030, 0, 1);
    const throttle = new AuthThrottle(
      new ThrottleRepository(database.db),
      {
        failuresPerAccount: 3,
        failuresPerAddress: 1000,
        windowS: 60,
        attemptsPerAddress: 1000,
        resetRequestsPerEmail: 3,
        resetRequestsPerAddress: 1000,
      },
      () => nowMs,
    );
    const identity = { address: '100.64.0.1', subjects: [accountSubject(424242)] };
    const waitNow = async () => {
      try {
        await throttle.check(identity);
        return 0;
      } catch (error) {
        if (error instanceof AuthRateLimitedError) return error.retryAfterS;
        throw error;
      }
    };
    const fail = async (times: number) => {
      for (let i = 0; i < times; i++) {
        expect(await waitNow()).toBe(0);
        await throttle.recordFailure(identity);
      }
    };
    await fail(3);
    expect(await waitNow()).toBe(60);
    nowMs += 60_000;
    await fail(3);
    expect(await waitNow()).toBe(900 - 60);
    nowMs += 840_000;
    await fail(3);
    expect(await waitNow()).toBe(60);
    nowMs += 60_000;
    await fail(3);
    // 12 failures within the hour: the hour's tier is full until it ends.
    expect(await waitNow()).toBe(3_600 - 960);
    nowMs += 2_640_000;
    expect(await waitNow()).toBe(0);
  });
});

describe('AuthThrottle: password-reset requests', () => {
  it('allows 3 per e-mail address (any case) and 5 per client address per hour, and lets them through once the hour ends', async () => {
    let nowMs = Date.UTC(2030, 5, 1);
    const throttle = new AuthThrottle(
      new ThrottleRepository(database.db),
      {
        failuresPerAccount: 5,
        failuresPerAddress: 20,
        windowS: 60,
        attemptsPerAddress: 1000,
        resetRequestsPerEmail: 3,
        resetRequestsPerAddress: 5,
      },
      () => nowMs,
    );
    const waitFor = async (email: string, address: string) => {
      try {
        await throttle.checkResetRequest({ address, subjects: [resetEmailSubject(email)] });
        return 0;
      } catch (error) {
        if (error instanceof AuthRateLimitedError) return error.retryAfterS;
        throw error;
      }
    };
    expect(resetEmailSubject(' Ada@Example.com ')).toBe(resetEmailSubject('ada@example.com'));
    expect(resetEmailSubject('ada@example.com')).not.toContain('ada');
    for (let i = 0; i < 3; i++)
      expect(await waitFor(i % 2 ? 'ADA@example.com' : 'ada@example.com', `100.64.1.${i}`)).toBe(0);
    expect(await waitFor('ada@example.com', '100.64.1.9')).toBe(3_600);
    for (let i = 0; i < 5; i++) expect(await waitFor(`walker${i}@example.com`, '100.64.2.1')).toBe(0);
    nowMs += 600_000;
    expect(await waitFor('walker9@example.com', '100.64.2.1')).toBe(3_000);
    nowMs += 3_000_000;
    expect(await waitFor('ada@example.com', '100.64.1.9')).toBe(0);
    expect(await waitFor('walker9@example.com', '100.64.2.1')).toBe(0);
  });
});
