import type { RegisterBody } from '@esim/contract/auth';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import type { EnqueueRequest } from '../../lib/jobs.ts';
import { FakeThrottleRepository } from '../../lib/throttle.repository.fake.ts';
import type { OutgoingEmail } from '../../providers/mail/mailer.ts';
import { FakeAuthRepository } from './auth.repository.fake.ts';
import { AuthRateLimitedError, AuthThrottle } from './auth-throttle.ts';
import {
  AdminExistsError,
  AuthService,
  CodeAlreadyUsedError,
  InvalidCodeError,
  InvalidTokenError,
  type PasswordResetJobPayload,
  RESET_TOKEN_TTL_MINUTES,
  SEND_PASSWORD_RESET_JOB,
  TwoFactorRequiredError,
} from './auth.service.ts';
import { oneTimeTokenHash } from './one-time-token.ts';
import type * as PasswordModule from './password.ts';
import { sessionIdOf } from './session-cookie.ts';
import { SecretBox, secretFromBase32, stepAt, totpAt } from './totp.ts';

// argon2id at its lowest cost: the rules under test do not depend on the hash's cost, and the
// production parameters (about 35 ms a hash) would make the recovery codes alone take seconds.
// `auth.routes.test.ts` runs the real ones.
vi.mock('./password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  const { hash } = await import('@node-rs/argon2');
  return {
    ...real,
    hashPassword: (password: string) => hash(password, { ...real.ARGON2_PARAMS, memoryCost: 256, timeCost: 1 }),
  };
});

/**
 * The account rules of `AuthService` (docs/product-rules.md "Accounts, sessions and two-factor";
 * docs/decisions/0014-accounts-and-sessions.md) on an in-memory repository and throttle store,
 * with a clock the tests move: no database. The HTTP side (cookies, CSRF, logs) stays in
 * `auth.routes.test.ts`.
 */

const START = Date.parse('2027-03-01T10:00:00.000Z');
const CLIENT = { ip: '198.51.100.7', userAgent: 'unit-test' };
const PASSWORD = 'violet-harbour-tram-42';

/** The auth settings of a test store: customer 7 d idle / 30 d absolute, admin 30 min / 12 h. */
function authConfig(throttle: Partial<Config['auth']['throttle']> = {}): Config['auth'] {
  return {
    secret: 'unit-test-auth-secret-that-is-long-enough',
    previousSecrets: [],
    sessionIdleS: 7 * 86_400,
    sessionAbsoluteS: 30 * 86_400,
    adminSessionIdleS: 30 * 60,
    adminSessionAbsoluteS: 12 * 3_600,
    adminRequire2fa: true,
    throttle: {
      failuresPerAccount: 1_000,
      failuresPerAddress: 1_000,
      windowS: 60,
      attemptsPerAddress: 1_000,
      resetRequestsPerEmail: 1_000,
      resetRequestsPerAddress: 1_000,
      ...throttle,
    },
  };
}

