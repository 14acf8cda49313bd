import { numericIdParamsSchema } from '@esim/contract/admin';
import { apiErrorSchema } from '@esim/contract/catalog';
import {
  adminSupportMessageDetailSchema,
  adminSupportMessagesPageSchema,
  adminSupportMessagesQuerySchema,
  supportMessageStatusBodySchema,
} from '@esim/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope, auditChange } from '../admin/admin.module.ts';
import { signedIn } from '../auth/auth.module.ts';
import type { AuthService } from '../auth/auth.module.ts';
import type { SupportService } from './support.service.ts';

/** Error answers every route here may give (the admin scope's 401/403, a bad query or path 400, an unknown id 404). */
const REFUSALS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * Support messages in the admin area, which admins mark answered or open. All in an admin scope:
 * 401 signed out, 403 `forbidden` for a non-admin, 403 `two_factor_setup_required` while
 * `ADMIN_REQUIRE_2FA` is on and the admin has none; CSRF-checked; `Cache-Control: no-store`;
 * every call audited, changes with before and after. `{id}` is a numeric id (400 naming `id`
 * when malformed, 404 `not_found` when unknown). Times are ISO 8601.
 *
 * - `GET /api/admin/support-messages?status=open|answered&q=&cursor=&limit=` -> `AdminSupportMessagesPage`
 *   (newest first; `q` a part of the name, e-mail, subject or reference; counts of open and answered).
 * - `GET /api/admin/support-messages/{id}` -> the message in full.
 * - `PATCH /api/admin/support-messages/{id}` `{ status: 'answered' | 'open' }` -> the message
 *   (answered: when and by which admin; open: both cleared).
 */
export const supportAdminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  support: SupportService;
}> = async (app, { auth, support }) => {
  adminScope(app, auth);
  const adminName = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.username;

  app.get(
    '/api/admin/support-messages',
    {
      schema: {
        tags: ['admin', 'support'],
        summary: 'Support messages of the contact form, newest first (admins only)',
        querystring: adminSupportMessagesQuerySchema,
        response: { 200: adminSupportMessagesPageSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const { status, q, cursor, limit } = request.query;
      return support.list({ status, q, beforeId: cursor === undefined ? undefined : Number(cursor), limit });
    },
  );

  app.get(
    '/api/admin/support-messages/:id',
    {
      schema: {
        tags: ['admin', 'support'],
        summary: 'One support message in full (admins only)',
        params: numericIdParamsSchema,
        response: { 200: adminSupportMessageDetailSchema, ...REFUSALS },
      },
    },
    async (request) => {
      auditChange(request, { target: `support-message:${request.params.id}` });
      return support.get(request.params.id);
    },
  );

  app.patch(
    '/api/admin/support-messages/:id',
    {
      schema: {
        tags: ['admin', 'support'],
        summary: 'Mark a support message answered, or open again (admins only)',
        params: numericIdParamsSchema,
        body: supportMessageStatusBodySchema,
        response: { 200: adminSupportMessageDetailSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const target = `support-message:${request.params.id}`;
      auditChange(request, { target, after: { status: request.body.status } });
      const { before, after } = await support.setStatus(request.params.id, request.body.status, adminName(request));
      auditChange(request, {
        target,
        before: { status: before.status, answeredAt: before.answeredAt, answeredBy: before.answeredBy },
        after: { status: after.status, answeredAt: after.answeredAt, answeredBy: after.answeredBy },
      });
      return after;
    },
  );
};
