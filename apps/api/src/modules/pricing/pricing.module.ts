import type { AuthService } from '../auth/auth.module.ts';
import type { CatalogService } from '../catalog/catalog.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { PricingRepository } from './pricing.repository.ts';
import { pricingRoutes } from './pricing.routes.ts';
import { PricingService } from './pricing.service.ts';

export type { PricingService } from './pricing.service.ts';

/**
 * Pricing settings and rules, recalculation (dry run or applied, recorded as a pricing run) and the
 * explanation of a price. Saving a rule reprices nothing; `recalculate` does, then drops the
 * storefront's catalogue snapshot.
 */
export async function pricingModule(
  ctx: ModuleContext,
  deps: { auth: AuthService; catalog: CatalogService },
): Promise<{ pricing: PricingService }> {
  const pricing = new PricingService({
    repo: new PricingRepository(ctx.database.db),
    invalidateCatalogue: () => deps.catalog.invalidate(),
  });
  await ctx.app.register(pricingRoutes, { auth: deps.auth, pricing });
  return { pricing };
}
