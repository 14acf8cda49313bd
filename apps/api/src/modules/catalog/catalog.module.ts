import type { AuthService } from '../auth/auth.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { BulkImportRepository } from './admin/bulk-import.repository.ts';
import { BulkImportService } from './admin/bulk-import.service.ts';
import { catalogueAdminRoutes } from './admin/catalogue-admin.routes.ts';
import { CatalogueSyncService } from './admin/catalogue-sync.service.ts';
import { CatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { CatalogService } from './catalog.service.ts';
import { PricingRepository } from './pricing/pricing.repository.ts';
import { pricingRoutes } from './pricing/pricing.routes.ts';
import { PricingService } from './pricing/pricing.service.ts';

export type { ProductFacts } from './catalog.repository.ts';
export type { NetworkJson } from './catalog.repository.ts';
export type { CatalogService } from './catalog.service.ts';

/**
 * The catalogue (decision record 0004): products priced from the eSIM provider's bundles, served
 * to the storefront from an in-memory snapshot at `/api/catalog/*`; and its admin side: pricing
 * settings, rules and recalculation (a saved rule reprices nothing until `recalculate`), the sync
 * with the eSIM provider (on demand, and once per `CATALOGUE_SYNC_INTERVAL` across instances, then
 * repriced), bulk import and export.
 */
export async function catalogModule(
  ctx: ModuleContext,
  deps: { auth: AuthService },
): Promise<{ catalog: CatalogService }> {
  const { app, config, database, jobs, jobRecords } = ctx;
  const { auth } = deps;
  const repo = new CatalogRepository(database.db);
  const catalog = new CatalogService(repo, ctx.esimProvider);
  await app.register(catalogRoutes, { catalog, maxAgeS: config.catalogueMaxAgeS });

  const pricing = new PricingService({
    repo: new PricingRepository(database.db),
    invalidateCatalogue: () => catalog.invalidate(),
  });
  await app.register(pricingRoutes, { auth, pricing });

  const jobStatus = async (id: number) => (await jobRecords.findById(id))?.status;
  const sync = new CatalogueSyncService({
    catalog,
    repo,
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
  sync.register(jobs);
  ctx.schedules.add({ name: 'catalogue-sync', start: () => sync.scheduleNext(jobs) });
  const imports = new BulkImportService({
    repo: new BulkImportRepository(database.db),
    catalog: repo,
    invalidate: () => catalog.invalidate(),
    wake: () => jobs.wake(),
    jobStatus,
  });
  imports.register(jobs);
  await app.register(catalogueAdminRoutes, { auth, sync, imports });
  return { catalog };
}
