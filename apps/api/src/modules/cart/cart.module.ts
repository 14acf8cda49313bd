import type { CatalogService } from '../catalog/catalog.module.ts';
import type { ModuleContext } from '../module-context.ts';
import { CartRepository } from './cart.repository.ts';
import { cartRoutes } from './cart.routes.ts';
import { CartService } from './cart.service.ts';

export type { CartService } from './cart.service.ts';

/** The visitor's cart (decision record 0012), kept per visitor session at `/api/cart`. */
export async function cartModule(
  ctx: ModuleContext,
  deps: { catalog: CatalogService },
): Promise<{ cart: CartService }> {
  const cart = new CartService(new CartRepository(ctx.database.db), deps.catalog);
  await ctx.app.register(cartRoutes, { cart });
  return { cart };
}
