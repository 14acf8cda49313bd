import { createHash } from 'node:crypto';
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SetupAdminBody,
  SetupTwoFactorResponse,
  UpdateUserBody,
  User,
  UserSession,
} from '@esim/contract/auth';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language, isLanguage } from '@esim/contract/languages';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { type Job, type JobQueue, PermanentJobError } from '../../lib/jobs.ts';
import type { ThrottleIdentity } from '../../lib/throttle.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { passwordResetUrl, renderPasswordReset } from '../email/email.module.ts';
import type { AuthRepository, SessionRow, UserRow } from './auth.repository.ts';
import { type AuthThrottle, accountSubject, nameSubject, resetEmailSubject } from './auth-throttle.ts';
import { newOneTimeToken, oneTimeTokenHash } from './one-time-token.ts';
import { hashPassword, isCommonPassword, verifyDummyPassword, verifyPassword } from './password.ts';
import { newSessionToken, sessionIdOf } from './session-cookie.ts';
import {
  type SecretBox,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  secretToBase32,
  totpCodeOf,
} from './totp.ts';

/** The signed-in user and their session, as the request hook resolved them from the cookie. */
export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

/** Where a request comes from: `request.ip` (only a `TRUST_PROXY` proxy can change it) and its `User-Agent`. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** A user and the token of the session just opened for them (the cookie's value; never stored). */
export interface SignedIn {
  user: User;
  token: string;
}

/**
 * What {@link AuthService} needs of its storage: `AuthRepository` (accounts, sessions, codes and
 * tokens in the database), or an in-memory fake in unit tests (`auth.repository.fake.ts`).
 */
export type AuthStore = Pick<
  AuthRepository,
  | 'findByLogin'
  | 'findByEmail'
  | 'findById'
  | 'takenField'
  | 'insertUser'
  | 'updateProfile'
  | 'setPasswordHash'
  | 'setAdmin'
  | 'insertSession'
  | 'findSession'
  | 'touchSession'
  | 'deleteSession'
  | 'deleteSessionsOf'
  | 'listSessions'
  | 'setPendingSecret'
  | 'enableTwoFactor'
  | 'disableTwoFactor'
  | 'advanceTotpStep'
  | 'unusedRecoveryCodes'
  | 'useRecoveryCode'
  | 'replaceResetToken'
  | 'findResetTokenUser'
  | 'resetPassword'
  | 'adminExists'
  | 'replaceAdminSetupToken'
  | 'isLiveAdminSetupToken'
  | 'createFirstAdmin'
>;

/** What {@link AuthService} needs. */
export interface AuthServiceDeps {
  repo: AuthStore;
  throttle: AuthThrottle;
  /** Encrypts TOTP secrets at rest. */
  secrets: SecretBox;
  config: Config['auth'];
  /** The store's public origin (`PUBLIC_URL`, no trailing slash): the only source of the links it sends or prints. */
  publicUrl: string;
  /** Epoch ms (tests move it). Default `Date.now`. */
  now?: () => number;
}

/** Minutes a password-reset link works (OWASP Forgot Password Cheat Sheet: tokens expire after a short time). */
export const RESET_TOKEN_TTL_MINUTES = 30;
/** Hours a first-admin link works. */
export const ADMIN_SETUP_TOKEN_TTL_HOURS = 24;

/** Job type of the password-reset e-mail: looks the address up, makes the token, sends the message. */
export const SEND_PASSWORD_RESET_JOB = 'send-password-reset';

/**
 * Payload of {@link SEND_PASSWORD_RESET_JOB}: the address as typed and the page's language. No
 * token: the job makes it, so the clear token lives only in the e-mail. `email` is removed from
 * the payload when the job succeeds (`scrubOnSuccess`).
 */
