import type { Country, Product } from '@esim/contract/catalog';
import { STATIC_PATHS } from '@esim/contract/routes';
import { describe, expect, it } from 'vitest';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import { resolveRouteMeta } from './route-meta.ts';

function product(productId: number, tier: 'unlimited' | 'unlimited_plus', priceCents: number): Product {
  return {
    productId,
    apiBundleName: `esim_UL${tier === 'unlimited_plus' ? 'P' : ''}_1D_JP_V2`,
    name: `Japan ${tier === 'unlimited_plus' ? 'Unlimited Plus' : 'Unlimited'} 1 Days [unlimited]`,
    description: '',
    priceCents,
    price: priceCents / 100,
    currency: 'USD',
    countryCode: 'JP',
    imageUrl: null,
    features: {
      bundleType: 'unlimited',
      dataMb: null,
      dataAmount: 'Unlimited',
      validityDays: 1,
      validity: '1d',
      tier,
      type: 'local',
      coveredCountries: ['JP'],
      networks: [],
      discountPercent: 0,
      hotspot: true,
    },
  };
}

const JAPAN: Country = {
  code: 'JP',
  slug: 'japan',
  names: { en: 'Japan', tr: 'Japonya', es: 'Japón', fr: 'Japon', de: 'Japan' },
  type: 'local',
  region: 'Asia',
  planCount: 2,
  fromPriceCents: 599,
  flag: 'jp',
};
const USA: Country = {
  code: 'US',
  slug: 'united-states',
  names: {
    en: 'United States',
    tr: 'Amerika Birleşik Devletleri',
    es: 'Estados Unidos',
    fr: 'États-Unis',
    de: 'Vereinigte Staaten von Amerika',
  },
  type: 'local',
  region: 'North America',
  planCount: 1,
  fromPriceCents: 499,
  flag: 'us',
};

const products = new Map([
  [11, product(11, 'unlimited', 599)],
  [12, product(12, 'unlimited_plus', 899)],
]);
const catalog = {
  getProduct: async (id: number) => products.get(id),
  destinations: async () => [JAPAN, USA],
} as unknown as CatalogService;

describe('resolveRouteMeta', () => {
  it('titles a product page with the shared plan name, tier included, in the request’s language', async () => {
    const plus = await resolveRouteMeta(catalog, '/products/12', 'en');
    const lite = await resolveRouteMeta(catalog, '/products/11', 'en');
    expect(plus.meta.title).toBe('Japan eSIM: Unlimited Plus, 1 day | Roamwise');
    expect(lite.meta.title).toBe('Japan eSIM: Unlimited, 1 day | Roamwise');
    const tr = await resolveRouteMeta(catalog, '/products/12', 'tr');
    expect(tr.meta.title).toBe('Japonya eSIM paketi: Sınırsız Plus, 1 gün | Roamwise');
    for (const meta of [plus.meta, lite.meta, tr.meta]) {
      expect(meta.title).not.toContain('Days');
      expect(meta.title).not.toContain('[unlimited]');
    }
  });

  it('gives each static page its own title, the same kind the web route uses', async () => {
    const home = await resolveRouteMeta(catalog, '/', 'de');
    const paths = [
      '/about-us',
      '/contact',
      '/faq',
      '/terms-conditions',
      '/privacy',
      '/refund',
      '/cookies',
      '/portal',
      '/auth',
    ];
    const titles = new Set<string>([home.meta.title]);
    for (const path of paths) {
      const { meta, status } = await resolveRouteMeta(catalog, path, 'de');
      expect(status, path).toBe(200);
      titles.add(meta.title);
    }
    expect(titles.size).toBe(paths.length + 1);
    for (const path of STATIC_PATHS) expect((await resolveRouteMeta(catalog, path, 'en')).status, path).toBe(200);
  });

  it('noindexes the private pages and indexes the public ones', async () => {
    for (const path of [
      '/cart',
      '/checkout',
      '/checkout/success',
      '/portal',
      '/portal/topup',
      '/auth',
      '/profile',
      '/admin',
      '/admin/orders',
      '/order-confirmation/ORD-ABC123',
    ]) {
      expect((await resolveRouteMeta(catalog, path, 'en')).meta.robots, path).toBe('noindex, nofollow');
    }
    for (const path of ['/', '/products', '/about-us', '/faq', '/privacy', '/en/japan', '/products/12']) {
      expect((await resolveRouteMeta(catalog, path, 'en')).meta.robots, path).toBe('index, follow');
    }
  });

  it('names countries without a preposition before them in German, French and Spanish', async () => {
    const de = await resolveRouteMeta(catalog, '/de/united-states', 'de');
    expect(de.meta.description).not.toMatch(/\bin Vereinigte/);
    expect(de.meta.description).toContain('Vereinigte Staaten von Amerika');
    const fr = await resolveRouteMeta(catalog, '/fr/united-states', 'fr');
    expect(fr.meta.description).not.toMatch(/\ben États-Unis/);
    const es = await resolveRouteMeta(catalog, '/es/united-states', 'es');
    expect(es.meta.title).toMatch(/^Estados Unidos: /);
  });

  it('answers 404 for unknown plans, destinations and paths', async () => {
    expect((await resolveRouteMeta(catalog, '/products/99', 'en')).status).toBe(404);
    expect((await resolveRouteMeta(catalog, '/en/atlantis', 'en')).status).toBe(404);
    expect((await resolveRouteMeta(catalog, '/nope/nope/nope', 'en')).status).toBe(404);
  });
});
