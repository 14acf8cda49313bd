import type { Product } from '@esim/contract/catalog';
import type { Cart, CartItem } from '@esim/contract/cart';
import { MAX_LINE_QUANTITY, cartTotals } from '@esim/contract/cart-rules';

/**
 * The optimistic cart changes (`docs/product-rules.md#cart`), as pure functions: each returns a new
 * cart whose line totals and totals are recomputed the way the server does (`cartTotals`), so
 * the header badge and the cart page move at once and the server's answer replaces them.
 */

/** A cart with nothing in it. */
export const EMPTY_CART: Cart = { items: [], totalCount: 0, totalCents: 0, currency: 'USD' };

/** What the product page adds: the plan (so that the new line can be priced) and a quantity. */
export interface AddItemInput {
  productId: number;
  /** Defaults to 1. */
  quantity?: number;
  /** The plan as shown, for pricing a line the cart does not have yet. */
  product?: Product | null;
}

/** A line not yet confirmed by the server carries a negative id until the cart is refetched. */
export function isPendingLine(item: Pick<CartItem, 'id'>): boolean {
  return item.id < 0;
}

/** `quantity x price` in cents; 0 when the product is gone. */
export function lineTotalCents(quantity: number, product: Pick<Product, 'priceCents'> | null): number {
  return product ? quantity * product.priceCents : 0;
}

/** Rebuilds a cart from its lines: line totals and the cart's totals are recomputed. */
export function withLines(cart: Cart, items: readonly CartItem[]): Cart {
  const lines = items.map((item) => ({ ...item, lineTotalCents: lineTotalCents(item.quantity, item.product) }));
  return { ...cart, items: lines, ...cartTotals(lines) };
}

/**
 * Adds `quantity` of a plan: raises its line (at most {@link MAX_LINE_QUANTITY}) or appends a
 * pending line with `tempId` (negative) priced from `input.product`.
 */
export function applyAdd(cart: Cart, input: AddItemInput, tempId: number): Cart {
  const quantity = Math.max(1, Math.round(input.quantity ?? 1));
  const existing = cart.items.find((item) => item.productId === input.productId);
  if (existing) {
    return withLines(
      cart,
      cart.items.map((item) =>
        item === existing
          ? {
              ...item,
              quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + quantity),
              product: item.product ?? input.product ?? null,
            }
          : item,
      ),
    );
  }
  const line: CartItem = {
    id: tempId,
    productId: input.productId,
    quantity: Math.min(MAX_LINE_QUANTITY, quantity),
    product: input.product ?? null,
    lineTotalCents: 0,
  };
  return withLines(cart, [...cart.items, line]);
}

/** Sets a line's quantity (at most {@link MAX_LINE_QUANTITY}); 0 or less removes it. */
export function applyUpdate(cart: Cart, itemId: number, quantity: number): Cart {
  if (quantity <= 0) return applyRemove(cart, itemId);
  const next = Math.min(MAX_LINE_QUANTITY, Math.round(quantity));
  return withLines(
    cart,
    cart.items.map((item) => (item.id === itemId ? { ...item, quantity: next } : item)),
  );
}

/** Drops a line; an unknown id leaves the cart as it is (already removed counts as success). */
export function applyRemove(cart: Cart, itemId: number): Cart {
  return withLines(
    cart,
    cart.items.filter((item) => item.id !== itemId),
  );
}

/** Empties the cart. */
export function applyClear(cart: Cart): Cart {
  return withLines(cart, []);
}
