/**
 * Resolution of what travellers type after `/{lang}/` to a destination's canonical slug, so that
 * `/en/Turkey`, `/en/uk`, `/en/united-states`, `/de/türkei` or `/es/japon` reach the country page
 * (`docs/product-rules.md#storefront-pages`). Shared by the web app
 * (client-side redirect) and the API (the 301 of server-rendered pages).
 *
 * Pure: depends only on the slug rules and the region table of this package.
 */
import { slugify } from './country-route.ts';
import type { Language } from './languages.ts';
import { GLOBAL, GLOBAL_SLUG, REGION_LABELS, REGIONS } from './regions.ts';

/**
 * What the resolution reads of a destination: its canonical URL slug (`turkey`, `europe-plus`),
 * its code (ISO 3166-1 alpha-2 such as `TR`, a special code `CYP` / `US-HI`, a region name such
 * as `Europe+`, or `Global`) and its names by interface language. A catalogue `Country` fits.
 */
export interface AliasableDestination {
  readonly slug: string;
  readonly code: string;
  readonly names: Readonly<Partial<Record<Language, string>>>;
}

/**
 * Words travellers use for a destination that are neither its slug, its code nor a slugified
 * name in one of the five interface languages: short forms, older or informal names, and the
 * usual abbreviations in en, es, fr, de and tr. Keyed by destination code; values are already
 * slugs (lower case, hyphens).
 */
export const DESTINATION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: [
    'uk',
    'gb',
    'great-britain',
    'britain',
    'england',
    'scotland',
    'wales',
    'northern-ireland',
    'grossbritannien',
    'angleterre',
    'grande-bretagne',
    'inglaterra',
    'gran-bretana',
    'ingiltere',
    'britanya',
  ],
  US: [
    'us',
    'usa',
    'united-states',
    'united-states-of-america',
    'america',
    'amerika',
    'vereinigte-staaten',
    'etats-unis',
    'eeuu',
    'ee-uu',
    'amerika-birlesik-devletleri',
  ],
  AE: ['uae', 'emirates', 'dubai', 'abu-dhabi', 'vae', 'eau', 'emiratos', 'emirats', 'bae'],
  KR: ['korea', 'coree', 'corea', 'kore'],
  NL: ['holland', 'holanda', 'hollande'],
  CZ: ['czechia', 'tschechien', 'chequia', 'tchequie'],
  CI: ['ivory-coast'],
  MM: ['burma'],
  MK: ['macedonia'],
  SZ: ['swaziland'],
  CV: ['cabo-verde'],
  TL: ['east-timor'],
  CD: ['drc', 'congo-kinshasa'],
  CG: ['congo-brazzaville'],
  VA: ['vatican', 'holy-see'],
  RU: ['russian-federation'],
  TR: ['turkiye', 'turkei', 'turquia', 'turquie'],
  [GLOBAL]: ['world', 'worldwide', 'dunya', 'mundo', 'mondial'],
  'Europe+': ['europe', 'eu', 'europa', 'avrupa'],
  LATAM: ['latin-america', 'south-america', 'latinoamerica', 'amerique-latine', 'lateinamerika'],
};

/**
 * The seven regions and Global as destinations, for resolving their slugs when the catalogue's
 * destination list lacks them (no plans yet) or cannot be loaded. Codes are the region names
 * and `Global`, as in the catalogue.
 */
export const REGION_DESTINATIONS: readonly AliasableDestination[] = [
  ...REGIONS.map((r) => ({ slug: r.slug, code: r.name, names: REGION_LABELS[r.name] })),
  { slug: GLOBAL_SLUG, code: GLOBAL, names: REGION_LABELS[GLOBAL] },
];

/** Name languages in the order their slugs win a clash (English first, as slugs come from it). */
const NAME_ORDER: readonly Language[] = ['en', 'es', 'fr', 'de', 'tr'];

/** Look-up tables by destination list; rebuilt only when another list (another array) comes. */
const indexes = new WeakMap<readonly AliasableDestination[], ReadonlyMap<string, string>>();

/**
 * Key -> canonical slug, filled in priority order so that an earlier kind of key is never
 * overwritten by a later one: slugs, then codes, then {@link DESTINATION_ALIASES}, then English
 * names, then the names in es, fr, de and tr.
 */
function indexOf(destinations: readonly AliasableDestination[]): ReadonlyMap<string, string> {
  const cached = indexes.get(destinations);
  if (cached) return cached;
  const index = new Map<string, string>();
  const add = (key: string, slug: string) => {
    if (key && !index.has(key)) index.set(key, slug);
  };
  for (const d of destinations) add(d.slug.toLowerCase(), d.slug);
  for (const d of destinations) add(slugify(d.code), d.slug);
  for (const d of destinations) for (const alias of DESTINATION_ALIASES[d.code] ?? []) add(alias, d.slug);
  for (const lang of NAME_ORDER) {
    for (const d of destinations) {
      const name = d.names[lang];
      if (name) add(slugify(name), d.slug);
    }
  }
  indexes.set(destinations, index);
  return index;
}

/**
 * The canonical slug of the destination a `/{lang}/{country}` path segment means, or `undefined`
 * when it names none of `destinations`.
 *
 * The segment may be percent-encoded or decoded; it is compared as a slug (lower-cased, accents
 * folded, other characters turned into hyphens, see `slugify`), so case and spelling of accents
 * do not matter. It matches, in this order of precedence:
 * 1. a destination's slug (`Turkey` -> `turkey`);
 * 2. its code (`tr` -> `turkey`, `gb` -> `united-kingdom`, `us-hi` -> `hawaii`, `Europe+` -> `europe-plus`);
 * 3. a common alias ({@link DESTINATION_ALIASES}: `uk`, `england`, `united-states`, `america`,
 *    `emirates`, `korea`, `world`, ...);
 * 4. its name in English, then Spanish, French, German and Turkish (`japon` -> `japan`,
 *    `türkei` -> `turkey`, `vereinigtes-königreich` -> `united-kingdom`).
 *
 * A result different from the (decoded) input means the input is an alias: redirect to
 * `/{lang}/{result}` (301 on the server, a replacing navigation in the app).
 *
 * @param input the path segment after the language, e.g. `Turkey`, `uk`, `t%C3%BCrkei`.
 * @param destinations the catalogue's destinations (`GET /api/countries`), optionally with
 *   {@link REGION_DESTINATIONS}. The look-up table is cached per array, so pass the same array
 *   again when the list has not changed.
 * @example canonicalDestinationSlug('uk', countries) // 'united-kingdom'
 * @example canonicalDestinationSlug('nowhere-land', countries) // undefined
 */
export function canonicalDestinationSlug(
  input: string,
  destinations: readonly AliasableDestination[],
): string | undefined {
  let segment = input;
  if (segment.includes('%')) {
    try {
      segment = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }
  const key = slugify(segment);
  if (!key) return undefined;
  // A canonical slug, what almost every visit names, wins first anyway: found without building the
  // index, which slugifies every name in five languages (a long task on a phone, before a country
  // page can hydrate).
  const exact = destinations.find((d) => d.slug.toLowerCase() === key);
  return exact ? exact.slug : indexOf(destinations).get(key);
}
