import type { AuthService } from '../auth/auth.module.ts';
import type { EmailLog } from '../email/email.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { SupportEmailJob } from './support-email-job.ts';
import { supportAdminRoutes } from './support-admin.routes.ts';
import { SupportRepository } from './support.repository.ts';
import { supportRoutes } from './support.routes.ts';
import { SupportService } from './support.service.ts';
import { supportThrottle } from './support-throttle.ts';

/**
 * Messages to the support team: `POST /api/support/messages` (throttled per address and hour),
 * the desk's copy (Reply-To the sender) and the sender's acknowledgement sent from a job, and the
 * admin's inbox of messages.
 */
export async function supportModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; emailLog: EmailLog },
): Promise<void> {
  const { app, config, database, jobs } = ctx;
  const repo = new SupportRepository(database.db);
  new SupportEmailJob({
    repo,
    mailer: ctx.mailer,
    emailLog: deps.emailLog,
    supportEmail: config.support.email,
    publicOrigin: config.publicUrl,
  }).register(jobs);
  const support = new SupportService({ repo, jobs });
  await app.register(supportRoutes, {
    support,
    throttle: supportThrottle(ctx.throttler, config.support.rateLimitPerHour),
  });
  await app.register(supportAdminRoutes, { auth: deps.auth, support });
}
