import type { AuthService } from '../auth/auth.module.ts';
import type { ModuleContext } from '../module-context.ts';
import type { UsageSyncService } from '../portal/portal.module.ts';
import { RefundRepository } from './refund.repository.ts';
import { refundRoutes } from './refund.routes.ts';
import { RefundService } from './refund.service.ts';

export type { OrderRefunder } from './refund-port.ts';
export type { RefundService } from './refund.service.ts';

/**
 * Refunds of orders and top-ups through the payment provider (decision record 0019), with the
 * cancellation of the refunded bundles at the eSIM provider; the admin's refund routes.
 */
export async function refundsModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; usageSync: UsageSyncService },
): Promise<{ refunds: RefundService }> {
  const refunds = new RefundService({
    repo: new RefundRepository(ctx.database.db),
    payments: ctx.payments,
    esimProvider: ctx.esimProvider,
    jobs: ctx.jobs,
    // The store's copy of an eSIM (portal, order screen) follows its cancelled bundles at once.
    refreshEsim: (orderId, iccid) => deps.usageSync.refreshEsimOfOrder(orderId, iccid),
    log: ctx.log,
  });
  refunds.register(ctx.jobs);
  await ctx.app.register(refundRoutes, { auth: deps.auth, refunds });
  return { refunds };
}