export const passwordResetJobPayloadSchema = z.object({
  email: z.string().min(1).max(254),
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type PasswordResetJobPayload = z.infer<typeof passwordResetJobPayloadSchema>;

/** The answer of `POST /api/forgot-password`, the same whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works once, for 30 minutes.';

/** `last_seen_at` is written at most once per this many ms of a session's use. */
const TOUCH_EVERY_MS = 60_000;
/** Longest `User-Agent` kept with a session. */
const MAX_USER_AGENT = 200;

const INVALID_CREDENTIALS = 'Invalid username or password.';

/** 401 `two_factor_required` naming the `code` field: the password was right, a valid code is missing. */
export class TwoFactorRequiredError extends AppError {
  constructor(
    message = 'Two-factor authentication is on for this account: enter the 6-digit code from your authenticator app, or a recovery code.',
  ) {
    super(message, 401, 'two_factor_required', 'code');
  }
}

/** 400 `invalid_code`: a TOTP or recovery code that is wrong, outside the time window, or already used. */
export class InvalidCodeError extends AppError {
  constructor() {
    super('code: the code is not valid, has expired or was already used.', 400, 'invalid_code', 'code');
  }
}

/**
 * `code_already_used` naming the `code` field: the TOTP code of exactly the time step last
 * accepted for the account, sent again. It stays refused (RFC 6238 section 5.2: a code is
 * accepted once; OWASP ASVS 4.0.3 V2.8.4), but says so, because the authenticator app still
 * shows it for the rest of its 30 seconds: the sign-in right after turning two-factor
 * authentication on, or a second sign-in in the same step, sends it again in good faith.
 * `status` is the refusal's usual one: 401 for a sign-in (no session), 400 for `disable-2fa`.
 */
export class CodeAlreadyUsedError extends AppError {
  constructor(status: 400 | 401) {
    super(
      'code: this code was just used, and each code works once. Wait for the next code in your authenticator app (a new one every 30 seconds), then enter it.',
      status,
      'code_already_used',
      'code',
    );
  }
}

/**
 * What {@link AuthService} found a second factor to be: `accepted` (and now used), `replayed`
 * (the TOTP code of the step last accepted; see {@link CodeAlreadyUsedError}) or `invalid`.
 */
type SecondFactorCheck = 'accepted' | 'replayed' | 'invalid';

/**
 * 400 `invalid_token` naming the `token` field: a password-reset or first-admin token that is
 * unknown, already used or expired (OWASP ASVS 4.0.3 V2.5.6: a secure recovery mechanism). One
 * answer for the three cases.
 */
export class InvalidTokenError extends AppError {
  constructor(message = 'token: this link is not valid, has expired or was already used. Ask for a new one.') {
    super(message, 400, 'invalid_token', 'token');
  }
}

/** 409 `admin_exists`: the first-admin set-up is closed once any admin account exists. */
export class AdminExistsError extends ConflictError {
  constructor() {
    super('An admin account exists already: sign in, or ask an admin.', 'admin_exists');
  }
}

/** 403 `forbidden` or `two_factor_setup_required`. */
export class ForbiddenError extends AppError {
  constructor(message: string, code = 'forbidden') {
    super(message, 403, code);
  }
}

/** The public id of a session in `GET /api/user/sessions`: derived from its stored id, so it opens nothing. */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`public\0${sessionId}`).digest('hex').slice(0, 32);
}

/** A row as the API's `User` (contract `userSchema`). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin: row.isAdmin,
    twoFactorEnabled: row.twoFactorEnabled,
    language: row.language as Language,
  };
}

/**
 * Accounts, sessions, two-factor authentication, password reset and the first admin
 * (docs/product-rules.md#accounts-sessions-and-two-factor; OWASP ASVS 4.0.3 V2, V3, V4). Knows neither HTTP
 * nor SQL: the routes turn cookies into tokens and back, the repository keeps rows. Passwords
 * exist only as argon2id hashes, session, reset and first-admin tokens only as SHA-256 hashes
 * (the last two usable once), TOTP secrets only encrypted.
 */
export class AuthService {
  private readonly repo: AuthStore;
  private readonly throttle: AuthThrottle;
  private readonly secrets: SecretBox;
  private readonly config: Config['auth'];
  private readonly publicUrl: string;
  private jobs: Pick<JobQueue, 'enqueue'> | undefined;
  private mailer: Mailer | undefined;
  private readonly now: () => number;

