import {
  changePasswordBodySchema,
  enableTwoFactorResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  setupAdminBodySchema,
  setupAdminStatusSchema,
  setupTwoFactorResponseSchema,
  twoFactorCodeBodySchema,
  updateUserBodySchema,
  userSchema,
  userSessionsResponseSchema,
} from '@esim/contract/auth';
import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedIn } from './auth-guard.ts';
import { type AuthService, type ClientInfo, RESET_REQUESTED_MESSAGE, toUser } from './auth.service.ts';
import { AuthRateLimitedError } from './auth-throttle.ts';
import { clearSessionCookie, sessionIdOf, sessionTokenOf, setSessionCookie } from './session-cookie.ts';

/** Account request bodies are well under 1 KiB. */
const AUTH_BODY_LIMIT_BYTES = 8_192;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema } as const;
const signedInErrors = { 401: apiErrorSchema, 403: apiErrorSchema } as const;
/** A session's public id (`GET /api/user/sessions`): 32 lower-case hex digits; anything else is 404. */
const sessionParamsSchema = z.object({ id: z.string().describe('A session id from GET /api/user/sessions') });

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Account routes (docs/product-rules.md#accounts-sessions-and-two-factor); bodies and answers are
 * the contract's (`packages/contract/src/auth.ts`), every answer `Cache-Control: no-store`.
 *
 * - Public: `POST /api/register`, `/api/login`, `/api/forgot-password`, `/api/reset-password`,
 *   `GET /api/setup-admin/status`, `POST /api/setup-admin` (with the first-admin token).
 * - Signed in (session cookie): `GET|PATCH /api/user`, `POST /api/logout`,
 *   `/api/user/change-password`, the sessions list (`/api/user/sessions...`), `/api/setup-2fa`,
 *   `/api/enable-2fa`, `/api/disable-2fa`; 401 `unauthorized` signed out; 403 `csrf_rejected` for
 *   a cookie request from another origin (`csrf.ts`).
 *
 * Errors of their own: 401 `invalid_credentials` (unknown account and wrong password alike),
 * `two_factor_required`, `code_already_used`; 400 `invalid_code`, `invalid_token`,
 * `invalid_current_password`, `password: passwordCommon`; 409 `username_taken`, `email_taken`,
 * `current_session`, `admin_exists` and the two-factor state conflicts; 429 `rate_limited` with
 * `Retry-After` in seconds (`auth-throttle.ts`). `POST /api/forgot-password` answers the same
 * whether or not the address has an account.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // The one error handler sends the body; the wait goes in a header (RFC 9110 section 10.2.3).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof AuthRateLimitedError) reply.header('retry-after', String(error.retryAfterS));
  });

  app.get(
    '/api/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: userSchema, ...signedInErrors },
      },
    },
    async (request) => toUser(signedIn(request).user),
  );

  app.post(
    '/api/register',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: userSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.register(request.body, clientOf(request));
      await auth.logout(request.auth?.session.id);
      setSessionCookie(request, reply, token);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/api/login',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with username or e-mail, password and, with two-factor authentication on, a TOTP or recovery code',
        body: loginBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The session the client came with, live or not, is ended and never reused (ASVS 4.0.3 V3.2.1).
      const presented = sessionTokenOf(request);
      const { user, token } = await auth.login(
        request.body,
        clientOf(request),
        presented ? sessionIdOf(presented) : undefined,
      );
      setSessionCookie(request, reply, token);
      return user;
    },
  );

  app.post(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: end this session and clear the cookie',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const presented = sessionTokenOf(request);
      await auth.logout(presented ? sessionIdOf(presented) : undefined);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/user',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change profile fields',
        body: updateUserBodySchema,
        response: { 200: userSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => auth.updateProfile(signedIn(request), request.body),
  );

  app.post(
    '/api/user/change-password',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: "Change the password; the user's other sessions end",
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(signedIn(request), request.body, clientOf(request));
      return { message: 'Password changed. Your other sessions were signed out.' };
    },
  );

  app.get(
    '/api/user/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's active sessions",
        response: { 200: userSessionsResponseSchema, ...signedInErrors },
      },
    },
    async (request) => ({ sessions: await auth.listSessions(signedIn(request)) }),
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End another session of the signed-in user',
        params: sessionParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.endSession(signedIn(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/user/sessions/end-others',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End every other session of the signed-in user',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ended = await auth.endOtherSessions(signedIn(request));
      return { message: `${ended} other session${ended === 1 ? '' : 's'} signed out.` };
    },
  );

  app.post(
    '/api/setup-2fa',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Start two-factor set-up: a new TOTP secret, its otpauth:// URI and a QR code of it',
        response: { 200: setupTwoFactorResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => auth.setupTwoFactor(signedIn(request)),
  );

  app.post(
    '/api/enable-2fa',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor authentication on with a code of the new secret; returns 10 recovery codes once',
        body: twoFactorCodeBodySchema,
        response: { 200: enableTwoFactorResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => ({
      recoveryCodes: await auth.enableTwoFactor(signedIn(request), request.body.code, clientOf(request)),
    }),
  );

  app.post(
    '/api/disable-2fa',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor authentication off with a TOTP code or a recovery code',
        body: twoFactorCodeBodySchema,
        response: { 200: messageResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await auth.disableTwoFactor(signedIn(request), request.body.code, clientOf(request));
      return { message: 'Two-factor authentication is off.' };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password-reset link by e-mail (the same answer whether or not the address has an account)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body, clientOf(request));
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/reset-password',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['auth'],
        summary:
          "Choose a new password with the e-mailed link's token (single use, 30 minutes); every session of the account ends",
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, clientOf(request));
      return {
        message:
          'Your password has been changed and every session of your account was signed out. Sign in with the new password.',
      };
    },
  );

  app.get(
    '/api/setup-admin/status',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the first admin can still be created (no admin exists yet)',
        response: { 200: setupAdminStatusSchema },
      },
    },
    async () => ({ needed: await auth.adminSetupNeeded() }),
  );

  app.post(
    '/api/setup-admin',
    {
      bodyLimit: AUTH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['auth'],
        summary: 'Create the first admin with the one-time link printed at start-up, and sign in',
        body: setupAdminBodySchema,
        response: { 201: userSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, token } = await auth.setupAdmin(request.body, clientOf(request));
      await auth.logout(request.auth?.session.id);
      setSessionCookie(request, reply, token);
      return reply.code(201).send(user);
    },
  );
};