function setup(throttle: Partial<Config['auth']['throttle']> = {}) {
  let now = START;
  const clock = () => now;
  const config = authConfig(throttle);
  const repo = new FakeAuthRepository(() => new Date(now));
  const secrets = new SecretBox(config.secret);
  const service = new AuthService({
    repo,
    throttle: new AuthThrottle(new FakeThrottleRepository(), config.throttle, clock),
    secrets,
    config,
    publicUrl: 'https://roamwise.example/',
    now: clock,
  });
  const jobs: EnqueueRequest[] = [];
  const mail: OutgoingEmail[] = [];
  service.registerJobs(
    {
      register: () => {},
      enqueue: async (job) => {
        jobs.push(job);
        return jobs.length;
      },
    },
    {
      transport: 'memory',
      send: async (message) => {
        mail.push(message);
        return mail.length;
      },
    },
  );
  return {
    repo,
    service,
    jobs,
    mail,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

type Setup = ReturnType<typeof setup>;

function account(username: string, password = PASSWORD): RegisterBody {
  return {
    username,
    email: `${username}@example.com`,
    password,
    confirmPassword: password,
    firstName: 'Tess',
    lastName: 'Ortega',
  };
}

/** Registers `username` and resolves its session, as the request hook would. */
async function signedUp(t: Setup, username: string) {
  const { token } = await t.service.register(account(username), CLIENT);
  const ctx = await t.service.resolveSession(token);
  if (!ctx) throw new Error('the new session does not resolve');
  return { token, ctx };
}

/** Turns two-factor authentication on for `username`: its secret and recovery codes. */
async function withTwoFactor(t: Setup, username: string) {
  const { ctx } = await signedUp(t, username);
  const { secret } = await t.service.setupTwoFactor(ctx);
  const key = secretFromBase32(secret);
  const codeNow = () => totpAt(key, stepAt(t.now()));
  const recovery = await t.service.enableTwoFactor(ctx, codeNow(), CLIENT);
  return { ctx, key, codeNow, recovery };
}

describe('password policy', () => {
  it('refuses a common password, or one built from the account’s own names, creating nothing', async () => {
    const t = setup();
    await expect(t.service.register(account('tess', 'passwordpassword'), CLIENT)).rejects.toMatchObject({
      status: 400,
      field: 'password',
      message: 'password: passwordCommon',
    });
    await expect(
      t.service.register({ ...account('marguerite'), password: 'marguerite1234' }, CLIENT),
    ).rejects.toMatchObject({ status: 400, field: 'password' });
    expect(t.repo.users).toHaveLength(0);
    // The same password is fine for an account whose names it does not hold.
    const { user } = await t.service.register(account('tess', 'marguerite1234'), CLIENT);
    expect(user).toMatchObject({ username: 'tess', isAdmin: false, twoFactorEnabled: false, language: 'en' });
  });

  it('stores the password only as an argon2id hash', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    const [row] = t.repo.users;
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses a taken username or e-mail address, case-insensitively, naming the field', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    await expect(t.service.register(account('TESS'), CLIENT)).rejects.toMatchObject({
      status: 409,
      code: 'username_taken',
      field: 'username',
    });
    await expect(t.service.register({ ...account('other'), email: 'Tess@Example.com' }, CLIENT)).rejects.toMatchObject({
      status: 409,
      code: 'email_taken',
      field: 'email',
    });
  });

  it('changes the password only with the right current one, and never to a common one', async () => {
    const t = setup();
    const { ctx } = await signedUp(t, 'tess');
    await expect(
      t.service.changePassword(
        ctx,
        { currentPassword: 'wrong-password-123', newPassword: 'amber-kettle-sonnet-7' },
        CLIENT,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_current_password', field: 'currentPassword' });
    await expect(
      t.service.changePassword(ctx, { currentPassword: PASSWORD, newPassword: 'qwertyuiopasdf' }, CLIENT),
    ).rejects.toMatchObject({ status: 400, field: 'newPassword' });
    await t.service.changePassword(ctx, { currentPassword: PASSWORD, newPassword: 'amber-kettle-sonnet-7' }, CLIENT);
    await expect(t.service.login({ username: 'tess', password: PASSWORD }, CLIENT)).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(
      t.service.login({ username: 'tess', password: 'amber-kettle-sonnet-7' }, CLIENT),
    ).resolves.toMatchObject({ user: { username: 'tess' } });
  });
});

describe('sign-in and sessions', () => {
  it('answers an unknown account and a wrong password alike: 401 invalid_credentials', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    const unknown = await t.service.login({ username: 'nobody', password: PASSWORD }, CLIENT).catch((e) => e);
    const wrong = await t.service.login({ username: 'tess', password: 'not-the-password' }, CLIENT).catch((e) => e);
    for (const error of [unknown, wrong]) {
      expect(error).toMatchObject({
        status: 401,
        code: 'invalid_credentials',
        message: 'Invalid username or password.',
      });
    }
  });

  it('opens a new session at every sign-in and ends the one the client brought (never upgraded)', async () => {
    const t = setup();
    const { token: first } = await signedUp(t, 'tess');
    const { token: second } = await t.service.login(
      { username: 'TESS@example.com', password: PASSWORD },
      CLIENT,
      sessionIdOf(first),
    );
    expect(second).not.toBe(first);
    expect(await t.service.resolveSession(first)).toBeUndefined();
    expect((await t.service.resolveSession(second))?.user.username).toBe('tess');
    // Only the token's SHA-256 is stored.
    expect(t.repo.sessions.map((s) => s.id)).toEqual([sessionIdOf(second)]);
  });

  it('ends a customer session after 7 idle days, moving the idle timeout at most once a minute', async () => {
    const t = setup();
    const { token } = await signedUp(t, 'tess');
    const [session] = t.repo.sessions;
    const idle = session!.idleExpiresAt.getTime();
    t.advance(30_000);
    await t.service.resolveSession(token);
    expect(t.repo.sessions[0]!.idleExpiresAt.getTime()).toBe(idle);
    t.advance(31_000);
    await t.service.resolveSession(token);
    expect(t.repo.sessions[0]!.idleExpiresAt.getTime()).toBe(t.now() + 7 * 86_400_000);
    t.advance(7 * 86_400_000);
    expect(await t.service.resolveSession(token)).toBeUndefined();
  });

  it('ends a session at its absolute timeout however much it is used', async () => {
    const t = setup();
    const { token } = await signedUp(t, 'tess');
    for (let day = 0; day < 29; day++) {
      t.advance(86_400_000);
      expect(await t.service.resolveSession(token), `day ${day + 1}`).toBeDefined();
    }
    t.advance(86_400_000);
    expect(await t.service.resolveSession(token)).toBeUndefined();
  });

  it('gives admins the shorter admin timeouts (30 idle minutes)', async () => {
    const t = setup();
    await t.service.createAdmin(account('ada'));
    const { token } = await t.service.login({ username: 'ada', password: PASSWORD }, CLIENT);
    const session = t.repo.sessions.find((s) => s.id === sessionIdOf(token))!;
    expect(session.idleExpiresAt.getTime() - t.now()).toBe(30 * 60_000);
    expect(session.expiresAt.getTime() - t.now()).toBe(12 * 3_600_000);
    t.advance(30 * 60_000);
    expect(await t.service.resolveSession(token)).toBeUndefined();
  });

  it('ends the other sessions on a password change and keeps the one that asked', async () => {
    const t = setup();
    const { token, ctx } = await signedUp(t, 'tess');
    const other = await t.service.login({ username: 'tess', password: PASSWORD }, CLIENT);
    await t.service.changePassword(ctx, { currentPassword: PASSWORD, newPassword: 'amber-kettle-sonnet-7' }, CLIENT);
    expect(await t.service.resolveSession(token)).toBeDefined();
    expect(await t.service.resolveSession(other.token)).toBeUndefined();
  });

  it('lists the live sessions with the current one marked, and will not end the current one by id', async () => {
    const t = setup();
    const { ctx } = await signedUp(t, 'tess');
    t.advance(1_000);
    await t.service.login({ username: 'tess', password: PASSWORD }, { ip: '203.0.113.9', userAgent: 'x'.repeat(500) });
    const sessions = await t.service.listSessions(ctx);
    expect(sessions.map((s) => s.current)).toEqual([true, false]);
    expect(sessions[1]).toMatchObject({ ip: '203.0.113.9', userAgent: 'x'.repeat(200) });
    await expect(t.service.endSession(ctx, sessions[0]!.id)).rejects.toMatchObject({ code: 'current_session' });
    await expect(t.service.endSession(ctx, 'f'.repeat(32))).rejects.toMatchObject({ status: 404 });
    await t.service.endSession(ctx, sessions[1]!.id);
    expect(await t.service.listSessions(ctx)).toHaveLength(1);
  });
});

