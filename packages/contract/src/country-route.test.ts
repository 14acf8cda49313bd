import { describe, expect, it } from 'vitest';
import {
  COUNTRY_SLUG_OVERRIDES,
  countrySlug,
  isCountrySlugCandidate,
  isExcludedPath,
  parseLocalizedCountryPath,
  RESERVED_SLUGS,
  slugify,
} from './country-route.ts';
import { isLanguage } from './languages.ts';

// The rules of `/{lang}/{country}`: docs/product-rules.md#storefront-pages.

describe('isCountrySlugCandidate', () => {
  it.each([
    'turkey',
    'usa',
    'united-kingdom',
    'uae',
    'south-korea',
    'africa',
    'asia',
    'balkans',
    'caribbean',
    'europe-plus',
    'latam',
    'oceania',
    'global',
    'Turkey', // has lower-case letters, not a reserved word
    'us-hi',
    'ord-123', // only the exact 'ORD-' prefix marks an order number
  ])('accepts %j', (slug) => {
    expect(isCountrySlugCandidate(slug)).toBe(true);
  });

  it.each([null, undefined, '', '   '])('rejects an empty slug (%j)', (slug) => {
    expect(isCountrySlugCandidate(slug)).toBe(false);
  });

  it.each(['ORD-ABC123', 'ORD-123', 'ORD-abc', 'ORD-'])('rejects an order number %j', (slug) => {
    expect(isCountrySlugCandidate(slug)).toBe(false);
  });

  it.each(['ABC', 'TR', 'US-HI', '123', 'A1-B2', '-'])('rejects only capitals, digits and hyphens %j', (slug) => {
    expect(isCountrySlugCandidate(slug)).toBe(false);
  });

  it.each([...RESERVED_SLUGS])('rejects the reserved word %j', (slug) => {
    expect(isCountrySlugCandidate(slug)).toBe(false);
  });

  it.each(['Products', 'Checkout', 'How-It-Works', 'Refund-Policy'])(
    'rejects a reserved word in any case %j',
    (slug) => {
      expect(isCountrySlugCandidate(slug)).toBe(false);
    },
  );

  it('lists exactly the reserved words', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual(
      [
        'products',
        'auth',
        'cart',
        'checkout',
        'contact',
        'privacy',
        'terms',
        'support',
        'portal',
        'order',
        'how-it-works',
        'about',
        'refund-policy',
        'cookie-policy',
      ].sort(),
    );
  });
});

describe('isExcludedPath', () => {
  it.each([
    '/portal',
    '/portal/',
    '/portal/topup',
    '/portal/topup-confirmation',
    '/admin',
    '/admin/catalogue-sync',
    '/auth',
  ])('excludes %j', (path) => {
    expect(isExcludedPath(path)).toBe(true);
  });

  it.each(['/', '/products', '/en/turkey', '/tr/portal', '/cart', '/en/admin'])('does not exclude %j', (path) => {
    expect(isExcludedPath(path)).toBe(false);
  });
});

describe('parseLocalizedCountryPath', () => {
  const parse = (path: string) => parseLocalizedCountryPath(path, isLanguage);

  it.each([
    ['/tr/turkey', 'tr', 'turkey'],
    ['/en/usa', 'en', 'usa'],
    ['/de/united-kingdom', 'de', 'united-kingdom'],
    ['/fr/uae', 'fr', 'uae'],
    ['/es/south-korea', 'es', 'south-korea'],
    ['/en/europe-plus', 'en', 'europe-plus'],
    ['/en/global', 'en', 'global'],
    ['/tr/turkey/', 'tr', 'turkey'],
    ['/en/turkey?ref=ad', 'en', 'turkey'],
    ['/en/turkey#plans', 'en', 'turkey'],
    ['/fr/c%C3%B4te-d-ivoire', 'fr', 'côte-d-ivoire'],
  ])('matches %j', (path, lang, slug) => {
    expect(parse(path)).toEqual({ lang, slug });
  });

  it('rejects an unknown language', () => {
    expect(parse('/xx/turkey')).toBeNull();
    expect(parse('/EN/turkey')).toBeNull();
  });

  it.each(['/en/products', '/tr/cart', '/de/checkout', '/en/how-it-works', '/en/Privacy'])(
    'rejects a reserved word %j',
    (path) => {
      expect(parse(path)).toBeNull();
    },
  );

  it('rejects order numbers and all-capital segments', () => {
    expect(parse('/en/ORD-ABC123')).toBeNull();
    expect(parse('/en/ABC')).toBeNull();
    expect(parse('/en/123')).toBeNull();
  });

  it.each(['/portal/x', '/portal/topup', '/admin/x', '/auth/x'])('rejects the excluded path %j', (path) => {
    expect(parse(path)).toBeNull();
  });

  it('rejects excluded paths even when their first segment counts as a language', () => {
    expect(parseLocalizedCountryPath('/portal/turkey', () => true)).toBeNull();
    expect(parseLocalizedCountryPath('/admin/turkey', () => true)).toBeNull();
    expect(parseLocalizedCountryPath('/auth/turkey', () => true)).toBeNull();
  });

  it.each(['', '/', '/en', '/en/', '/en//', '//turkey', '/en/turkey/extra', '/en/turkey//', 'en/turkey', '/products'])(
    'rejects %j, which is not exactly two non-empty segments',
    (path) => {
      expect(parse(path)).toBeNull();
    },
  );

  it('rejects a malformed percent escape', () => {
    expect(parse('/en/%E0%A4%A')).toBeNull();
  });

  it('passes the language segment to the given predicate', () => {
    const seen: string[] = [];
    const result = parseLocalizedCountryPath('/pt/brazil', (s) => {
      seen.push(s);
      return s === 'pt';
    });
    expect(seen).toEqual(['pt']);
    expect(result).toEqual({ lang: 'pt', slug: 'brazil' });
  });
});

