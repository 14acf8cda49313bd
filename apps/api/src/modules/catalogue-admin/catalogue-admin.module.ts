import type { AuthService } from '../auth/auth.module.ts';
import { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { ModuleContext } from '../module-context.ts';
import type { PricingService } from '../pricing/pricing.module.ts';
import { BulkImportRepository } from './bulk-import.repository.ts';
import { BulkImportService } from './bulk-import.service.ts';
import { catalogueAdminRoutes } from './catalogue-admin.routes.ts';
import { CatalogueSyncService } from './catalogue-sync.service.ts';

/**
 * The catalogue's admin side (decision record 0004): sync with the eSIM provider (on demand and
 * once per `CATALOGUE_SYNC_INTERVAL` across instances, then repriced by `pricing`), bulk import
 * and export.
 */
export async function catalogueAdminModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; catalog: CatalogService; pricing: PricingService },
): Promise<void> {
  const { app, config, database, jobs, jobRecords } = ctx;
  const { catalog, pricing } = deps;
  const catalogRepository = new CatalogRepository(database.db);
  const jobStatus = async (id: number) => (await jobRecords.findById(id))?.status;
  const catalogueSync = new CatalogueSyncService({
    catalog,
    repo: catalogRepository,
    // "Reprice after sync": the recalculation, recorded as a pricing run by `sync`.
    reprice: async (actor) => {
      const report = await pricing.recalculate({ dryRun: false, actor });
      return { checked: report.counts.checked, changed: report.counts.changed, pricingRunId: report.run?.id ?? null };
    },
    jobStatus,
    wake: () => jobs.wake(),
    intervalMs: config.catalogueSyncIntervalMs,
    log: ctx.log,
  });
  catalogueSync.register(jobs);
  ctx.schedules.add({ name: 'catalogue-sync', start: () => catalogueSync.scheduleNext(jobs) });
  const imports = new BulkImportService({
    repo: new BulkImportRepository(database.db),
    catalog: catalogRepository,
    invalidate: () => catalog.invalidate(),
    wake: () => jobs.wake(),
    jobStatus,
  });
  imports.register(jobs);
  await app.register(catalogueAdminRoutes, { auth: deps.auth, sync: catalogueSync, imports });
}