describe('lock-out (throttle)', () => {
  it('refuses even the right password once the account has 3 failures in a minute, and lets the owner in when the window ends', async () => {
    const t = setup({ failuresPerAccount: 3, windowS: 60 });
    await t.service.register(account('tess'), CLIENT);
    for (let i = 0; i < 3; i++) {
      await expect(t.service.login({ username: 'tess', password: 'wrong-password-0' }, CLIENT)).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
    }
    // Per account: another client address is refused too.
    const refused = await t.service
      .login({ username: 'tess', password: PASSWORD }, { ip: '203.0.113.50', userAgent: undefined })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthRateLimitedError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as AuthRateLimitedError).retryAfterS).toBeGreaterThan(0);
    expect((refused as AuthRateLimitedError).retryAfterS).toBeLessThanOrEqual(60);
    t.advance(61_000);
    await expect(t.service.login({ username: 'tess', password: PASSWORD }, CLIENT)).resolves.toMatchObject({
      user: { username: 'tess' },
    });
  });

  it('waits longer when failures go on: the 15-minute tier outlasts the first window', async () => {
    const t = setup({ failuresPerAccount: 3, windowS: 60 });
    await t.service.register(account('tess'), CLIENT);
    for (let i = 0; i < 6; i++) {
      if (i === 3) t.advance(61_000);
      await t.service.login({ username: 'tess', password: 'wrong-password-0' }, CLIENT).catch(() => undefined);
    }
    t.advance(61_000);
    const refused = await t.service.login({ username: 'tess', password: PASSWORD }, CLIENT).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthRateLimitedError);
    expect((refused as AuthRateLimitedError).retryAfterS).toBeGreaterThan(60);
    t.advance(15 * 60_000);
    await expect(t.service.login({ username: 'tess', password: PASSWORD }, CLIENT)).resolves.toBeDefined();
  });

  it('counts a wrong current password of a password change as a failure of the account', async () => {
    const t = setup({ failuresPerAccount: 2 });
    const { ctx } = await signedUp(t, 'tess');
    const body = { currentPassword: 'wrong-password-0', newPassword: 'amber-kettle-sonnet-7' };
    await t.service.changePassword(ctx, body, CLIENT).catch(() => undefined);
    await t.service.changePassword(ctx, body, CLIENT).catch(() => undefined);
    await expect(t.service.changePassword(ctx, { ...body, currentPassword: PASSWORD }, CLIENT)).rejects.toBeInstanceOf(
      AuthRateLimitedError,
    );
  });
});

