import type { Product } from '@esim/contract/catalog';
import type { Cart, CartItem } from '@esim/contract/cart';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CART,
  applyAdd,
  applyClear,
  applyRemove,
  applyUpdate,
  isPendingLine,
  withLines,
} from './optimistic-cart.ts';

function product(productId: number, priceCents: number): Product {
  return {
    productId,
    apiBundleName: `esim_${productId}`,
    name: `Plan ${productId}`,
    description: '',
    priceCents,
    price: priceCents / 100,
    currency: 'USD',
    countryCode: 'TR',
    imageUrl: null,
    features: {
      bundleType: 'prepaid',
      dataMb: 1024,
      dataAmount: '1GB',
      validityDays: 7,
      validity: '7d',
      tier: null,
      type: 'local',
      coveredCountries: ['TR'],
      networks: [],
      discountPercent: 0,
      hotspot: true,
    },
  };
}

const line = (id: number, quantity: number, p: Product | null): CartItem => ({
  id,
  productId: p?.productId ?? 1000 + id,
  quantity,
  product: p,
  lineTotalCents: p ? quantity * p.priceCents : 0,
});

const cartOf = (...items: CartItem[]): Cart => withLines(EMPTY_CART, items);

const turkey = product(1, 450);
const japan = product(2, 1299);

describe('withLines', () => {
  it('recomputes line totals and the cart totals, skipping lines without a product', () => {
    const cart = withLines(EMPTY_CART, [{ ...line(1, 2, turkey), lineTotalCents: 1 }, line(2, 3, null)]);
    expect(cart.items.map((i) => i.lineTotalCents)).toEqual([900, 0]);
    expect(cart).toMatchObject({ totalCount: 5, totalCents: 900, currency: 'USD' });
  });
});

describe('applyAdd', () => {
  it('appends a pending line priced from the product and recomputes totals', () => {
    const cart = applyAdd(cartOf(line(7, 1, turkey)), { productId: 2, quantity: 2, product: japan }, -1);
    expect(cart.items).toHaveLength(2);
    expect(cart.items[1]).toEqual({ id: -1, productId: 2, quantity: 2, product: japan, lineTotalCents: 2598 });
    expect(isPendingLine(cart.items[1]!)).toBe(true);
    expect(cart).toMatchObject({ totalCount: 3, totalCents: 450 + 2598 });
  });

  it('raises the existing line of the same plan instead of adding a second one', () => {
    const cart = applyAdd(cartOf(line(7, 2, turkey)), { productId: 1, quantity: 3, product: turkey }, -1);
    expect(cart.items).toEqual([{ id: 7, productId: 1, quantity: 5, product: turkey, lineTotalCents: 2250 }]);
    expect(cart).toMatchObject({ totalCount: 5, totalCents: 2250 });
  });

  it('defaults the quantity to 1', () => {
    const cart = applyAdd(EMPTY_CART, { productId: 1, product: turkey }, -1);
    expect(cart).toMatchObject({ totalCount: 1, totalCents: 450 });
  });

  it('caps a line at 99', () => {
    const cart = applyAdd(cartOf(line(7, 95, turkey)), { productId: 1, quantity: 10 }, -1);
    expect(cart.items[0]?.quantity).toBe(99);
  });

  it('counts a plan it cannot price without adding to the total', () => {
    const cart = applyAdd(EMPTY_CART, { productId: 9, quantity: 2 }, -3);
    expect(cart).toMatchObject({ totalCount: 2, totalCents: 0 });
    expect(cart.items[0]).toMatchObject({ id: -3, product: null, lineTotalCents: 0 });
  });

  it('does not change the cart it was given', () => {
    const before = cartOf(line(7, 1, turkey));
    const copy = structuredClone(before);
    applyAdd(before, { productId: 1, quantity: 1 }, -1);
    expect(before).toEqual(copy);
  });
});

describe('applyUpdate', () => {
  it('sets the quantity of one line and recomputes totals', () => {
    const cart = applyUpdate(cartOf(line(7, 1, turkey), line(8, 1, japan)), 7, 4);
    expect(cart.items.map((i) => [i.id, i.quantity, i.lineTotalCents])).toEqual([
      [7, 4, 1800],
      [8, 1, 1299],
    ]);
    expect(cart).toMatchObject({ totalCount: 5, totalCents: 3099 });
  });

  it.each([0, -2])('removes the line for a quantity of %i', (quantity) => {
    const cart = applyUpdate(cartOf(line(7, 3, turkey), line(8, 1, japan)), 7, quantity);
    expect(cart.items.map((i) => i.id)).toEqual([8]);
    expect(cart).toMatchObject({ totalCount: 1, totalCents: 1299 });
  });

  it('caps the quantity at 99 and ignores an unknown line', () => {
    expect(applyUpdate(cartOf(line(7, 1, turkey)), 7, 500).items[0]?.quantity).toBe(99);
    const unchanged = cartOf(line(7, 1, turkey));
    expect(applyUpdate(unchanged, 99, 3)).toEqual(unchanged);
  });
});

describe('applyRemove', () => {
  it('drops the line and recomputes totals', () => {
    const cart = applyRemove(cartOf(line(7, 2, turkey), line(8, 1, null)), 7);
    expect(cart).toMatchObject({ items: [{ id: 8 }], totalCount: 1, totalCents: 0 });
  });

  it('leaves the cart as it is for a line that is already gone', () => {
    const cart = cartOf(line(7, 2, turkey));
    expect(applyRemove(cart, 42)).toEqual(cart);
  });
});

describe('applyClear', () => {
  it('empties the cart', () => {
    expect(applyClear(cartOf(line(7, 2, turkey), line(8, 1, japan)))).toEqual(EMPTY_CART);
  });
});
