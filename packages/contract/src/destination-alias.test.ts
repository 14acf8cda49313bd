import { describe, expect, it } from 'vitest';
import { isCountrySlugCandidate, slugify } from './country-route.ts';
import {
  type AliasableDestination,
  canonicalDestinationSlug,
  DESTINATION_ALIASES,
  REGION_DESTINATIONS,
} from './destination-alias.ts';

// `/en/Turkey`, `/en/uk`, `/en/united-states` must reach the country page.
// A slice of the real `GET /api/countries` list (seeded catalogue), names as the API sends them.
const DESTINATIONS: readonly AliasableDestination[] = [
  { slug: 'asia', code: 'Asia', names: { en: 'Asia', tr: 'Asya', es: 'Asia', fr: 'Asie', de: 'Asien' } },
  {
    slug: 'cote-d-ivoire',
    code: 'CI',
    names: {
      en: "Cote d'Ivoire",
      tr: 'Fildişi Sahili',
      es: 'Costa de Marfil',
      fr: "Côte-d'Ivoire",
      de: 'Elfenbeinküste',
    },
  },
  {
    slug: 'czech-republic',
    code: 'CZ',
    names: {
      en: 'Czechia',
      tr: 'Çek Cumhuriyeti',
      es: 'República Checa',
      fr: 'République Tchèque',
      de: 'Tschechische Republik',
    },
  },
  {
    slug: 'dr-congo',
    code: 'CD',
    names: {
      en: 'DR Congo',
      tr: 'Kongo - Kinşasa',
      es: 'Congo (República Democrática del)',
      fr: 'République démocratique du Congo',
      de: 'Kongo',
    },
  },
  {
    slug: 'europe-plus',
    code: 'Europe+',
    names: { en: 'Europe+', tr: 'Avrupa+', es: 'Europa+', fr: 'Europe+', de: 'Europa+' },
  },
  { slug: 'france', code: 'FR', names: { en: 'France', tr: 'Fransa', es: 'Francia', fr: 'France', de: 'Frankreich' } },
  {
    slug: 'germany',
    code: 'DE',
    names: { en: 'Germany', tr: 'Almanya', es: 'Alemania', fr: 'Allemagne', de: 'Deutschland' },
  },
  { slug: 'global', code: 'Global', names: { en: 'Global', tr: 'Küresel', es: 'Global', fr: 'Monde', de: 'Weltweit' } },
  { slug: 'hawaii', code: 'US-HI', names: { en: 'Hawaii', tr: 'Hawaii', es: 'Hawái', fr: 'Hawaï', de: 'Hawaii' } },
  { slug: 'japan', code: 'JP', names: { en: 'Japan', tr: 'Japonya', es: 'Japón', fr: 'Japon', de: 'Japan' } },
  {
    slug: 'latam',
    code: 'LATAM',
    names: {
      en: 'Latin America',
      tr: 'Latin Amerika',
      es: 'Latinoamérica',
      fr: 'Amérique latine',
      de: 'Lateinamerika',
    },
  },
  {
    slug: 'netherlands',
    code: 'NL',
    names: { en: 'Netherlands', tr: 'Hollanda', es: 'Países Bajos', fr: 'Pays-Bas', de: 'Niederlande' },
  },
  {
    slug: 'north-korea',
    code: 'KP',
    names: {
      en: 'North Korea',
      tr: 'Kuzey Kore',
      es: 'República Popular Democrática de Corea',
      fr: 'Corée du Nord',
      de: 'Nordkorea',
    },
  },
  {
    slug: 'northern-cyprus',
    code: 'CYP',
    names: {
      en: 'Northern Cyprus',
      tr: 'Kuzey Kıbrıs',
      es: 'Chipre del Norte',
      fr: 'Chypre du Nord',
      de: 'Nordzypern',
    },
  },
  {
    slug: 'republic-of-the-congo',
    code: 'CG',
    names: {
      en: 'Republic of the Congo',
      tr: 'Kongo - Brazavil',
      es: 'Congo',
      fr: 'République du Congo',
      de: 'Republik Kongo',
    },
  },
  {
    slug: 'saint-martin',
    code: 'MF',
    names: {
      en: 'Saint Martin (French part)',
      tr: 'Saint Martin',
      es: 'Saint Martin (francesa)',
      fr: 'Saint-Martin (partie française)',
      de: 'Saint-Martin',
    },
  },
  {
    slug: 'sint-maarten',
    code: 'SX',
    names: {
      en: 'Sint Maarten (Dutch part)',
      tr: 'Sint Maarten',
      es: 'Sint Maarten (neerlandesa)',
      fr: 'Saint-Martin (partie néerlandaise)',
      de: 'Sint Maarten',
    },
  },
  {
    slug: 'south-korea',
    code: 'KR',
    names: { en: 'South Korea', tr: 'Güney Kore', es: 'República de Corea', fr: 'Corée du Sud', de: 'Südkorea' },
  },
  { slug: 'spain', code: 'ES', names: { en: 'Spain', tr: 'İspanya', es: 'España', fr: 'Espagne', de: 'Spanien' } },
  { slug: 'turkey', code: 'TR', names: { en: 'Turkey', tr: 'Türkiye', es: 'Turquía', fr: 'Turquie', de: 'Türkei' } },
  {
    slug: 'uae',
    code: 'AE',
    names: {
      en: 'United Arab Emirates',
      tr: 'Birleşik Arap Emirlikleri',
      es: 'Emiratos Árabes Unidos',
      fr: 'Émirats Arabes Unis',
      de: 'Vereinigte Arabische Emirate',
    },
  },
  {
    slug: 'united-kingdom',
    code: 'GB',
    names: {
      en: 'United Kingdom',
      tr: 'Birleşik Krallık',
      es: 'Reino Unido',
      fr: 'Royaume-Uni',
      de: 'Vereinigtes Königreich',
    },
  },
  {
    slug: 'usa',
    code: 'US',
    names: {
      en: 'United States',
      tr: 'ABD',
      es: 'Estados Unidos',
      fr: "États-Unis d'Amérique",
      de: 'Vereinigte Staaten von Amerika',
    },
  },
];