describe('two-factor authentication', () => {
  it('turns on only with a code of the pending secret, and returns 10 recovery codes once', async () => {
    const t = setup();
    const { ctx } = await signedUp(t, 'tess');
    await expect(t.service.enableTwoFactor(ctx, '123456', CLIENT)).rejects.toMatchObject({
      code: 'two_factor_not_set_up',
    });
    const { secret, otpauthUri } = await t.service.setupTwoFactor(ctx);
    expect(otpauthUri).toContain('issuer=Roamwise');
    // The secret is kept encrypted, never in clear.
    expect(t.repo.users[0]!.totpPendingSecret).not.toContain(secret);
    const key = secretFromBase32(secret);
    const wrong = totpAt(key, stepAt(t.now()) + 5);
    await expect(t.service.enableTwoFactor(ctx, wrong, CLIENT)).rejects.toBeInstanceOf(InvalidCodeError);
    const codes = await t.service.enableTwoFactor(ctx, totpAt(key, stepAt(t.now())), CLIENT);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(t.repo.recoveryCodes.map((c) => c.codeHash).join()).not.toContain(codes[0]!.replace('-', ''));
    await expect(t.service.setupTwoFactor(ctx)).resolves.toBeDefined(); // ctx is the stale pre-2FA row
    await expect(t.service.enableTwoFactor(ctx, totpAt(key, stepAt(t.now())), CLIENT)).rejects.toMatchObject({
      code: 'two_factor_already_enabled',
    });
  });

  it('asks for the second factor after a right password and opens no session without it', async () => {
    const t = setup();
    await withTwoFactor(t, 'tess');
    const before = t.repo.sessions.length;
    await expect(t.service.login({ username: 'tess', password: PASSWORD }, CLIENT)).rejects.toMatchObject({
      status: 401,
      code: 'two_factor_required',
      field: 'code',
    });
    expect(t.repo.sessions).toHaveLength(before);
  });

  it('refuses the code of the step it last accepted (RFC 6238 section 5.2), saying it was just used', async () => {
    const t = setup();
    const { codeNow } = await withTwoFactor(t, 'tess');
    // The code that turned two-factor authentication on counts as used.
    const error = await t.service
      .login({ username: 'tess', password: PASSWORD, code: codeNow() }, CLIENT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodeAlreadyUsedError);
    expect(error).toMatchObject({ status: 401, code: 'code_already_used' });
    t.advance(30_000);
    const code = codeNow();
    await expect(t.service.login({ username: 'tess', password: PASSWORD, code }, CLIENT)).resolves.toBeDefined();
    await expect(t.service.login({ username: 'tess', password: PASSWORD, code }, CLIENT)).rejects.toBeInstanceOf(
      CodeAlreadyUsedError,
    );
  });

  it('gives the generic refusal to a code of an earlier step than the last accepted, inside the time window', async () => {
    const t = setup();
    const { key } = await withTwoFactor(t, 'tess');
    t.advance(30_000);
    const step = stepAt(t.now());
    await t.service.login({ username: 'tess', password: PASSWORD, code: totpAt(key, step) }, CLIENT);
    const error = await t.service
      .login({ username: 'tess', password: PASSWORD, code: totpAt(key, step - 1) }, CLIENT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TwoFactorRequiredError);
    expect(error).not.toBeInstanceOf(CodeAlreadyUsedError);
    expect((error as Error).message).toBe('The two-factor code is not valid, has expired or was already used.');
  });

  it('refuses codes outside the ±1 step window', async () => {
    const t = setup();
    const { key } = await withTwoFactor(t, 'tess');
    const step = stepAt(t.now());
    for (const far of [step + 2, step - 2]) {
      await expect(
        t.service.login({ username: 'tess', password: PASSWORD, code: totpAt(key, far) }, CLIENT),
      ).rejects.toMatchObject({ code: 'two_factor_required' });
    }
    await expect(
      t.service.login({ username: 'tess', password: PASSWORD, code: totpAt(key, step + 1) }, CLIENT),
    ).resolves.toBeDefined();
  });

  it('accepts each recovery code once, in any case, with or without its hyphen', async () => {
    const t = setup();
    const { recovery } = await withTwoFactor(t, 'tess');
    const typed = recovery[3]!.toUpperCase().replace('-', ' ');
    await expect(t.service.login({ username: 'tess', password: PASSWORD, code: typed }, CLIENT)).resolves.toBeDefined();
    await expect(
      t.service.login({ username: 'tess', password: PASSWORD, code: recovery[3]! }, CLIENT),
    ).rejects.toMatchObject({ code: 'two_factor_required' });
    expect(t.repo.recoveryCodes.filter((c) => c.usedAt !== null)).toHaveLength(1);
  });

  it('counts wrong and reused codes as failures of the account', async () => {
    const t = setup({ failuresPerAccount: 2 });
    const { codeNow } = await withTwoFactor(t, 'tess');
    await t.service.login({ username: 'tess', password: PASSWORD, code: codeNow() }, CLIENT).catch(() => undefined);
    await t.service.login({ username: 'tess', password: PASSWORD, code: '000000' }, CLIENT).catch(() => undefined);
    t.advance(30_000);
    await expect(
      t.service.login({ username: 'tess', password: PASSWORD, code: codeNow() }, CLIENT),
    ).rejects.toBeInstanceOf(AuthRateLimitedError);
  });

  it('turns off only with a fresh TOTP code or an unused recovery code, and deletes secret and codes', async () => {
    const t = setup();
    const { ctx, codeNow, recovery } = await withTwoFactor(t, 'tess');
    await expect(t.service.disableTwoFactor(ctx, codeNow(), CLIENT)).rejects.toMatchObject({
      status: 400,
      code: 'code_already_used',
    });
    await expect(t.service.disableTwoFactor(ctx, 'abcde-fghjk', CLIENT)).rejects.toBeInstanceOf(InvalidCodeError);
    expect(t.repo.users[0]!.twoFactorEnabled).toBe(true);
    await t.service.disableTwoFactor(ctx, recovery[0]!, CLIENT);
    expect(t.repo.users[0]).toMatchObject({ twoFactorEnabled: false, totpSecret: null, totpLastStep: null });
    expect(t.repo.recoveryCodes).toHaveLength(0);
    await expect(t.service.login({ username: 'tess', password: PASSWORD }, CLIENT)).resolves.toBeDefined();
    await expect(t.service.disableTwoFactor(ctx, recovery[1]!, CLIENT)).rejects.toMatchObject({
      code: 'two_factor_not_enabled',
    });
  });
});

