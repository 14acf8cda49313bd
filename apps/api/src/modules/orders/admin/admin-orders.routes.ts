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
 * The admin's order routes (docs/product-rules.md#order-statuses, #admin-area), admins only
 * (`adminScope`: 401 signed out, 403 `forbidden` or `two_factor_setup_required`; CSRF-checked;
 * `Cache-Control: no-store`; audited with before and after). `{id}` is the order number (`ORD-…`;
 * 404 `not_found` when unknown).
 *
 * - `PATCH /api/orders/{id}/status`, `POST /api/orders/{id}/notify` (paths the storefront already
 *   calls): a status change within the table, as a compare-and-set on `expectedStatus`; to
 *   `refunded` it refunds through the payment provider. 409 `invalid_transition`,
 *   `order_changed`, the refund's 409s; 502 `upstream_error`.
 * - `/api/admin/orders/{id}`: the order screen, notes, resending the confirmation (409
 *   `not_resendable`), retrying fulfilment (409 `not_retryable`), revoking or issuing an access
 *   token (409 `no_active_token`, `no_token`, `not_delivered`; a new token is shown once).
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
