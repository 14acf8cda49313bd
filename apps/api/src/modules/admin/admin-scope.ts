import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth/auth.module.ts';
import type { AuditRepository } from './audit.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route of an admin scope ({@link adminScope}); the permission-matrix test lists routes by it. */
    admin?: boolean;
  }
  interface FastifyRequest {
    /**
     * What the admin audit log records about this request besides who, what and when:
     * the target and, for changes, the state before and after. Set with {@link auditChange}.
     */
    audit: { target: string | null; before?: unknown; after?: unknown } | null;
  }
}

/**
 * Every admin route registered in this process, as `METHOD /url/pattern` (e.g.
 * `PATCH /api/orders/:id/status`): the permission-matrix test requests each one as anonymous,
 * customer, admin without two-factor authentication and admin, with and without a matching `Origin`.
 */
export const ADMIN_ROUTES = new Set<string>();

/**
 * Makes the calling plugin's scope an admin area (docs/product-rules.md#admin-area):
 *
 * - every route runs `AuthService.assertAdmin` first, on the server: 401 `unauthorized` signed
 *   out, 403 `forbidden` 'Admin privileges required' for a non-admin, 403
 *   `two_factor_setup_required` for an admin without two-factor authentication while
 *   `ADMIN_REQUIRE_2FA` is on (OWASP ASVS 4.0.3 V4.1.1, V4.1.3). CSRF is checked before, for every
 *   cookie request (`registerSessions`);
 * - answers are `Cache-Control: no-store` (ASVS V8.2.1);
 * - each route is marked `config.admin = true`, so the permission matrix covers every one;
 * - every admin call is written to the audit log after it is answered (`registerAdminAudit`).
 *
 * Call it first in the plugin, before the plugin's routes.
 */
export function adminScope(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object | undefined), admin: true } as typeof route.config;
    for (const method of [route.method].flat()) if (method !== 'HEAD') ADMIN_ROUTES.add(`${method} ${route.url}`);
  });
  app.addHook('onRequest', async (request, reply) => {
    auth.assertAdmin(request.auth);
    reply.header('cache-control', 'no-store');
  });
}

/**
 * Records what an admin call acts on and, for a change, the state before and after; the audit
 * hook writes it with who, what and when once the call is answered.
 */
export function auditChange(
  request: FastifyRequest,
  entry: { target: string | null; before?: unknown; after?: unknown },
): void {
  request.audit = { ...request.audit, ...entry };
}

/**
 * The admin audit log: on the root instance, an `onResponse` hook that writes one
 * entry per call of an admin route (`config.admin`) made by a signed-in admin, and per call
 * that named its target with {@link auditChange} (for example an admin reading `GET /api/orders`).
 * Refused calls (401/403) of admin routes by non-admins are not admin calls; the error log and the
 * auth throttle see them. The write happens after the answer, so it adds no latency; a failure to
 * write is logged, never turned into an error for the admin.
 */
export function registerAdminAudit(app: FastifyInstance, repo: AuditRepository): void {
  app.decorateRequest('audit', null);
  // A callback hook: the calls of anyone but an admin (most) pass without a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const user = request.auth?.user;
    if (!user?.isAdmin) return done();
    const isAdminRoute = request.routeOptions.config.admin === true;
    if (!isAdminRoute && !request.audit) return done();
    void write(request, reply, user).finally(done);
  });

  async function write(request: FastifyRequest, reply: FastifyReply, user: { id: number; username: string }) {
    try {
      await repo.record({
        userId: user.id,
        username: user.username,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        target: request.audit?.target ?? null,
        statusCode: reply.statusCode,
        before: request.audit?.before,
        after: request.audit?.after,
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error }, 'admin audit log write failed');
    }
  }
}
