import type { AuthService } from '../auth/auth.module.ts';
import type { ModuleContext } from '../module-context.ts';
import type { OrdersRepository } from '../orders/orders.repository.ts';
import type { OrdersService } from '../orders/orders.module.ts';
import type { OrderRefunder } from '../refunds/refunds.module.ts';
import { AdminOrdersRepository } from './admin-orders.repository.ts';
import { adminOrdersRoutes } from './admin-orders.routes.ts';
import { AdminOrdersService } from './admin-orders.service.ts';
import { OrderEmailJobs } from './order-email-jobs.ts';
import { orderListRoutes } from './order-list.routes.ts';

/**
 * The admin's orders (decision record 0016): the list (`GET /api/orders`, which also answers a
 * customer with their own orders), status changes (`refunded` through `refunds`), the order
 * screen, notes, access tokens, and the e-mails they send (`order-notification`, `resend-order-email`).
 */
export async function adminOrdersModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; orders: OrdersService; ordersRepository: OrdersRepository; refunds: OrderRefunder },
): Promise<void> {
  const { app, config, database, jobs } = ctx;
  const repo = new AdminOrdersRepository(database.db);
  const adminOrders = new AdminOrdersService({ repo, refunds: deps.refunds, jobs });
  new OrderEmailJobs({
    repo,
    orders: deps.ordersRepository,
    mailer: ctx.mailer,
    publicOrigin: config.publicUrl,
  }).register(jobs);
  await app.register(adminOrdersRoutes, { auth: deps.auth, adminOrders });
  await app.register(orderListRoutes, { auth: deps.auth, orders: deps.orders, adminOrders });
}
