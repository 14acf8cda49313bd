import { ChangeBus } from '../../lib/change-bus.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { registerOps } from './ops.routes.ts';

export { instrumentEsimProvider, instrumentPaymentProvider } from './metrics.ts';
export { requestIdOptions } from './request-id.ts';
export { gracefulShutdown, shutdownForceAfterMs } from './shutdown.ts';

/**
 * Running several instances (decision record 0020): `/livez`, `/readyz`, `/metrics`, request ids,
 * and the change bus (PostgreSQL LISTEN/NOTIFY) that drops every instance's catalogue snapshot on
 * a change and wakes idle job workers when a job is enqueued anywhere.
 */
export async function opsModule(ctx: ModuleContext, deps: { catalog: CatalogService }): Promise<void> {
  const { app, database, jobs, jobRecords } = ctx;
  const bus = new ChangeBus({ database, log: ctx.log });
  deps.catalog.useChangeBus(bus);
  jobs.useChangeBus(bus);
  await bus.start();
  app.addHook('onClose', async () => {
    await bus.close();
  });
  await registerOps(app, {
    database,
    jobs,
    bus,
    metricsToken: ctx.config.metricsToken,
    jobStateCounts: () => jobRecords.stateCounts(),
  });
}
