/**
 * The store's regions and the one table that maps every country to its home region.
 *
 * The regions are the store's own (`docs/product-rules.md#destinations-and-regions`): Global, Africa, Asia, Balkans, Caribbean,
 * Europe+, LATAM, Oceania; every country has at most one home region; Global covers all.
 *
 * Pure data: this module depends on nothing, so both the API and the web app can import it. The
 * table of every country's region is in `region-members.ts`, so that the pages that need only
 * the region names and labels do not download it.
 */

/**
 * The seven regional coverage areas (Global is separate, see {@link GLOBAL}).
 */
export const REGION_NAMES = ['Africa', 'Asia', 'Balkans', 'Caribbean', 'Europe+', 'LATAM', 'Oceania'] as const;

/** One of the seven region names. */
export type RegionName = (typeof REGION_NAMES)[number];

/** The worldwide coverage value, beside the seven regions. */
export const GLOBAL = 'Global';

/** URL slug of the Global destination page. */
export const GLOBAL_SLUG = 'global';

/**
 * Code of Global used in provider bundle names, e.g. `esim_5GB_30D_GLOBAL_V2`. Not `GL`: that
 * is Greenland, which has local plans of its own.
 */
export const GLOBAL_CODE = 'GLOBAL';

/** A region with its URL slug and the code used in bundle names (`esim_5GB_30D_EU_V2`). */
export interface Region {
  name: RegionName;
  /** URL slug, lower case, e.g. `europe-plus`. */
  slug: string;
  /**
   * Upper-case letters used in bundle names (`esim_5GB_30D_EU_V2`). Never an ISO 3166-1 alpha-2
   * or special country code (AF is Afghanistan, AS American Samoa, LA Laos), so regional bundle
   * names and destination look-ups cannot collide with local ones.
   */
  code: string;
}

/**
 * The seven regions with slugs and bundle-name codes. Order follows {@link REGION_NAMES}.
 */
export const REGIONS: readonly Region[] = [
  { name: 'Africa', slug: 'africa', code: 'AFR' },
  { name: 'Asia', slug: 'asia', code: 'ASIA' },
  { name: 'Balkans', slug: 'balkans', code: 'BALK' },
  { name: 'Caribbean', slug: 'caribbean', code: 'CARIB' },
  { name: 'Europe+', slug: 'europe-plus', code: 'EU' },
  { name: 'LATAM', slug: 'latam', code: 'LATAM' },
  { name: 'Oceania', slug: 'oceania', code: 'OCEANIA' },
];

/** Localised label in every interface language (en, tr, es, fr, de). */
export interface LocalisedLabel {
  en: string;
  tr: string;
  es: string;
  fr: string;
  de: string;
}

/**
 * The destination codes that are no ISO 3166-1 code, CYP (Northern Cyprus) and US-HI (Hawaii),
 * with their names in every interface language.
 */
export const SPECIAL_COUNTRIES = {
  CYP: { en: 'Northern Cyprus', tr: 'Kuzey Kıbrıs', es: 'Chipre del Norte', fr: 'Chypre du Nord', de: 'Nordzypern' },
  'US-HI': { en: 'Hawaii', tr: 'Hawaii', es: 'Hawái', fr: 'Hawaï', de: 'Hawaii' },
} as const satisfies Record<string, LocalisedLabel>;

/** `CYP` or `US-HI`. */
export type SpecialCountryCode = keyof typeof SPECIAL_COUNTRIES;

/**
 * Localised display names of the regions and Global.
 */
export const REGION_LABELS: Readonly<Record<RegionName | typeof GLOBAL, LocalisedLabel>> = {
  Africa: { en: 'Africa', tr: 'Afrika', es: 'África', fr: 'Afrique', de: 'Afrika' },
  Asia: { en: 'Asia', tr: 'Asya', es: 'Asia', fr: 'Asie', de: 'Asien' },
  Balkans: { en: 'Balkans', tr: 'Balkanlar', es: 'Balcanes', fr: 'Balkans', de: 'Balkan' },
  Caribbean: { en: 'Caribbean', tr: 'Karayipler', es: 'Caribe', fr: 'Caraïbes', de: 'Karibik' },
  'Europe+': { en: 'Europe+', tr: 'Avrupa+', es: 'Europa+', fr: 'Europe+', de: 'Europa+' },
  LATAM: { en: 'Latin America', tr: 'Latin Amerika', es: 'Latinoamérica', fr: 'Amérique latine', de: 'Lateinamerika' },
  Oceania: { en: 'Oceania', tr: 'Okyanusya', es: 'Oceanía', fr: 'Océanie', de: 'Ozeanien' },
  Global: { en: 'Global', tr: 'Küresel', es: 'Global', fr: 'Monde', de: 'Weltweit' },
};

/**
 * Territories without a permanent population: no local plans, and no regional or Global plan
 * covers them (Antarctica, Bouvet Island, Heard and McDonald Islands, French Southern
 * Territories, South Georgia and the South Sandwich Islands, US Minor Outlying Islands).
 */
export const UNINHABITED_TERRITORIES: readonly string[] = ['AQ', 'BV', 'HM', 'TF', 'GS', 'UM'];

/** True for one of the seven region names (not `Global`). */
export function isRegionName(s: string): s is RegionName {
  return (REGION_NAMES as readonly string[]).includes(s);
}

/** The region whose URL slug is `slug` (e.g. `europe-plus`), or `undefined`; Global is {@link GLOBAL_SLUG}. */
export function regionBySlug(slug: string): Region | undefined {
  return REGIONS.find((r) => r.slug === slug);
}
