import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../auth/auth.module.ts';
import type { AuthService } from '../auth/auth.module.ts';
import { adminScope } from './admin-scope.ts';

/**
 * The admin area's health check. Like every admin route it runs in an `adminScope`
 * (`admin-scope.ts`): 401 `unauthorized` signed out, 403 `forbidden` 'Admin privileges required'
 * for a non-admin, 403 `two_factor_setup_required` for an admin without two-factor authentication
 * while `ADMIN_REQUIRE_2FA` is on; audited.
 *
 * - `GET /api/admin/ping` → `{ status: 'ok', username }`: the admin area's health check, which
 *   also tells the admin web app that the session may use it.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  adminScope(app, auth);

  app.get(
    '/api/admin/ping',
    {
      schema: {
        tags: ['admin'],
        summary: "The admin area's health check (admins only)",
        response: {
          200: z.object({ status: z.literal('ok'), username: z.string() }),
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => ({ status: 'ok' as const, username: signedIn(request).user.username }),
  );
};
