import { expect, it } from 'vitest';
import { looksLikePrice } from './launcher-clearance.ts';

it('reads the store’s prices, alone or with a short label, as prices', () => {
  for (const text of ['$12.99', '$5', 'Price: $12.99', 'Fiyat: $3.99', '$98.99Global', '€5.00', '12,99 €'])
    expect(looksLikePrice(text), text).toBe(true);
});

it('does not read other text, or a long text that mentions a price, as a price', () => {
  for (const text of ['Add to cart', '16 plans', '7 days', '1GB', '$', 'Turkey eSIM: 1GB, 7 days, from $3.99 per plan'])
    expect(looksLikePrice(text), text).toBe(false);
});
