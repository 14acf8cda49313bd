import type { AuthService } from '../auth/auth.module.ts';
import { EMAIL_TEMPLATES } from '../email/email.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { adminOpsRoutes } from './admin-ops.routes.ts';
import { registerAdminAudit } from './admin-scope.ts';
import { adminRoutes } from './admin.routes.ts';
import { AuditLogService } from './audit-log.service.ts';
import { AuditRepository } from './audit.repository.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { DashboardService } from './dashboard.service.ts';
import { JobsAdminService } from './jobs-admin.service.ts';
import { OutboxRepository } from './outbox.repository.ts';
import { OutboxService } from './outbox.service.ts';

export { adminScope, auditChange } from './admin-scope.ts';

/**
 * The admin area's own pages (decision record 0016): the audit log of every admin call (written
 * after the answer), the health check, dashboard, e-mail outbox, jobs and audit log routes.
 */
export async function adminModule(ctx: ModuleContext, deps: { auth: AuthService }): Promise<void> {
  const { app, database, jobs, jobRecords } = ctx;
  const { auth } = deps;
  registerAdminAudit(app, new AuditRepository(database.db));
  await app.register(adminRoutes, { auth });
  const dashboardRepository = new DashboardRepository(database.db);
  await app.register(adminOpsRoutes, {
    auth,
    dashboard: new DashboardService({ repo: dashboardRepository, jobCounts: () => jobRecords.stateCounts() }),
    outbox: new OutboxService({
      repo: new OutboxRepository(database.db),
      mailer: ctx.mailer,
      templates: () => Object.keys(EMAIL_TEMPLATES),
    }),
    jobs: new JobsAdminService({
      repo: jobRecords,
      orderNumbers: (ids) => dashboardRepository.orderNumbersByIds(ids),
      wake: () => jobs.wake(),
    }),
    audit: new AuditLogService(new AuditRepository(database.db)),
  });
}