  constructor(deps: AuthServiceDeps) {
    this.repo = deps.repo;
    this.throttle = deps.throttle;
    this.secrets = deps.secrets;
    this.config = deps.config;
    this.publicUrl = deps.publicUrl.replace(/\/+$/, '');
    this.now = deps.now ?? Date.now;
  }

  /**
   * Registers the password-reset job's handler on `queue`, which also takes the requests'
   * jobs, and the mailer the handler sends with (`buildApp`). Until then
   * {@link requestPasswordReset} throws; the first-admin CLI never needs them.
   */
  registerJobs(queue: Pick<JobQueue, 'register' | 'enqueue'>, mailer: Mailer): void {
    this.jobs = queue;
    this.mailer = mailer;
    queue.register(SEND_PASSWORD_RESET_JOB, {
      run: (job) => this.sendPasswordReset(parseResetPayload(job)),
      scrubOnSuccess: ['email'],
    });
  }

  /**
   * Creates an account and signs it in (`POST /api/register`).
   * @throws AuthRateLimitedError (429) past the attempts per address; ValidationError (400)
   *   `password: passwordCommon`; ConflictError (409) `username_taken` / `email_taken` naming the field.
   */
  async register(body: RegisterBody, client: ClientInfo): Promise<SignedIn> {
    await this.throttle.check({ address: client.ip, subjects: [] });
    this.refuseCommon('password', body.password, [body.username, body.email, body.firstName, body.lastName]);
    const taken = await this.repo.takenField(body.username, body.email);
    if (taken) throw takenError(taken);
    const created = await this.repo.insertUser({
      username: body.username,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      language: body.language ?? 'en',
      passwordHash: await hashPassword(body.password),
    });
    if ('conflict' in created) throw takenError(created.conflict);
    return { user: toUser(created.user), token: await this.openSession(created.user, client) };
  }