const resolve = (input: string) => canonicalDestinationSlug(input, DESTINATIONS);

describe('canonicalDestinationSlug', () => {
  it.each([
    ['turkey', 'turkey'],
    ['usa', 'usa'],
    ['united-kingdom', 'united-kingdom'],
    ['europe-plus', 'europe-plus'],
    ['global', 'global'],
  ])('keeps the canonical slug %s', (input, slug) => {
    expect(resolve(input)).toBe(slug);
  });

  it.each([
    ['Turkey', 'turkey'],
    ['TURKEY', 'turkey'],
    ['United-Kingdom', 'united-kingdom'],
    ['South-Korea', 'south-korea'],
  ])('ignores case: %s -> %s', (input, slug) => {
    expect(resolve(input)).toBe(slug);
  });

  it.each([
    ['tr', 'turkey'],
    ['TR', 'turkey'],
    ['gb', 'united-kingdom'],
    ['us', 'usa'],
    ['ae', 'uae'],
    ['de', 'germany'],
    ['us-hi', 'hawaii'],
    ['cyp', 'northern-cyprus'],
    ['Europe+', 'europe-plus'],
    ['Europe%2B', 'europe-plus'],
  ])('accepts the code %s', (input, slug) => {
    expect(resolve(input)).toBe(slug);
  });

  it.each([
    ['uk', 'united-kingdom'],
    ['great-britain', 'united-kingdom'],
    ['britain', 'united-kingdom'],
    ['england', 'united-kingdom'],
    ['united-states', 'usa'],
    ['united-states-of-america', 'usa'],
    ['america', 'usa'],
    ['emirates', 'uae'],
    ['dubai', 'uae'],
    ['korea', 'south-korea'],
    ['holland', 'netherlands'],
    ['ivory-coast', 'cote-d-ivoire'],
    ['europe', 'europe-plus'],
    ['worldwide', 'global'],
    ['latin-america', 'latam'],
  ])('accepts the common alias %s', (input, slug) => {
    expect(resolve(input)).toBe(slug);
  });

  it.each([
    ['japon', 'japan'], // es Japón, fr Japon
    ['japón', 'japan'],
    ['jap%C3%B3n', 'japan'],
    ['turkei', 'turkey'], // de Türkei
    ['Türkei', 'turkey'],
    ['turkiye', 'turkey'], // tr Türkiye
    ['turquia', 'turkey'], // es Turquía
    ['almanya', 'germany'], // tr
    ['deutschland', 'germany'],
    ['allemagne', 'germany'],
    ['espana', 'spain'],
    ['ispanya', 'spain'], // tr İspanya (dotted capital I)
    ['vereinigtes-konigreich', 'united-kingdom'],
    ['royaume-uni', 'united-kingdom'],
    ['reino-unido', 'united-kingdom'],
    ['birlesik-krallik', 'united-kingdom'],
    ['estados-unidos', 'usa'],
    ['abd', 'usa'],
    ['etats-unis', 'usa'],
    ['united-arab-emirates', 'uae'],
    ['czechia', 'czech-republic'],
    ['weltweit', 'global'],
    ['asien', 'asia'],
    ['Latinoamérica', 'latam'],
  ])('accepts the name %s in one of the five languages', (input, slug) => {
    expect(resolve(input)).toBe(slug);
  });

  it('prefers slugs over codes and aliases over names of other destinations', () => {
    // 'saint-martin' is MF's slug and also SX's French name (slugified differently) and MF's German one.
    expect(resolve('saint-martin')).toBe('saint-martin');
    expect(resolve('sint-maarten')).toBe('sint-maarten');
    // de 'Kongo' is the DR Congo, es 'Congo' the Republic of the Congo.
    expect(resolve('kongo')).toBe('dr-congo');
    expect(resolve('congo')).toBe('republic-of-the-congo');
    // 'korea' means the South; North Korea keeps its own slug.
    expect(resolve('north-korea')).toBe('north-korea');
  });

  it.each(['nowhere-land', 'xx', '', '   ', '---', '%E0%A4%A', 'atlantis'])('gives undefined for %j', (input) => {
    expect(resolve(input)).toBeUndefined();
  });

  it('finds only destinations of the list it is given', () => {
    const onlyTurkey = DESTINATIONS.filter((d) => d.code === 'TR');
    expect(canonicalDestinationSlug('uk', onlyTurkey)).toBeUndefined();
    expect(canonicalDestinationSlug('Türkiye', onlyTurkey)).toBe('turkey');
  });

  it('resolves the regions and Global from the region table alone', () => {
    expect(canonicalDestinationSlug('Europe', REGION_DESTINATIONS)).toBe('europe-plus');
    expect(canonicalDestinationSlug('Karayipler', REGION_DESTINATIONS)).toBe('caribbean');
    expect(canonicalDestinationSlug('Global', REGION_DESTINATIONS)).toBe('global');
    expect(canonicalDestinationSlug('turkey', REGION_DESTINATIONS)).toBeUndefined();
  });
});

describe('DESTINATION_ALIASES', () => {
  const all = Object.values(DESTINATION_ALIASES).flat();

  it('holds slugs that may stand after /{lang}/', () => {
    for (const alias of all) {
      expect(slugify(alias), alias).toBe(alias);
      expect(isCountrySlugCandidate(alias), alias).toBe(true);
    }
  });

  it('gives each alias to one destination only', () => {
    expect(new Set(all).size).toBe(all.length);
  });
});
