import { z } from 'zod';
import { productSchema } from './catalog.ts';
import { MAX_LINE_QUANTITY } from './cart-rules.ts';

/**
 * Cart shapes shared by the API and the storefront (`docs/product-rules.md#cart`). The cart
 * lives on the server, keyed by the visitor session id sent as
 * `X-Session-Id`. Prices always come from the server's products, never from the client; money
 * is integer US cents.
 */

export { MAX_CART_LINES, MAX_LINE_QUANTITY, cartTotals } from './cart-rules.ts';

/**
 * The visitor session id (`X-Session-Id`): 8 to 128 characters of letters, digits, `-` and `_`
 * (the storefront sends a version 4 UUID).
 */
export const sessionIdSchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be 8-128 letters, digits, - or _');

/** One cart line with its embedded product. */
export const cartItemSchema = z.object({
  /** Cart line id (used by `PATCH/DELETE /api/cart/{id}`). */
  id: z.number().int().positive(),
  productId: z.number().int().positive(),
  quantity: z.number().int().positive(),
  /** The product as the catalogue sells it now; `null` when it is no longer sold. */
  product: productSchema.nullable(),
  /** quantity x product price in US cents; 0 when the product is gone. */
  lineTotalCents: z.number().int().nonnegative(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * A cart (`GET /api/cart` and every cart change). Totals are derived: `totalCount` is
 * the sum of quantities; `totalCents` the sum of quantity x price, skipping lines without a
 * product or price.
 */
export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  totalCount: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  currency: z.literal('USD'),
});
export type Cart = z.infer<typeof cartSchema>;

/** `POST /api/cart` body: adds `quantity` (default 1) of a product to its line. */
export const addToCartBodySchema = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
});
export type AddToCartBody = z.input<typeof addToCartBodySchema>;

/** `PATCH /api/cart/{id}` body: sets the quantity; 0 or less removes the line. */
export const updateCartItemBodySchema = z.object({
  quantity: z.number().int().max(MAX_LINE_QUANTITY),
});
export type UpdateCartItemBody = z.infer<typeof updateCartItemBodySchema>;

/** `PATCH/DELETE /api/cart/{id}` path parameters. */
export const cartItemParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
