import { describe, expect, it } from 'vitest';
import { addToCartBodySchema, cartTotals, sessionIdSchema, updateCartItemBodySchema } from './cart.ts';

const product = (priceCents: number) => ({ priceCents }) as never;

describe('cartTotals', () => {
  it('counts quantities and sums quantity x price', () => {
    expect(
      cartTotals([
        { quantity: 2, product: product(399) },
        { quantity: 1, product: product(1299) },
      ]),
    ).toEqual({
      totalCount: 3,
      totalCents: 2097,
    });
  });

  it('skips the price of lines whose product is gone but still counts them', () => {
    expect(
      cartTotals([
        { quantity: 2, product: null },
        { quantity: 1, product: product(500) },
      ]),
    ).toEqual({
      totalCount: 3,
      totalCents: 500,
    });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ totalCount: 0, totalCents: 0 });
  });
});

describe('cart request schemas', () => {
  it('defaults the add quantity to 1', () => {
    expect(addToCartBodySchema.parse({ productId: 7 })).toEqual({ productId: 7, quantity: 1 });
  });

  it('rejects a zero, fractional or huge add quantity', () => {
    for (const quantity of [0, 1.5, 100, -1]) {
      expect(addToCartBodySchema.safeParse({ productId: 7, quantity }).success).toBe(false);
    }
  });

  it('accepts 0 and negative quantities in an update (they remove the line)', () => {
    expect(updateCartItemBodySchema.parse({ quantity: 0 })).toEqual({ quantity: 0 });
    expect(updateCartItemBodySchema.parse({ quantity: -3 })).toEqual({ quantity: -3 });
  });

  it('accepts UUID session ids and rejects junk', () => {
    expect(sessionIdSchema.safeParse('3f0e6c1a-9c1e-4d7e-8a55-2b7f3c1d9e10').success).toBe(true);
    expect(sessionIdSchema.safeParse('short').success).toBe(false);
    expect(sessionIdSchema.safeParse('has spaces in it').success).toBe(false);
  });
});
