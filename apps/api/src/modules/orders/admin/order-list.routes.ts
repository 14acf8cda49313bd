import { adminOrdersQuerySchema, adminOrdersResponseSchema } from '@esim/contract/admin-orders';
import { apiErrorSchema } from '@esim/contract/catalog';
import { accountOrdersResponseSchema } from '@esim/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../admin/admin.module.ts';
import { requireUser, signedIn } from '../../auth/auth.module.ts';
import type { AuthService } from '../../auth/auth.module.ts';
import type { OrdersService } from '../orders.service.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';

/**
 * `GET /api/orders`: one path, two readers. A customer gets their own orders and top-ups, newest
 * first; an admin gets every order with filters, search and pages (audited; 403 `forbidden` /
 * `two_factor_setup_required` as on every admin route). 401 `unauthorized` signed out. Never
 * cached (`Cache-Control: no-store`).
 */
export const orderListRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  orders: OrdersService;
  adminOrders: AdminOrdersService;
}> = async (app, options) => {
  const auth: AuthService = options.auth;
  const { orders, adminOrders } = options;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get(
    '/api/orders',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders', 'admin'],
        summary:
          "The signed-in customer's orders and top-ups, newest first; for an admin, every order with filters, search and pages",
        querystring: adminOrdersQuerySchema,
        response: {
          200: z.union([adminOrdersResponseSchema, accountOrdersResponseSchema]),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const ctx = signedIn(request);
      if (ctx.user.isAdmin) {
        auth.assertAdmin(ctx);
        auditChange(request, { target: 'orders', after: { query: request.query } });
        return adminOrders.list(request.query);
      }
      return { orders: await orders.accountOrders(ctx.user.id) };
    },
  );
};
