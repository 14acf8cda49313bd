import type { ModuleContext } from '../module-context.ts';
import { CatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { CatalogService } from './catalog.service.ts';

export type { CatalogService } from './catalog.service.ts';
export { asTier, productPlanName, soldPlanName } from './plan-names.ts';

/**
 * The storefront's catalogue (decision record 0004): products priced from the eSIM provider's
 * bundles, served from an in-memory snapshot at `/api/catalog/*`.
 */
export async function catalogModule(ctx: ModuleContext): Promise<{ catalog: CatalogService }> {
  const catalog = new CatalogService(new CatalogRepository(ctx.database.db), ctx.esimProvider);
  await ctx.app.register(catalogRoutes, { catalog, maxAgeS: ctx.config.catalogueMaxAgeS });
  return { catalog };
}
