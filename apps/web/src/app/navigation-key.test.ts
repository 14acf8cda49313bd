import { describe, expect, it } from 'vitest';
import { isSamePageNavigation } from './navigation-key.ts';

// A link to the page already shown starts it afresh (docs/product-rules.md#storefront-pages).
describe('isSamePageNavigation', () => {
  const products = { pathname: '/products', search: '' };

  it('counts a link to the page shown', () => {
    expect(isSamePageNavigation(products, { ...products, hash: '' })).toBe(true);
    expect(isSamePageNavigation({ pathname: '/', search: '' }, { pathname: '/', search: '', hash: '' })).toBe(true);
    expect(
      isSamePageNavigation(
        { pathname: '/products', search: '?view=all' },
        { pathname: '/products', search: '?view=all', hash: '' },
      ),
    ).toBe(true);
  });

  it('does not count a jump inside the page', () => {
    expect(isSamePageNavigation(products, { ...products, hash: '#popular-destinations' })).toBe(false);
  });

  it('does not count a move to another page or query', () => {
    expect(isSamePageNavigation(products, { pathname: '/', search: '', hash: '' })).toBe(false);
    expect(isSamePageNavigation(products, { pathname: '/products', search: '?view=all', hash: '' })).toBe(false);
  });
});
