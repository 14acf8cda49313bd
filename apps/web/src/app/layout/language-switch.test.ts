import { describe, expect, it } from 'vitest';
import { isActiveLink } from './nav-links.ts';
import { pathAfterLanguageSwitch } from './path-after-language-switch.ts';

describe('pathAfterLanguageSwitch (specification section 2 "Language switching")', () => {
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
  it('highlights Home only on / and Products on plan and country pages', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/products')).toBe(false);
    expect(isActiveLink('/products', '/products/5')).toBe(true);
    expect(isActiveLink('/products', '/en/turkey')).toBe(true);
    expect(isActiveLink('/support', '/support')).toBe(true);
    expect(isActiveLink('/support', '/contact')).toBe(false);
  });
});