  /**
   * Signs in with username or e-mail and password, and the second factor when the account has one
   * (`POST /api/login`). Any session the client presented (`presentedSessionId`) is ended and a new
   * one opened: a session id set before sign-in is never upgraded (ASVS 4.0.3 V3.2.1).
   * @throws AuthRateLimitedError (429); UnauthorizedError (401) `invalid_credentials`, the same
   *   for an unknown account and a wrong password (which cost the same argon2 work);
   *   TwoFactorRequiredError (401) `two_factor_required` without a valid code (no session);
   *   CodeAlreadyUsedError (401) `code_already_used` for the TOTP code last accepted, sent again
   *   (no session). Both code refusals count as failures of the throttle.
   */
  async login(body: LoginBody, client: ClientInfo, presentedSessionId?: string): Promise<SignedIn> {
    const identifier = body.username.trim();
    const user = await this.repo.findByLogin(identifier);
    const identity: ThrottleIdentity = {
      address: client.ip,
      subjects: [nameSubject(identifier), ...(user ? [accountSubject(user.id)] : [])],
    };
    await this.throttle.check(identity);
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, body.password)
      : await verifyDummyPassword(body.password);
    if (!user || !passwordOk) {
      await this.throttle.recordFailure(identity);
      throw new UnauthorizedError(INVALID_CREDENTIALS, 'invalid_credentials');
    }
    if (user.twoFactorEnabled) {
      if (body.code === undefined || body.code.trim() === '') throw new TwoFactorRequiredError();
      const check = await this.verifySecondFactor(user, body.code);
      if (check !== 'accepted') {
        await this.throttle.recordFailure(identity);
        if (check === 'replayed') throw new CodeAlreadyUsedError(401);
        throw new TwoFactorRequiredError('The two-factor code is not valid, has expired or was already used.');
      }
    }
    if (presentedSessionId) await this.repo.deleteSession(presentedSessionId);
    return { user: toUser(user), token: await this.openSession(user, client) };
  }

  /** Ends the session `sessionId` (`POST /api/logout`); nothing when there is none. */
  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.repo.deleteSession(sessionId);
  }

  /**
   * The live session of `token` with its user, or undefined (unknown, ended, idle or absolute
   * timeout passed). Moves `last_seen_at` and the idle timeout forward at most once a minute.
   */
  async resolveSession(token: string): Promise<AuthContext | undefined> {
    const now = new Date(this.now());
    const found = await this.repo.findSession(sessionIdOf(token), now);
    if (!found) return undefined;
    if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      const idleS = found.user.isAdmin ? this.config.adminSessionIdleS : this.config.sessionIdleS;
      await this.repo.touchSession(found.session.id, now, new Date(now.getTime() + idleS * 1000));
    }
    return found;
  }

  /** Changes profile fields (`PATCH /api/user`). @throws ConflictError (409) `email_taken` naming `email`. */
  async updateProfile(ctx: AuthContext, patch: UpdateUserBody): Promise<User> {
    const result = await this.repo.updateProfile(ctx.user.id, patch);
    if ('conflict' in result) throw takenError(result.conflict);
    return toUser(result.user);
  }

  /**
   * Changes the password (`POST /api/user/change-password`); the session that asked stays, every
   * other session of the user ends (ASVS 4.0.3 V3.3.3).
   * @throws AuthRateLimitedError (429); ValidationError (400) `invalid_current_password` naming
   *   `currentPassword`, or `newPassword: passwordCommon`.
   */
  async changePassword(ctx: AuthContext, body: ChangePasswordBody, client: ClientInfo): Promise<void> {
    const identity: ThrottleIdentity = { address: client.ip, subjects: [accountSubject(ctx.user.id)] };
    await this.throttle.check(identity);
    const user = (await this.repo.findById(ctx.user.id)) ?? ctx.user;
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      await this.throttle.recordFailure(identity);
      throw new AppError(
        'currentPassword: the current password is not correct.',
        400,
        'invalid_current_password',
        'currentPassword',
      );
    }
    this.refuseCommon('newPassword', body.newPassword, [user.username, user.email, user.firstName, user.lastName]);
    await this.repo.setPasswordHash(user.id, await hashPassword(body.newPassword));
    await this.repo.deleteSessionsOf(user.id, ctx.session.id);
  }

  /** The user's live sessions (`GET /api/user/sessions`), the current one marked. */
  async listSessions(ctx: AuthContext): Promise<UserSession[]> {
    const rows = await this.repo.listSessions(ctx.user.id, new Date(this.now()));
    return rows.map((row) => ({
      id: publicSessionId(row.id),
      current: row.id === ctx.session.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
    }));
  }

  /**
   * Ends another session of the user by its public id (`DELETE /api/user/sessions/{id}`).
   * @throws ConflictError (409) `current_session` for the session making the call (sign out
   *   instead); NotFoundError (404) for an id that is not one of the user's live sessions.
   */
  async endSession(ctx: AuthContext, publicId: string): Promise<void> {
    if (publicId === publicSessionId(ctx.session.id)) {
      throw new ConflictError('This is the session you are using; sign out to end it.', 'current_session', 'id');
    }
    const rows = await this.repo.listSessions(ctx.user.id, new Date(this.now()));
    const target = rows.find((row) => publicSessionId(row.id) === publicId);
    if (!target) throw new NotFoundError('No such session.', 'id');
    await this.repo.deleteSession(target.id);
  }

  /** Ends every session of the user but the current one. @returns how many ended. */
  endOtherSessions(ctx: AuthContext): Promise<number> {
    return this.repo.deleteSessionsOf(ctx.user.id, ctx.session.id);
  }

  /**
   * Starts two-factor set-up (`POST /api/setup-2fa`): a new secret, kept pending (encrypted)
   * until `enable-2fa` confirms a code of it; a later set-up replaces it.
   * @throws ConflictError (409) `two_factor_already_enabled`.
   */
  async setupTwoFactor(ctx: AuthContext): Promise<SetupTwoFactorResponse> {
    if (ctx.user.twoFactorEnabled)
      throw new ConflictError('Two-factor authentication is already on.', 'two_factor_already_enabled');
    const secret = newTotpSecret();
    await this.repo.setPendingSecret(ctx.user.id, this.secrets.seal(secret));
    const uri = otpauthUri(ctx.user.username, secret);
    return {
      secret: secretToBase32(secret),
      otpauthUri: uri,
      qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 }),
    };
  }

  /**
   * Turns two-factor authentication on with a code of the pending secret (`POST /api/enable-2fa`);
   * that code's step counts as used. @returns the 10 recovery codes, in clear this once only.
   * @throws AuthRateLimitedError (429); ConflictError (409) `two_factor_already_enabled` /
   *   `two_factor_not_set_up`; InvalidCodeError (400) `invalid_code`.
   */
  async enableTwoFactor(ctx: AuthContext, code: string, client: ClientInfo): Promise<string[]> {
    const identity: ThrottleIdentity = { address: client.ip, subjects: [accountSubject(ctx.user.id)] };
    await this.throttle.check(identity);
    const user = await this.repo.findById(ctx.user.id);
    if (!user || user.twoFactorEnabled)
      throw new ConflictError('Two-factor authentication is already on.', 'two_factor_already_enabled');
    const pending = user.totpPendingSecret;
    if (!pending)
      throw new ConflictError('Set up two-factor authentication first (POST /api/setup-2fa).', 'two_factor_not_set_up');
    const totp = totpCodeOf(code);
    const step = totp === undefined ? undefined : matchTotp(this.secrets.open(pending), totp, this.now());
    if (step === undefined) {
      await this.throttle.recordFailure(identity);
      throw new InvalidCodeError();
    }
    const codes = newRecoveryCodes();
    const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
    if (!(await this.repo.enableTwoFactor(user.id, pending, step, hashes))) {
      throw new ConflictError('Two-factor set-up changed meanwhile; start again.', 'two_factor_not_set_up');
    }
    return codes;
  }

  /**
   * Turns two-factor authentication off with a TOTP code or a recovery code (`POST /api/disable-2fa`).
   * @throws AuthRateLimitedError (429); ConflictError (409) `two_factor_not_enabled`; InvalidCodeError (400);
   *   CodeAlreadyUsedError (400) `code_already_used` for the TOTP code last accepted. Both count
   *   as failures of the throttle.
   */
  async disableTwoFactor(ctx: AuthContext, code: string, client: ClientInfo): Promise<void> {
    const identity: ThrottleIdentity = { address: client.ip, subjects: [accountSubject(ctx.user.id)] };
    await this.throttle.check(identity);
    const user = await this.repo.findById(ctx.user.id);
    if (!user?.twoFactorEnabled)
      throw new ConflictError('Two-factor authentication is not on.', 'two_factor_not_enabled');
    const check = await this.verifySecondFactor(user, code);
    if (check !== 'accepted') {
      await this.throttle.recordFailure(identity);
      throw check === 'replayed' ? new CodeAlreadyUsedError(400) : new InvalidCodeError();
    }
    await this.repo.disableTwoFactor(user.id);
  }

  /**
   * The admin check of every admin call, on the server (ASVS 4.0.3 V4.1.1, V4.3.1).
   * @throws UnauthorizedError (401) `unauthorized` when signed out; ForbiddenError (403)
   *   `forbidden` 'Admin privileges required' for a non-admin, `two_factor_setup_required` for
   *   an admin without two-factor authentication while `ADMIN_REQUIRE_2FA` is on.
   */
  assertAdmin(ctx: AuthContext | null): asserts ctx is AuthContext {
    if (!ctx) throw new UnauthorizedError('Sign in to continue.');
    if (!ctx.user.isAdmin) throw new ForbiddenError('Admin privileges required');
    if (this.config.adminRequire2fa && !ctx.user.twoFactorEnabled) {
      throw new ForbiddenError(
        'Admins must turn on two-factor authentication before using the admin area.',
        'two_factor_setup_required',
      );
    }
  }

  /** The username of account `userId`; undefined when there is no such account. */
  async usernameOf(userId: number): Promise<string | undefined> {
    return (await this.repo.findById(userId))?.username;
  }

  /**
   * Creates an admin account, or makes the existing account with that username (or e-mail) an
   * admin and ends its sessions, so that its next one has the admin timeouts (`npm run admin:create`).
   * @throws ValidationError (400) for a common password of a new account; ConflictError (409) when
   *   the username and the e-mail belong to two different accounts.
   */
  async createAdmin(input: Omit<RegisterBody, 'confirmPassword'>): Promise<{ user: User; created: boolean }> {
    const byName = await this.repo.findByLogin(input.username);
    const byEmail = await this.repo.findByLogin(input.email);
    if (byName && byEmail && byName.id !== byEmail.id) {
      throw new ConflictError('That username and that e-mail address belong to two different accounts.', 'conflict');
    }
    const existing = byName ?? byEmail;
    if (existing) {
      const row = await this.repo.setAdmin(existing.id);
      await this.repo.deleteSessionsOf(existing.id);
      return { user: toUser(row), created: false };
    }
    this.refuseCommon('password', input.password, [input.username, input.email, input.firstName, input.lastName]);
    const created = await this.repo.insertUser({
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language ?? 'en',
      passwordHash: await hashPassword(input.password),
      isAdmin: true,
    });
    if ('conflict' in created) throw takenError(created.conflict);
    return { user: toUser(created.user), created: true };
  }

  // --- password reset (OWASP ASVS 4.0.3 V2.5) -------------------------------------------------

  /**
   * Asks for a password-reset e-mail (`POST /api/forgot-password`). Whether or not `body.email`
   * has an account, the request does the same work (a throttle check and one job enqueued) and the
   * caller answers the same: the lookup, the token and the e-mail happen in the job
   * ({@link sendPasswordReset}), so neither the answer nor its timing tells whether the address
   * is known (no user enumeration: OWASP Forgot Password Cheat Sheet, "consistent message" and
   * "consistent amount of time").
   * @throws AuthRateLimitedError (429) past `AUTH_RESET_REQUESTS_PER_EMAIL` requests for the
   *   address or `AUTH_RESET_REQUESTS_PER_ADDRESS` from the client address in an hour.
   */
  async requestPasswordReset(body: ForgotPasswordBody, client: ClientInfo): Promise<void> {
    if (!this.jobs) throw new Error('AuthService: no job queue to send password-reset e-mails');
    await this.throttle.checkResetRequest({ address: client.ip, subjects: [resetEmailSubject(body.email)] });
    const payload: PasswordResetJobPayload = {
      email: body.email.trim(),
      ...(body.language ? { language: body.language } : {}),
    };
    await this.jobs.enqueue({ type: SEND_PASSWORD_RESET_JOB, payload, maxAttempts: 5 });
  }

  /**
   * The password-reset job: when an account has the e-mail address `payload.email`
   * (case-insensitively), makes a reset token (256 bits; only its SHA-256 is stored, valid
   * {@link RESET_TOKEN_TTL_MINUTES} minutes; the user's older unused tokens are deleted) and
   * e-mails the link `<PUBLIC_URL>/auth?view=reset#token=<token>` to the account's address in the
   * account's language (`users.language`; the page's language only when that is not a supported
   * one). Sends nothing for an unknown address. A retried run makes a new token, so only the last
   * e-mail's link works.
   * @throws Error when no mailer was given or it fails (the job retries with backoff).
   */
  async sendPasswordReset(payload: PasswordResetJobPayload): Promise<void> {
    if (!this.mailer) throw new PermanentJobError('AuthService: no mailer to send password-reset e-mails');
    const user = await this.repo.findByEmail(payload.email);
    if (!user) return;
    const token = newOneTimeToken();
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
    await this.repo.replaceResetToken(user.id, oneTimeTokenHash(token), expiresAt, now);
    const language = isLanguage(user.language) ? user.language : (payload.language ?? DEFAULT_LANGUAGE);
    const email = await renderPasswordReset(
      {
        customerName: `${user.firstName} ${user.lastName}`.trim(),
        username: user.username,
        resetUrl: passwordResetUrl(this.publicUrl, token),
        validMinutes: RESET_TOKEN_TTL_MINUTES,
        requestedAt: now,
      },
      language,
    );
    await this.mailer.send({ to: user.email, ...email });
  }

  /**
   * Sets a new password with the token of a reset link (`POST /api/reset-password`): the token is
   * used once (compare-and-set in the repository), the password must not be a common one, and
   * every session of the user ends, this device's included (ASVS 4.0.3 V2.5.6, V3.3.3).
   * @throws AuthRateLimitedError (429) past the attempts or failures of the client address;
   *   InvalidTokenError (400) `invalid_token` for an unknown, used or expired token (counted as a
   *   failure of the address); ValidationError (400) `password: passwordCommon`.
   */
  async resetPassword(body: ResetPasswordBody, client: ClientInfo): Promise<void> {
    const identity: ThrottleIdentity = { address: client.ip, subjects: [] };
    await this.throttle.check(identity);
    const now = new Date(this.now());
    const tokenHash = oneTimeTokenHash(body.token);
    const user = await this.repo.findResetTokenUser(tokenHash, now);
    if (user) this.refuseCommon('password', body.password, [user.username, user.email, user.firstName, user.lastName]);
    const userId = user ? await this.repo.resetPassword(tokenHash, await hashPassword(body.password), now) : undefined;
    if (userId === undefined) {
      await this.throttle.recordFailure(identity);
      throw new InvalidTokenError();
    }
  }

  // --- first admin ------------------------------------------------------------------------------

  /** Whether the first-admin set-up is open: no admin account exists (`GET /api/setup-admin/status`). */
  async adminSetupNeeded(): Promise<boolean> {
    return !(await this.repo.adminExists());
  }

  /**
   * While no admin exists, makes a first-admin token (256 bits, stored as its SHA-256, valid
   * {@link ADMIN_SETUP_TOKEN_TTL_HOURS} hours; older unused ones are deleted) for the start-up
   * message (`admin-setup-link.ts`).
   * @returns the link `<PUBLIC_URL>/setup-admin#token=<token>` and when it expires, or undefined
   *   when an admin exists (nothing is made).
   */
  async createAdminSetupLink(): Promise<{ url: string; expiresAt: Date } | undefined> {
    if (await this.repo.adminExists()) return undefined;
    const token = newOneTimeToken();
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + ADMIN_SETUP_TOKEN_TTL_HOURS * 3_600_000);
    await this.repo.replaceAdminSetupToken(oneTimeTokenHash(token), expiresAt, now);
    return { url: `${this.publicUrl}/setup-admin#token=${token}`, expiresAt };
  }

  /**
   * Creates the first admin with the token of the start-up link and signs them in
   * (`POST /api/setup-admin`), as `register` does for a customer. Only while no admin exists and
   * the token is live; the creation uses every live first-admin token, so a link never makes a
   * second admin.
   * @throws AuthRateLimitedError (429); AdminExistsError (409) `admin_exists` once any admin exists;
   *   InvalidTokenError (400) `invalid_token` (a failure of the address); ValidationError (400)
   *   `password: passwordCommon`; ConflictError (409) `username_taken` / `email_taken`.
   */
  async setupAdmin(body: SetupAdminBody, client: ClientInfo): Promise<SignedIn> {
    const identity: ThrottleIdentity = { address: client.ip, subjects: [] };
    await this.throttle.check(identity);
    if (await this.repo.adminExists()) throw new AdminExistsError();
    const now = new Date(this.now());
    const tokenHash = oneTimeTokenHash(body.token);
    if (!(await this.repo.isLiveAdminSetupToken(tokenHash, now))) {
      await this.throttle.recordFailure(identity);
      throw new InvalidTokenError(ADMIN_LINK_INVALID);
    }
    this.refuseCommon('password', body.password, [body.username, body.email, body.firstName, body.lastName]);
    const taken = await this.repo.takenField(body.username, body.email);
    if (taken) throw takenError(taken);
    const result = await this.repo.createFirstAdmin(
      tokenHash,
      {
        username: body.username,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language ?? DEFAULT_LANGUAGE,
        passwordHash: await hashPassword(body.password),
      },
      new Date(this.now()),
    );
    if ('conflict' in result) throw takenError(result.conflict);
    if ('refused' in result) {
      // A concurrent set-up used the token first: it made the admin.
      if (result.refused === 'admin_exists' || (await this.repo.adminExists())) throw new AdminExistsError();
      throw new InvalidTokenError(ADMIN_LINK_INVALID);
    }
    return { user: toUser(result.user), token: await this.openSession(result.user, client) };
  }

  /** Opens a session for `user`: a new random token, stored as its hash, with the timeouts of the user's role. */
  private async openSession(user: UserRow, client: ClientInfo): Promise<string> {
    const token = newSessionToken();
    const nowMs = this.now();
    const idleS = user.isAdmin ? this.config.adminSessionIdleS : this.config.sessionIdleS;
    const absoluteS = user.isAdmin ? this.config.adminSessionAbsoluteS : this.config.sessionAbsoluteS;
    await this.repo.insertSession({
      id: sessionIdOf(token),
      userId: user.id,
      createdAt: new Date(nowMs),
      lastSeenAt: new Date(nowMs),
      idleExpiresAt: new Date(nowMs + Math.min(idleS, absoluteS) * 1000),
      expiresAt: new Date(nowMs + absoluteS * 1000),
      ip: client.ip,
      userAgent: client.userAgent ? client.userAgent.slice(0, MAX_USER_AGENT) : null,
    });
    return token;
  }

  /**
   * Checks `code` as the second factor of `user`, consuming it when it is accepted: a TOTP code
   * whose step is later than the last accepted one (`totp_last_step`, advanced by a
   * compare-and-set), or an unused recovery code (marked used).
   *
   * `replayed` is answered only for the TOTP code of exactly the last accepted step, inside the
   * time window: a code that was valid and was used, so a caller who sends it knew it already
   * (it was shown to the account's owner, or seen by whoever watched it being typed), and learns
   * only that it was used, which gives them nothing: it stays refused (RFC 6238 section 5.2), and
   * a past code does not help to compute the next ones (RFC 4226 section 6).
   * Everything else is `invalid`, with the one generic answer: a wrong code, a code outside the
   * window, and a code of an earlier step than the last accepted one (only that last step is
   * kept, so whether an earlier code was ever used is unknown). The distinct answer therefore
   * never confirms that a guessed code is, or was, valid for an unused step, and guessing the
   * used code costs the same one-in-a-million try, counted as a failure, as guessing any
   * (OWASP ASVS 4.0.3 V2.2.1, V2.8.4). Callers check this after the password or the session,
   * so it tells nothing to whoever has neither. A used recovery code is `invalid`: unused ones
   * only are kept to compare with.
   */
  private async verifySecondFactor(user: UserRow, code: string): Promise<SecondFactorCheck> {
    const totp = totpCodeOf(code);
    if (totp !== undefined) {
      if (!user.totpSecret) return 'invalid';
      const step = matchTotp(this.secrets.open(user.totpSecret), totp, this.now());
      if (step === undefined) return 'invalid';
      if (user.totpLastStep !== null && step <= user.totpLastStep)
        return step === user.totpLastStep ? 'replayed' : 'invalid';
      if (await this.repo.advanceTotpStep(user.id, step)) return 'accepted';
      // A concurrent request used a code first: this one is a replay if it used this very step.
      const current = await this.repo.findById(user.id);
      return current?.totpLastStep === step ? 'replayed' : 'invalid';
    }
    const normalised = normaliseRecoveryCode(code);
    if (!/^[0-9a-z]{10}$/.test(normalised)) return 'invalid';
    const candidates = await this.repo.unusedRecoveryCodes(user.id);
    const matches = await Promise.all(candidates.map((c) => verifyPassword(c.codeHash, normalised)));
    const match = candidates.find((_, i) => matches[i]);
    return match !== undefined && (await this.repo.useRecoveryCode(match.id)) ? 'accepted' : 'invalid';
  }

  private refuseCommon(field: 'password' | 'newPassword', password: string, userInputs: string[]): void {
    if (isCommonPassword(password, userInputs)) throw new ValidationError(`${field}: passwordCommon`, field);
  }
}

const ADMIN_LINK_INVALID =
  'token: this set-up link is not valid, has expired or was already used. Restart the server for a new link, or run npm run admin:create.';

function parseResetPayload(job: Job): PasswordResetJobPayload {
  const parsed = passwordResetJobPayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError(`Bad ${job.type} payload`);
  return parsed.data;
}

function takenError(field: 'username' | 'email'): ConflictError {
  return field === 'username'
    ? new ConflictError('username: this username is taken.', 'username_taken', 'username')
    : new ConflictError('email: an account with this e-mail address exists.', 'email_taken', 'email');
}
