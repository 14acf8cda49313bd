/**
 * Cart rules without schemas (`docs/product-rules.md#cart`), so the storefront can use them
 * in its initial JavaScript without loading zod. `cart.ts` re-exports them with the schemas.
 */

/** Most of one plan in one cart line: a guard against typos such as 1000 instead of 10. */
export const MAX_LINE_QUANTITY = 99;
/** Most distinct lines in one cart. */
export const MAX_CART_LINES = 50;

/** Derives a cart's totals from its lines (pure; used by the server and optimistic UI). */
export function cartTotals(items: readonly { quantity: number; product: { priceCents: number } | null }[]): {
  totalCount: number;
  totalCents: number;
} {
  let totalCount = 0;
  let totalCents = 0;
  for (const item of items) {
    totalCount += item.quantity;
    if (item.product) totalCents += item.quantity * item.product.priceCents;
  }
  return { totalCount, totalCents };
}
