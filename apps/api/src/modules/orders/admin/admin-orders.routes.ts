import {
  adminOrderDetailSchema,
  adminOrderParamsSchema,
  orderNoteBodySchema,
  orderNoteResponseSchema,
  orderNotifyBodySchema,
  orderNotifyResponseSchema,
  orderStatusChangeBodySchema,
  orderStatusChangeResponseSchema,
  reissueTokenBodySchema,
  reissueTokenResponseSchema,
  resendConfirmationResponseSchema,
  retryFulfilmentResponseSchema,
  revokeTokenResponseSchema,
} from '@esim/contract/admin-orders';
import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminScope, auditChange } from '../../admin/admin.module.ts';
import { signedIn } from '../../auth/auth.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import { type AdminOrdersService, adminActor } from './admin-orders.service.ts';

/** Error answers every route here may give (the admin scope's 401/403, a bad path 400, an unknown order 404). */
const REFUSALS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/**
 * The admin's order routes (issue 10; specification section 7 paths `PATCH /api/orders/{id}/status`
 * and `POST /api/orders/{id}/notify` are a public contract). All in an admin scope: 401 signed out,
 * 403 `forbidden` for a non-admin, 403 `two_factor_setup_required` while `ADMIN_REQUIRE_2FA` is
 * on and the admin has none; CSRF-checked (cookie requests); `Cache-Control: no-store`; every call
 * audited, changes with before and after. `{id}` is the order number (`ORD-…`; 400 naming `id`
 * when malformed, 404 `not_found` 'Order Not Found' when unknown). Errors are `{ error: { code,
 * message, field? } }`.
 *
 * - `PATCH /api/orders/{id}/status` `{ status, note?, notify?, expectedStatus? }` -> 200
 *   `{ orderNumber, status, previousStatus, next, notified }`; 409 `invalid_transition` (not in
 *   the transition table), 409 `order_changed` (not in `expectedStatus`, or another change won
 *   the race); `refunded` refunds through the payment provider (409 `refund_refused`,
 *   `already_refunded`, `refund_in_progress`, `refunds_unavailable`; 502 `upstream_error`).
 * - `POST /api/orders/{id}/notify` `{ status }` -> 202 `{ orderNumber, status, queued, language }`:
 *   the customer's e-mail about the order's current status (409 `order_changed` for another status).
 * - `GET /api/admin/orders/{id}` -> 200 the order screen (`AdminOrderDetail`).
 * - `POST /api/admin/orders/{id}/notes` `{ body }` -> 201 `{ orderNumber, entry }`: an internal note.
 * - `POST /api/admin/orders/{id}/resend-confirmation` -> 202 `{ orderNumber, queued, template }`
 *   (409 `not_resendable`).
 * - `POST /api/admin/orders/{id}/retry-fulfilment` -> 200 `{ orderNumber, requeued, enqueued }`
 *   (409 `not_retryable`).
 * - `POST /api/admin/orders/{id}/access-token/revoke` -> 200 `{ orderNumber, accessToken }` (the
 *   token's state; 409 `no_active_token`).
 * - `POST /api/admin/orders/{id}/access-token` `{ email? }` -> 201 `{ orderNumber, accessToken,
 *   expiresAt, emailed }`: a new token, shown once (409 `no_token`, `not_delivered`).
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ auth: AuthService; adminOrders: AdminOrdersService }> = async (
  app,
  { auth, adminOrders },
) => {
  adminScope(app, auth);
  const actorOf = (request: Parameters<typeof signedIn>[0]) => adminActor(signedIn(request).user.username);
  const target = (id: string) => `order:${id}`;

  app.patch(
    '/api/orders/:id/status',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: "Change an order's status along the transition table (admins only)",
        params: adminOrderParamsSchema,
        body: orderStatusChangeBodySchema,
        response: {
          200: orderStatusChangeResponseSchema,
          ...REFUSALS,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      auditChange(request, {
        target: target(id),
        after: { status: request.body.status, note: request.body.note ?? null, notify: request.body.notify ?? false },
      });
      const result = await adminOrders.changeStatus(id, request.body, actorOf(request));
      auditChange(request, {
        target: target(id),
        before: { status: result.previousStatus },
        after: { status: result.status, note: request.body.note ?? null, notified: result.notified },
      });
      return result;
    },
  );

  app.post(
    '/api/orders/:id/notify',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: 'E-mail the customer about the order status, in the order language (admins only)',
        params: adminOrderParamsSchema,
        body: orderNotifyBodySchema,
        response: { 202: orderNotifyResponseSchema, ...REFUSALS, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      auditChange(request, { target: target(id), after: { notify: request.body.status } });
      const result = await adminOrders.notify(id, request.body.status, actorOf(request));
      return reply.status(202).send(result);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: 'The order screen: customer, lines, payments, refunds, eSIMs, token, timeline (admins only)',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailSchema, ...REFUSALS },
      },
    },
    async (request) => {
      auditChange(request, { target: target(request.params.id) });
      return adminOrders.detail(request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/notes',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: 'Add an internal note to the order timeline (admins only)',
        params: adminOrderParamsSchema,
        body: orderNoteBodySchema,
        response: { 201: orderNoteResponseSchema, ...REFUSALS },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      auditChange(request, { target: target(id), after: { note: request.body.body } });
      return reply.status(201).send(await adminOrders.addNote(id, request.body.body, actorOf(request)));
    },
  );

  app.post(
    '/api/admin/orders/:id/resend-confirmation',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: 'Send the order confirmation again, as it was sent (admins only)',
        params: adminOrderParamsSchema,
        response: { 202: resendConfirmationResponseSchema, ...REFUSALS, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      auditChange(request, { target: target(id), after: { resendConfirmation: true } });
      return reply.status(202).send(await adminOrders.resendConfirmation(id, actorOf(request)));
    },
  );

  app.post(
    '/api/admin/orders/:id/retry-fulfilment',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: 'Retry the failed provisioning or confirmation e-mail of an order in processing (admins only)',
        params: adminOrderParamsSchema,
        response: { 200: retryFulfilmentResponseSchema, ...REFUSALS, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await adminOrders.retryFulfilment(id, actorOf(request));
      auditChange(request, { target: target(id), after: { requeued: result.requeued, enqueued: result.enqueued } });
      return result;
    },
  );

  app.post(
    '/api/admin/orders/:id/access-token/revoke',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary: "Revoke the order's portal access token (admins only)",
        params: adminOrderParamsSchema,
        response: { 200: revokeTokenResponseSchema, ...REFUSALS, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await adminOrders.revokeToken(id, actorOf(request));
      auditChange(request, {
        target: target(id),
        before: { accessToken: 'active' },
        after: { accessToken: result.accessToken },
      });
      return result;
    },
  );

  app.post(
    '/api/admin/orders/:id/access-token',
    {
      schema: {
        tags: ['admin', 'orders'],
        summary:
          'Issue a new portal access token, shown once, optionally e-mailed in a fresh confirmation (admins only)',
        params: adminOrderParamsSchema,
        body: reissueTokenBodySchema.optional(),
        response: { 201: reissueTokenResponseSchema, ...REFUSALS, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const email = request.body?.email ?? true;
      const result = await adminOrders.reissueToken(id, email, actorOf(request));
      // Never the token itself: the audit log records that one was issued, and when it expires.
      auditChange(request, {
        target: target(id),
        after: { accessToken: 'reissued', expiresAt: result.expiresAt, emailed: result.emailed },
      });
      return reply.status(201).send(result);
    },
  );
};
