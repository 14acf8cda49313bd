import path from 'node:path';
import type { Country, Product } from '@esim/contract/catalog';
import { dataAmountLabel } from '@esim/contract/format';
import type { KbDocument } from '../../knowledge-base/knowledge-source.ts';
import { loadSeedArticles } from '../../knowledge-base/seed-content.ts';
import type { CatalogueReader, PopularitySource } from '../catalogue-facts.ts';

/**
 * Test fixtures of the local chat engine: a handful of articles (`__fixtures__/kb/{lang}/*.md`)
 * and a small in-memory catalogue (Japan, Turkey, Switzerland, Asia, Europe+, Global).
 */

/** The fixture articles as knowledge-base documents (ids in file order). */
export function fixtureDocuments(): KbDocument[] {
  const updatedAt = new Date('2026-01-01T00:00:00Z');
  return loadSeedArticles(path.join(import.meta.dirname, 'kb')).map((article, i) => ({
    id: i + 1,
    ...article,
    updatedAt,
  }));
}

let nextId = 1;

function product(
  code: string,
  name: string,
  opts: {
    gb?: number;
    days: number;
    cents: number;
    tier?: 'unlimited' | 'unlimited_plus';
    covered?: string[];
    networks?: Product['features']['networks'];
    type?: 'local' | 'regional' | 'global';
  },
): Product {
  const unlimited = opts.tier !== undefined;
  const dataMb = unlimited ? null : (opts.gb ?? 1) * 1024;
  return {
    productId: nextId++,
    apiBundleName: `esim_${code}_${nextId}`,
    name,
    description: name,
    priceCents: opts.cents,
    price: opts.cents / 100,
    currency: 'USD',
    countryCode: code,
    imageUrl: null,
    features: {
      bundleType: unlimited ? 'unlimited' : 'prepaid',
      dataMb,
      dataAmount: dataAmountLabel(dataMb),
      validityDays: opts.days,
      validity: `${opts.days}d`,
      tier: opts.tier ?? null,
      type: opts.type ?? 'local',
      coveredCountries: opts.covered ?? [code],
      networks: opts.networks ?? [],
      discountPercent: 0,
      hotspot: true,
    },
    featured: false,
  };
}

const names = (en: string, tr: string, es: string, fr: string, de: string) => ({ en, tr, es, fr, de });

const JP_NETWORKS = [
  { countryCode: 'JP', name: 'NTT docomo', speeds: ['4G', '5G'] },
  { countryCode: 'JP', name: 'SoftBank', speeds: ['4G'] },
];

/** Products by destination code. */
export const FIXTURE_PRODUCTS: Record<string, Product[]> = {
  JP: [
    product('JP', 'Japan 1GB 7 Days', { gb: 1, days: 7, cents: 450, networks: JP_NETWORKS }),
    product('JP', 'Japan 3GB 15 Days', { gb: 3, days: 15, cents: 999, networks: JP_NETWORKS }),
    product('JP', 'Japan 10GB 30 Days', { gb: 10, days: 30, cents: 2199, networks: JP_NETWORKS }),
    product('JP', 'Japan Unlimited 7 Days', { days: 7, cents: 2500, tier: 'unlimited', networks: JP_NETWORKS }),
    product('JP', 'Japan Unlimited Plus 7 Days', {
      days: 7,
      cents: 3900,
      tier: 'unlimited_plus',
      networks: JP_NETWORKS,
    }),
  ],
  TR: [
    product('TR', 'Turkey 1GB 7 Days', {
      gb: 1,
      days: 7,
      cents: 399,
      networks: [{ countryCode: 'TR', name: 'Turkcell', speeds: ['4G'] }],
    }),
    product('TR', 'Turkey 5GB 30 Days', {
      gb: 5,
      days: 30,
      cents: 1299,
      networks: [{ countryCode: 'TR', name: 'Turkcell', speeds: ['4G'] }],
    }),
  ],
  Asia: [
    product('Asia', 'Asia 3GB 30 Days', {
      gb: 3,
      days: 30,
      cents: 1500,
      type: 'regional',
      covered: ['JP', 'KR', 'TH'],
      networks: JP_NETWORKS,
    }),
  ],
  'Europe+': [
    product('Europe+', 'Europe+ 5GB 30 Days', {
      gb: 5,
      days: 30,
      cents: 1900,
      type: 'regional',
      covered: ['FR', 'DE', 'TR', 'CH'],
      networks: [{ countryCode: 'CH', name: 'Swisscom', speeds: ['5G'] }],
    }),
  ],
  Global: [
    product('Global', 'Global 1GB 7 Days', {
      gb: 1,
      days: 7,
      cents: 1199,
      type: 'global',
      covered: ['JP', 'KR', 'TH', 'FR', 'DE', 'TR', 'CH', 'US'],
    }),
  ],
};

/** The destinations of the fixture catalogue (as `CatalogService.destinations()` gives them). */
export const FIXTURE_DESTINATIONS: Country[] = [
  {
    code: 'JP',
    slug: 'japan',
    names: names('Japan', 'Japonya', 'Japón', 'Japon', 'Japan'),
    type: 'local',
    region: 'Asia',
    planCount: 5,
    fromPriceCents: 450,
    flag: 'jp',
  },
  {
    code: 'TR',
    slug: 'turkey',
    names: names('Turkey', 'Türkiye', 'Turquía', 'Turquie', 'Türkei'),
    type: 'local',
    region: 'Europe+',
    planCount: 2,
    fromPriceCents: 399,
    flag: 'tr',
  },
  {
    code: 'Asia',
    slug: 'asia',
    names: names('Asia', 'Asya', 'Asia', 'Asie', 'Asien'),
    type: 'regional',
    region: null,
    planCount: 1,
    fromPriceCents: 1500,
    flag: null,
  },
  {
    code: 'Europe+',
    slug: 'europe-plus',
    names: names('Europe+', 'Avrupa+', 'Europa+', 'Europe+', 'Europa+'),
    type: 'regional',
    region: null,
    planCount: 1,
    fromPriceCents: 1900,
    flag: null,
  },
  {
    code: 'Global',
    slug: 'global',
    names: names('Global', 'Küresel', 'Global', 'Monde', 'Weltweit'),
    type: 'global',
    region: null,
    planCount: 1,
    fromPriceCents: 1199,
    flag: null,
  },
];

/** The fixture catalogue as the engine reads it. */
export const fixtureCatalogue: CatalogueReader = {
  destinations: () => Promise.resolve(FIXTURE_DESTINATIONS),
  productsFor: (code) => Promise.resolve(FIXTURE_PRODUCTS[code] ?? FIXTURE_PRODUCTS[code.toUpperCase()] ?? []),
};

/** Sales of the fixture catalogue: the Japan 3GB plan sells best, then the 10GB one. */
export const fixturePopularity: PopularitySource = {
  unitsSoldSince: () =>
    Promise.resolve(
      new Map([
        [FIXTURE_PRODUCTS.JP![1]!.productId, 40],
        [FIXTURE_PRODUCTS.JP![2]!.productId, 12],
      ]),
    ),
};