describe('admins', () => {
  it('checks the admin on the server: 401 signed out, 403 customer, 403 two_factor_setup_required without 2FA', async () => {
    const t = setup();
    const { ctx: customer } = await signedUp(t, 'tess');
    expect(() => t.service.assertAdmin(null)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => t.service.assertAdmin(customer)).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden', message: 'Admin privileges required' }),
    );
    const { user } = await t.service.createAdmin(account('ada'));
    const { token } = await t.service.login({ username: 'ada', password: PASSWORD }, CLIENT);
    const admin = (await t.service.resolveSession(token))!;
    expect(user.isAdmin).toBe(true);
    expect(() => t.service.assertAdmin(admin)).toThrow(expect.objectContaining({ code: 'two_factor_setup_required' }));
    const withTotp = { ...admin, user: { ...admin.user, twoFactorEnabled: true } };
    expect(() => t.service.assertAdmin(withTotp)).not.toThrow();
  });

  it('makes an existing account an admin and ends its sessions, so the next one gets admin timeouts', async () => {
    const t = setup();
    const { token } = await signedUp(t, 'tess');
    const { user, created } = await t.service.createAdmin(account('tess'));
    expect({ created, isAdmin: user.isAdmin }).toEqual({ created: false, isAdmin: true });
    expect(await t.service.resolveSession(token)).toBeUndefined();
    await expect(
      t.service.createAdmin({ ...account('tess'), email: 'other@example.com', username: 'other' }),
    ).resolves.toMatchObject({ created: true });
    await expect(t.service.createAdmin({ ...account('tess'), email: 'other@example.com' })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
  });

  it('opens the first-admin set-up with a live link only while no admin exists, and never twice', async () => {
    const t = setup();
    expect(await t.service.adminSetupNeeded()).toBe(true);
    const link = await t.service.createAdminSetupLink();
    expect(link?.url).toMatch(/^https:\/\/roamwise\.example\/setup-admin#token=[\w-]{43}$/);
    expect(link?.expiresAt.getTime()).toBe(t.now() + 24 * 3_600_000);
    const token = link!.url.split('#token=')[1]!;
    await expect(t.service.setupAdmin({ ...account('ada'), token: 'x'.repeat(43) }, CLIENT)).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
    const { user } = await t.service.setupAdmin({ ...account('ada'), token }, CLIENT);
    expect(user.isAdmin).toBe(true);
    expect(await t.service.adminSetupNeeded()).toBe(false);
    expect(await t.service.createAdminSetupLink()).toBeUndefined();
    await expect(t.service.setupAdmin({ ...account('eve'), token }, CLIENT)).rejects.toBeInstanceOf(AdminExistsError);
  });

  it('keeps a first-admin link usable after a refused username, and refuses it once expired', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    const token = (await t.service.createAdminSetupLink())!.url.split('#token=')[1]!;
    await expect(t.service.setupAdmin({ ...account('tess'), token }, CLIENT)).rejects.toMatchObject({
      code: 'username_taken',
    });
    t.advance(24 * 3_600_000);
    await expect(t.service.setupAdmin({ ...account('ada'), token }, CLIENT)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('password reset', () => {
  /** Asks for a reset of `email` and runs the job, as the worker would; the token of the e-mailed link, if any. */
  async function resetLink(t: Setup, email: string): Promise<string | undefined> {
    const sent = t.mail.length;
    await t.service.requestPasswordReset({ email }, CLIENT);
    const job = t.jobs.at(-1)!;
    expect(job.type).toBe(SEND_PASSWORD_RESET_JOB);
    await t.service.sendPasswordReset(job.payload as PasswordResetJobPayload);
    if (t.mail.length === sent) return undefined;
    return /#token=([\w-]+)/.exec(t.mail.at(-1)!.text)?.[1];
  }

  it('does the same for a known and an unknown address, and e-mails only the known one', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    expect(await resetLink(t, 'nobody@example.com')).toBeUndefined();
    const token = await resetLink(t, 'TESS@example.com');
    expect(t.jobs.map((j) => j.payload)).toEqual([{ email: 'nobody@example.com' }, { email: 'TESS@example.com' }]);
    expect(t.mail.map((m) => m.to)).toEqual(['tess@example.com']);
    // Only the token's hash is stored, valid 30 minutes.
    expect(t.repo.resetTokens).toEqual([
      expect.objectContaining({ tokenHash: oneTimeTokenHash(token!), expiresAt: new Date(t.now() + 30 * 60_000) }),
    ]);
    expect(RESET_TOKEN_TTL_MINUTES).toBe(30);
  });

  it('sets the new password once and ends every session of the account', async () => {
    const t = setup();
    const { token: session } = await signedUp(t, 'tess');
    const token = (await resetLink(t, 'tess@example.com'))!;
    const body = { token, password: 'amber-kettle-sonnet-7', confirmPassword: 'amber-kettle-sonnet-7' };
    await t.service.resetPassword(body, CLIENT);
    expect(await t.service.resolveSession(session)).toBeUndefined();
    await expect(t.service.resetPassword(body, CLIENT)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(
      t.service.login({ username: 'tess', password: 'amber-kettle-sonnet-7' }, CLIENT),
    ).resolves.toBeDefined();
  });

  it('refuses a common password without using the token', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    const token = (await resetLink(t, 'tess@example.com'))!;
    await expect(
      t.service.resetPassword({ token, password: 'passwordpassword', confirmPassword: 'passwordpassword' }, CLIENT),
    ).rejects.toMatchObject({ status: 400, field: 'password' });
    await expect(
      t.service.resetPassword(
        { token, password: 'amber-kettle-sonnet-7', confirmPassword: 'amber-kettle-sonnet-7' },
        CLIENT,
      ),
    ).resolves.toBeUndefined();
  });

  it('refuses an expired link, and an older link once a newer one was sent', async () => {
    const t = setup();
    await t.service.register(account('tess'), CLIENT);
    const body = (token: string) => ({
      token,
      password: 'amber-kettle-sonnet-7',
      confirmPassword: 'amber-kettle-sonnet-7',
    });
    const older = (await resetLink(t, 'tess@example.com'))!;
    const newer = (await resetLink(t, 'tess@example.com'))!;
    await expect(t.service.resetPassword(body(older), CLIENT)).rejects.toBeInstanceOf(InvalidTokenError);
    t.advance(30 * 60_000);
    await expect(t.service.resetPassword(body(newer), CLIENT)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_token',
    });
  });

  it('limits reset requests per e-mail address per hour, known or not', async () => {
    const t = setup({ resetRequestsPerEmail: 3 });
    for (let i = 0; i < 3; i++) await t.service.requestPasswordReset({ email: 'nobody@example.com' }, CLIENT);
    await expect(t.service.requestPasswordReset({ email: ' NOBODY@example.com ' }, CLIENT)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('password reset requests'),
    });
    expect(t.jobs).toHaveLength(3);
    t.advance(3_600_000);
    await expect(t.service.requestPasswordReset({ email: 'nobody@example.com' }, CLIENT)).resolves.toBeUndefined();
  });
});
