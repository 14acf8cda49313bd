import type { AuthService } from '../auth/auth.module.ts';
import { EMAIL_TEMPLATES, type EmailLog } from '../email/email.module.ts';
import type { ModuleContext } from '../module-context.ts';
import type { OrdersModule } from '../orders/orders.module.ts';
import { adminOpsRoutes } from './admin-ops.routes.ts';
import { registerAdminAudit } from './admin-scope.ts';
import { adminRoutes } from './admin.routes.ts';
import { AuditLogService } from './audit-log.service.ts';
import { AuditRepository } from './audit.repository.ts';
import { DashboardService } from './dashboard.service.ts';
import { JobsAdminService } from './jobs-admin.service.ts';
import { OutboxService } from './outbox.service.ts';

export { adminScope, auditChange } from './admin-scope.ts';

/**
 * Records every admin call in the audit log, after the answer (decision record 0016). Registered
 * right after `auth`, before the other modules: only the routes registered after it are audited.
 */
export function auditAdminCalls(ctx: ModuleContext): void {
  registerAdminAudit(ctx.app, new AuditRepository(ctx.database.db));
}

/**
 * The admin area's own pages (decision record 0016): the health check, dashboard (the orders
 * module's figures), e-mail outbox (the e-mail module's log), jobs and audit log routes.
 */
export async function adminModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; orders: Pick<OrdersModule, 'stats'>; emailLog: EmailLog },
): Promise<void> {
  const { app, database, jobs, jobRecords } = ctx;
  const { auth } = deps;
  const { stats } = deps.orders;
  await app.register(adminRoutes, { auth });
  await app.register(adminOpsRoutes, {
    auth,
    dashboard: new DashboardService({ repo: stats, jobCounts: () => jobRecords.stateCounts() }),
    outbox: new OutboxService({
      log: deps.emailLog,
      orderNumbers: (ids) => stats.orderNumbersByIds(ids),
      orderIdByNumber: (orderNumber) => stats.orderIdByNumber(orderNumber),
      mailer: ctx.mailer,
      templates: () => Object.keys(EMAIL_TEMPLATES),
    }),
    jobs: new JobsAdminService({
      repo: jobRecords,
      orderNumbers: (ids) => stats.orderNumbersByIds(ids),
      wake: () => jobs.wake(),
    }),
    audit: new AuditLogService(new AuditRepository(database.db)),
  });
}
