import { numericIdParamsSchema } from '@esim/contract/admin';
import { apiErrorSchema } from '@esim/contract/catalog';
import {
  adminConversationDetailSchema,
  adminConversationsPageSchema,
  adminConversationsQuerySchema,
  conversationReviewBodySchema,
} from '@esim/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope, auditChange } from '../../admin/admin.module.ts';
import { signedIn } from '../../auth/auth.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import type { ConversationsService } from './conversations.service.ts';

/** Error answers every route here may give (the admin scope's 401/403, a bad query or path 400, an unknown id 404). */
const REFUSALS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * The chat assistant's conversations in the admin area, kept 30 days, in an admin scope (401
 * signed out, 403 `forbidden` / `two_factor_setup_required`; audited; `Cache-Control: no-store`).
 * `{id}` is a numeric id (400 naming `id` when malformed, 404 `not_found` when unknown).
 *
 * - `GET /api/admin/chat-conversations?q=&reviewed=true|false&cursor=&limit=`: newest last message first.
 * - `GET /api/admin/chat-conversations/{id}`: every message, oldest first.
 * - `PATCH /api/admin/chat-conversations/{id}` `{ reviewed }`: marks it reviewed (when, by whom), or not.
 */
export const conversationsAdminRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  conversations: ConversationsService;
}> = async (app, { auth, conversations }) => {
  adminScope(app, auth);
  const adminName = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user.username;

  app.get(
    '/api/admin/chat-conversations',
    {
      schema: {
        tags: ['admin', 'support'],
        summary: 'Chat assistant conversations of the last 30 days, newest first (admins only)',
        querystring: adminConversationsQuerySchema,
        response: { 200: adminConversationsPageSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const { q, reviewed, cursor, limit } = request.query;
      return conversations.list({
        q,
        reviewed: reviewed === undefined ? undefined : reviewed === 'true',
        cursor,
        limit,
      });
    },
  );

  app.get(
    '/api/admin/chat-conversations/:id',
    {
      schema: {
        tags: ['admin', 'support'],
        summary: 'One chat conversation with every message (admins only)',
        params: numericIdParamsSchema,
        response: { 200: adminConversationDetailSchema, ...REFUSALS },
      },
    },
    async (request) => {
      auditChange(request, { target: `chat-conversation:${request.params.id}` });
      return conversations.get(request.params.id);
    },
  );

  app.patch(
    '/api/admin/chat-conversations/:id',
    {
      schema: {
        tags: ['admin', 'support'],
        summary: 'Mark a chat conversation reviewed, or not (admins only)',
        params: numericIdParamsSchema,
        body: conversationReviewBodySchema,
        response: { 200: adminConversationDetailSchema, ...REFUSALS },
      },
    },
    async (request) => {
      const target = `chat-conversation:${request.params.id}`;
      auditChange(request, { target, after: { reviewed: request.body.reviewed } });
      const { before, after } = await conversations.setReviewed(
        request.params.id,
        request.body.reviewed,
        adminName(request),
      );
      auditChange(request, { target, before, after: { reviewedAt: after.reviewedAt, reviewedBy: after.reviewedBy } });
      return after;
    },
  );
};
