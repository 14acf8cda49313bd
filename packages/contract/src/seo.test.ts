import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import { type MetaRoute, pageMeta } from './seo.ts';

const PUBLIC_PAGES: [string, MetaRoute][] = [
  ['/', { kind: 'default' }],
  ['/products', { kind: 'products' }],
  ['/how-it-works', { kind: 'how-it-works' }],
  ['/support', { kind: 'support' }],
  ['/about-us', { kind: 'about' }],
  ['/contact', { kind: 'contact' }],
  ['/faq', { kind: 'faq' }],
  ['/terms-conditions', { kind: 'terms' }],
  ['/privacy', { kind: 'privacy' }],
  ['/refund', { kind: 'refund' }],
  ['/cookies', { kind: 'cookies' }],
];

const PRIVATE_PAGES: [string, MetaRoute][] = [
  ['/cart', { kind: 'cart' }],
  ['/checkout', { kind: 'checkout' }],
  ['/checkout/success', { kind: 'checkout-success' }],
  ['/order-confirmation/ORD-ABC123', { kind: 'order' }],
  ['/portal', { kind: 'portal' }],
  ['/portal/topup', { kind: 'topup' }],
  ['/portal/topup-confirmation', { kind: 'topup-confirmation' }],
  ['/auth', { kind: 'auth' }],
  ['/profile', { kind: 'profile' }],
  ['/setup-admin', { kind: 'setup-admin' }],
  ['/design-preview', { kind: 'preview' }],
  ['/admin/orders', { kind: 'admin', section: 'Orders · Admin' }],
];

describe('pageMeta', () => {
  it('gives every page its own title and description in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      const metas = [...PUBLIC_PAGES, ...PRIVATE_PAGES].map(([path, route]) => pageMeta(path, lang, route));
      const titles = new Set(metas.map((m) => m.title));
      const descriptions = new Set(metas.filter((m) => m.robots.startsWith('index')).map((m) => m.description));
      expect(titles.size).toBe(metas.length);
      expect(descriptions.size).toBe(PUBLIC_PAGES.length);
    }
  });

  it('translates the page texts (no language copies another)', () => {
    for (const [path, route] of PUBLIC_PAGES) {
      const titles = new Set(LANGUAGE_CODES.map((lang) => pageMeta(path, lang, route).title));
      expect(titles.size, path).toBe(LANGUAGE_CODES.length);
    }
  });

  it('indexes the public pages and noindexes the private ones', () => {
    for (const [path, route] of PUBLIC_PAGES) expect(pageMeta(path, 'en', route).robots, path).toBe('index, follow');
    for (const [path, route] of PRIVATE_PAGES)
      expect(pageMeta(path, 'de', route).robots, path).toBe('noindex, nofollow');
    expect(pageMeta('/nope', 'en', { kind: 'not-found' }).robots).toBe('noindex, nofollow');
    // A private path stays noindex whatever kind it is given.
    expect(pageMeta('/cart', 'en', { kind: 'default' }).robots).toBe('noindex, nofollow');
  });

  it('titles the about page on its own, not like the home page', () => {
    const about = pageMeta('/about-us', 'en', { kind: 'about' });
    const home = pageMeta('/', 'en', { kind: 'default' });
    expect(about.title).toMatch(/^About us/);
    expect(about.title).not.toBe(home.title);
    expect(about.description).not.toBe(home.description);
  });

  it('titles a product page with the plan name it is given', () => {
    const meta = pageMeta('/products/7', 'en', { kind: 'product', name: 'Japan eSIM: Unlimited Plus, 1 day' });
    expect(meta.title).toBe('Japan eSIM: Unlimited Plus, 1 day | Roamwise');
    expect(meta.description).toContain('Japan eSIM: Unlimited Plus, 1 day');
  });

  describe('country names inside sentences', () => {
    const cases = [
      ['de', 'Vereinigte Staaten von Amerika', /\b(in|für|nach) Vereinigte/],
      ['de', 'Türkei', /\b(in|für|nach) Türkei/],
      ['de', 'Niederlande', /\b(in|für) Niederlande/],
      ['fr', 'États-Unis', /\b(en|pour|à|au|aux) États-Unis/],
      ['fr', 'Japon', /\b(en|pour) Japon/],
      ['es', 'Reino Unido', /\b(en|para) Reino Unido/],
      ['es', 'Estados Unidos', /\b(en|para) Estados Unidos/],
    ] as const;
    it.each(cases)('%s: %s stands without a preposition', (lang, name, wrong) => {
      const meta = pageMeta('/x/y', lang, { kind: 'country', name });
      expect(meta.title).toContain(name);
      expect(meta.description).toContain(name);
      expect(meta.title).not.toMatch(wrong);
      expect(meta.description).not.toMatch(wrong);
    });

    it('reads naturally in German', () => {
      const meta = pageMeta('/de/united-states', 'de', { kind: 'country', name: 'Vereinigte Staaten von Amerika' });
      expect(meta.description).toMatch(/^Reiseziel Vereinigte Staaten von Amerika: Bleiben Sie/);
      expect(meta.description).not.toContain('in Vereinigte Staaten');
    });
  });
});
