import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../lib/errors.ts';
import type { AuthContext, AuthService } from './auth.service.ts';
import { CsrfRejectedError, isSameOriginRequest } from './csrf.ts';
import { hasSessionCookie, sessionTokenOf } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session when the request's session cookie opens a live one, else null. */
    auth: AuthContext | null;
  }
}

/**
 * Sessions on every request: registers `@fastify/cookie` and an `onRequest` hook that,
 * only when a session cookie is present, first applies the CSRF rule (`csrf.ts`: a POST, PUT,
 * PATCH or DELETE with the cookie is refused 403 `csrf_rejected` unless `Sec-Fetch-Site:
 * same-origin` or `Origin` is `publicOrigin`), then resolves the cookie to `request.auth` with one
 * primary-key lookup (`AuthService.resolveSession`). Requests without the cookie cost nothing.
 * Call on the root instance before the routes.
 */
export async function registerSessions(
  app: FastifyInstance,
  opts: { auth: AuthService; publicOrigin: string },
): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);
  // A callback hook: the requests without the cookie (most) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!hasSessionCookie(request)) return done();
    if (!isSameOriginRequest(request, opts.publicOrigin)) return done(new CsrfRejectedError());
    const token = sessionTokenOf(request);
    if (!token) return done();
    opts.auth.resolveSession(token).then((auth) => {
      request.auth = auth ?? null;
      done();
    }, done);
  });
}

/** `preHandler`: 401 `unauthorized` unless signed in. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw new UnauthorizedError('Sign in to continue.');
}

/**
 * A `preHandler` for admin routes: 401 `unauthorized` when signed out, 403 `forbidden` 'Admin
 * privileges required' for a non-admin, 403 `two_factor_setup_required` for an admin without
 * two-factor authentication while `ADMIN_REQUIRE_2FA` is on (`AuthService.assertAdmin`).
 */
export function requireAdmin(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    auth.assertAdmin(request.auth);
  };
}

/** The signed-in context of a route guarded by {@link requireUser}. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError('Sign in to continue.');
  return request.auth;
}
