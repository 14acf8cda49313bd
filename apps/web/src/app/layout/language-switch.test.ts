import { describe, expect, it } from 'vitest';
import { isActiveLink } from './nav-links.ts';
import { pathAfterLanguageSwitch } from './path-after-language-switch.ts';

describe('pathAfterLanguageSwitch', () => {
  it.each([
    ['/en/turkey', 'tr', '/tr/turkey'],
    ['/tr/europe-plus', 'de', '/de/europe-plus'],
    ['/', 'fr', '/products'],
    ['/products', 'es', '/products'],
    ['/terms-conditions', 'de', '/terms-conditions'],
    ['/privacy', 'tr', '/privacy'],
    ['/cart', 'tr', '/cart'],
    ['/checkout', 'tr', '/checkout'],
    ['/portal', 'tr', '/portal'],
    ['/admin', 'fr', '/admin'],
    ['/auth', 'es', '/auth'],
    ['/how-it-works', 'de', '/how-it-works'],
    ['/support', 'de', '/support'],
    ['/products/12', 'de', '/products/12'],
  ] as const)('%s in %s goes to %s', (from, lang, to) => {
    expect(pathAfterLanguageSwitch(from, lang)).toBe(to);
  });
});

describe('isActiveLink', () => {
  it('highlights Home only on / and Products on the listing, plan and destination pages', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/products')).toBe(false);
    expect(isActiveLink('/products', '/products')).toBe(true);
    expect(isActiveLink('/products', '/products/')).toBe(true);
    expect(isActiveLink('/products', '/products/5')).toBe(true);
    expect(isActiveLink('/products', '/en/turkey', true)).toBe(true);
    expect(isActiveLink('/support', '/support')).toBe(true);
    expect(isActiveLink('/support', '/contact')).toBe(false);
    expect(isActiveLink('/how-it-works', '/how-it-works/')).toBe(true);
  });

  // A not-found page under a two-part path once highlighted Products.
  it.each(['/en/nowhere-land', '/xx/yy', '/en/UK', '/en/products', '/products/abc', '/products/5/x', '/productsx'])(
    'highlights nothing on the not-found page %s',
    (path) => {
      for (const href of ['/', '/products', '/how-it-works', '/about-us', '/contact', '/support']) {
        expect(isActiveLink(href, path, false), href).toBe(false);
      }
    },
  );

  it('leaves Products unmarked on a two-part path until it is known to be a destination', () => {
    expect(isActiveLink('/products', '/en/turkey')).toBe(false);
    expect(isActiveLink('/products', '/en/turkey', true)).toBe(true);
    // Not a country path at all, whatever the caller says.
    expect(isActiveLink('/products', '/xx/yy', true)).toBe(false);
  });

  it("highlights nothing under a link's path that no route serves", () => {
    expect(isActiveLink('/support', '/support/x')).toBe(false);
    expect(isActiveLink('/contact', '/contact/us')).toBe(false);
  });
});
