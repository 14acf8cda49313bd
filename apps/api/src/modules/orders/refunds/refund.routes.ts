import { refundBodySchema, refundCheckSchema, refundResponseSchema } from '@esim/contract/admin-refunds';
import { apiErrorSchema } from '@esim/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminScope, auditChange } from '../../admin/admin.module.ts';
import { signedIn } from '../../auth/auth.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import type { RefundService } from './refund.service.ts';

/**
 * Any string: a malformed order number is answered 404 like an unknown one (the service checks
 * the format before any query); the routes set `paramsFormatChecked`, so NUL gets that 404 too.
 */
const orderParamsSchema = z.object({ id: z.string().describe('Order number, e.g. ORD-7K3F9Q2X4M') });

/** A refund body is a few hundred bytes; refuse anything far larger before parsing it. */
const REFUND_BODY_LIMIT_BYTES = 8_192;

/**
 * Refund routes (refund policy of docs/product-rules.md#refunds), admins only
 * (`adminScope`: 401 signed out, 403 for non-admins and for admins without two-factor
 * authentication while it is required; `Cache-Control: no-store`; audited). Errors are
 * `{ error: { code, message, field? } }`.
 *
 * - `GET /api/orders/{id}/refund-check` → `RefundCheck` `{ eligible, overridable, amountCents,
 *   daysSincePurchase, activatedIccids, reasons: [{ code, message, iccids? }], esims, refund }`:
 *   the policy's verdict, read from the eSIM provider now. 404 for an unknown order.
 * - `POST /api/orders/{id}/refund` `{ reason?, override?, notify? }` → `RefundResponse`: the order
 *   refunded in full through the payment provider, its unstarted bundles cancelled at the eSIM
 *   provider, the customer e-mailed with `notify`. 400 `reason` (missing with `override`, over 500
 *   characters); 404; 409 `refund_refused` (policy; the message says why), `already_refunded`,
 *   `refund_in_progress`, `invalid_transition`; 502/503 `upstream_error` when the payment
 *   provider refuses or cannot be reached (the refund is `failed`, the order unchanged; retry).
 *   Audited with the order's status and refund before and after.
 */
export const refundRoutes: FastifyPluginAsyncZod<{ auth: AuthService; refunds: RefundService }> = async (
  app,
  { auth, refunds },
) => {
  adminScope(app, auth);

  app.get(
    '/api/orders/:id/refund-check',
    {
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['admin'],
        summary: 'Whether an order can be refunded in full under the refund policy (admins only)',
        params: orderParamsSchema,
        response: { 200: refundCheckSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      auditChange(request, { target: `order:${request.params.id.slice(0, 64)}` });
      return refunds.check(request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/refund',
    {
      bodyLimit: REFUND_BODY_LIMIT_BYTES,
      config: { paramsFormatChecked: true },
      schema: {
        tags: ['admin'],
        summary: 'Refund an order in full through the payment provider and cancel its eSIMs (admins only)',
        params: orderParamsSchema,
        body: refundBodySchema,
        response: {
          200: refundResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const orderNumber = request.params.id;
      const target = `order:${orderNumber.slice(0, 64)}`;
      const before = await refunds.snapshot(orderNumber);
      auditChange(request, { target, before });
      try {
        return await refunds.refundOrder({
          orderNumber,
          actor: `admin:${signedIn(request).user.username}`,
          reason: request.body.reason,
          override: request.body.override,
          notify: request.body.notify,
        });
      } finally {
        if (before) {
          const after = await refunds.snapshot(orderNumber).catch(() => undefined);
          if (after) auditChange(request, { target, after });
        }
      }
    },
  );
};