describe('slugify', () => {
  it.each([
    ['United Kingdom', 'united-kingdom'],
    ["Côte d'Ivoire", 'cote-d-ivoire'],
    ['Türkiye', 'turkiye'],
    ['Åland Islands', 'aland-islands'],
    ['Curaçao', 'curacao'],
    ['Réunion', 'reunion'],
    ['São Tomé and Príncipe', 'sao-tome-and-principe'],
    ['Bosnia and Herzegovina', 'bosnia-and-herzegovina'],
    ['Bolivia, Plurinational State of', 'bolivia-plurinational-state-of'],
    ['Saint Martin (French part)', 'saint-martin-french-part'],
    ['Guinea-Bissau', 'guinea-bissau'],
    ['  --Spaced   Out--  ', 'spaced-out'],
    ['Straße', 'strasse'],
    ['Føroyar', 'foroyar'],
    ['Łódź', 'lodz'],
    ['Işık', 'isik'],
    ['İstanbul', 'istanbul'],
    ['Europe+', 'europe'],
    ['', ''],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('yields only lower-case letters, digits and single inner hyphens', () => {
    for (const name of ["Côte d'Ivoire", 'Heard Island and McDonald Islands', 'Virgin Islands, U.S.']) {
      expect(slugify(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});

describe('countrySlug', () => {
  it.each([
    ['US', 'United States of America', 'usa'],
    ['GB', 'United Kingdom', 'united-kingdom'],
    ['AE', 'United Arab Emirates', 'uae'],
    ['KR', 'South Korea', 'south-korea'],
    ['KP', 'North Korea', 'north-korea'],
    ['TR', 'Türkiye', 'turkey'],
    ['RU', 'Russian Federation', 'russia'],
    ['VN', 'Viet Nam', 'vietnam'],
    ['LA', "Lao People's Democratic Republic", 'laos'],
    ['IR', 'Islamic Republic of Iran', 'iran'],
    ['SY', 'Syrian Arab Republic', 'syria'],
    ['BO', 'Bolivia, Plurinational State of', 'bolivia'],
    ['VE', 'Venezuela, Bolivarian Republic of', 'venezuela'],
    ['TZ', 'United Republic of Tanzania', 'tanzania'],
    ['MD', 'Moldova, Republic of', 'moldova'],
    ['TW', 'Taiwan, Province of China', 'taiwan'],
    ['CZ', 'Czechia', 'czech-republic'],
    ['US-HI', 'Hawaii', 'hawaii'],
    ['CYP', 'Northern Cyprus', 'northern-cyprus'],
    ['CN', "People's Republic of China", 'china'],
    ['us', 'United States', 'usa'], // code looked up upper-cased
  ])('%s (%s) -> %s', (code, name, slug) => {
    expect(countrySlug(code, name)).toBe(slug);
  });

  it('slugifies the English name when there is no override', () => {
    expect(countrySlug('FR', 'France')).toBe('france');
    expect(countrySlug('CI', "Côte d'Ivoire")).toBe('cote-d-ivoire');
    expect(countrySlug('BA', 'Bosnia and Herzegovina')).toBe('bosnia-and-herzegovina');
  });

  it('falls back to the code when the name gives no slug', () => {
    expect(countrySlug('XK', '')).toBe('xk');
  });

  it('gives valid, unique, non-reserved override slugs', () => {
    const slugs = Object.values(COUNTRY_SLUG_OVERRIDES);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slugify(slug)).toBe(slug);
      expect(isCountrySlugCandidate(slug)).toBe(true);
    }
    for (const code of Object.keys(COUNTRY_SLUG_OVERRIDES)) expect(code).toBe(code.toUpperCase());
  });

  it('produces slugs that the localized route accepts', () => {
    for (const [code, name] of [
      ['US', 'United States'],
      ['FR', 'France'],
      ['US-HI', 'Hawaii'],
    ] as const) {
      expect(parseLocalizedCountryPath(`/en/${countrySlug(code, name)}`, isLanguage)).toEqual({
        lang: 'en',
        slug: countrySlug(code, name),
      });
    }
  });
});
