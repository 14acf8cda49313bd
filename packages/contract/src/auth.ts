import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { INVALID_CHARACTERS, singleLineText } from './text.ts';

/**
 * Accounts: the shapes of the auth API (`GET|PATCH /api/user`, `POST /api/register`,
 * `/api/login`, `/api/logout`, `/api/user/change-password`, `/api/setup-2fa`, `/api/enable-2fa`,
 * `/api/disable-2fa`, `/api/forgot-password`, `/api/reset-password`, `/api/setup-admin`;
 * `docs/product-rules.md#accounts-sessions-and-two-factor`, decision record 0014).
 * The same schemas validate the forms in the browser and the requests on the server. Error
 * messages are stable keys (`required`, `passwordTooShort`, ...) that the storefront translates
 * (`auth:errors.<key>`); the API returns them as `<field>: <key>` with `field` naming the input.
 */

/** Validation message keys of the account forms; the storefront has a translation for each. */
export const AUTH_ERROR_KEYS = [
  'required',
  'tooLong',
  'email',
  'username',
  'passwordTooShort',
  'passwordTooLong',
  'passwordCommon',
  'passwordMismatch',
  'code',
  INVALID_CHARACTERS,
] as const;
export type AuthErrorKey = (typeof AUTH_ERROR_KEYS)[number];

/**
 * Password length rule (OWASP ASVS 4.0.3 V2.1.1 and V2.1.2): at least 12
 * and at most 128 characters, counted in Unicode code points, any characters. Whether a password
 * is among the common ones is checked on the server (a list too large for the browser bundle);
 * the API answers `password: passwordCommon`.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Code points of `value` (a surrogate pair counts once, as a person sees one character). */
const codePoints = (value: string) => [...value].length;

/** A new password: 12-128 characters, no other rule (no composition rules, ASVS V2.1.9). */
export const newPasswordSchema = z
  .string()
  .refine((v) => codePoints(v) >= PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .refine((v) => codePoints(v) <= PASSWORD_MAX_LENGTH, 'passwordTooLong');

/** A password as typed to sign in or confirm: never trimmed, at most 128 characters (longer ones cannot match). */
export const passwordSchema = z
  .string()
  .min(1, 'required')
  .max(PASSWORD_MAX_LENGTH * 4, 'tooLong');

/** A username: 3-32 characters, letters, digits, `.`, `_` and `-`, starting with a letter or digit; compared case-insensitively. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(32, 'tooLong')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]{2,31}$/u, 'username');

/** An e-mail address (compared case-insensitively). */
export const emailSchema = singleLineText().min(1, 'required').max(254, 'tooLong').pipe(z.email('email'));

/** A first or last name. */
const nameSchema = singleLineText().min(1, 'required').max(80, 'tooLong');

/** A one-time code as typed: a 6-digit TOTP code (RFC 6238) or a recovery code (`xxxxx-xxxxx`, spaces and case ignored). */
export const oneTimeCodeSchema = singleLineText().min(1, 'required').max(32, 'code');

/** The signed-in user (`GET /api/user`, and the answer of register, login and `PATCH /api/user`). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Interface language of the account's e-mails (password reset). */
  language: z.enum(LANGUAGE_CODES),
});
export type User = z.infer<typeof userSchema>;

/** The registration fields, without the rule that ties the two passwords. */
const registerFieldsSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  confirmPassword: z.string(),
  firstName: nameSchema,
  lastName: nameSchema,
  language: z.enum(LANGUAGE_CODES).optional(),
});

/** `confirmPassword` must equal `password` (with {@link passwordMismatch}). */
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
/** The refusal of {@link passwordsMatch}: message `passwordMismatch` on `confirmPassword`. */
const passwordMismatch = { message: 'passwordMismatch', path: ['confirmPassword'] };

/** `POST /api/register`: the registration fields, the two passwords equal. */
export const registerBodySchema = registerFieldsSchema.refine(passwordsMatch, passwordMismatch);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * `POST /api/login`: `username` is the username or the e-mail address; `code` a TOTP code or a
 * recovery code when the account has two-factor authentication (without a valid one the API
 * answers 401 `two_factor_required`, or `code_already_used` for the TOTP code it accepted last,
 * and creates no session).
 */
export const loginBodySchema = z.object({
  username: singleLineText().min(1, 'required').max(254, 'tooLong'),
  password: passwordSchema,
  code: oneTimeCodeSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `PATCH /api/user`: the profile fields to change (at least one). */
export const updateUserBodySchema = z
  .object({
    email: emailSchema.optional(),
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    language: z.enum(LANGUAGE_CODES).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'required' });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** `POST /api/user/change-password`: keeps the session that made the change, ends the others. */
export const changePasswordBodySchema = z.object({
  currentPassword: passwordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** A plain confirmation (`{ message }`), e.g. of a password change or a reset request. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `POST /api/setup-2fa`: a new TOTP secret (base32, RFC 4648), its `otpauth://` URI and a QR code of it (PNG data URL). */
export const setupTwoFactorResponseSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type SetupTwoFactorResponse = z.infer<typeof setupTwoFactorResponseSchema>;

/** `POST /api/enable-2fa` and `POST /api/disable-2fa`. */
export const twoFactorCodeBodySchema = z.object({ code: oneTimeCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/** `POST /api/enable-2fa`: the 10 single-use recovery codes, shown once. */
export const enableTwoFactorResponseSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponseSchema>;

/** One active session of the signed-in user (`GET /api/user/sessions`). Times are ISO 8601. */
export const userSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The browser as its `User-Agent` names it, shortened; null when none was sent. */
  userAgent: z.string().nullable(),
  /** The client address the session was created from. */
  ip: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsResponseSchema = z.object({ sessions: z.array(userSessionSchema) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponseSchema>;

/** `POST /api/forgot-password`: the same answer whether or not the address has an account. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema, language: z.enum(LANGUAGE_CODES).optional() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/**
 * A one-time token as the link's fragment carries it (`#token=…`): a password-reset token or a
 * first-admin token, 43 base64url characters (256 bits) when genuine. Anything else up to 200
 * characters is accepted here and answered 400 `invalid_token` by the API.
 */
export const oneTimeTokenSchema = z.string().min(1, 'required').max(200, 'tooLong');

/**
 * `POST /api/reset-password`: the token from the e-mailed link (single use, 30 minutes) and the
 * new password. 200 `{ message }` (every session of the account ends); 400 `invalid_token`
 * (field `token`) for an unknown, used or expired token.
 */
export const resetPasswordBodySchema = z
  .object({
    token: oneTimeTokenSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, passwordMismatch);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * `POST /api/setup-admin`: the registration fields plus the token of the one-time link the server
 * prints at start-up while no admin exists (`/setup-admin#token=…`, valid 24 hours). 201 `User`
 * (an admin, signed in); 400 `invalid_token` (field `token`); 409 `admin_exists` once an admin
 * exists; 409 `username_taken` / `email_taken`.
 */
export const setupAdminBodySchema = registerFieldsSchema
  .extend({ token: oneTimeTokenSchema })
  .refine(passwordsMatch, passwordMismatch);
export type SetupAdminBody = z.infer<typeof setupAdminBodySchema>;

/** `GET /api/setup-admin/status`: `needed` is true while no admin account exists (the set-up page shows its form). */
export const setupAdminStatusSchema = z.object({ needed: z.boolean() });
export type SetupAdminStatus = z.infer<typeof setupAdminStatusSchema>;

export { initialsOf } from './initials.ts';
