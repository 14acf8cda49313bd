/**
 * Rules of the localized country route `/{lang}/{country}` and country slugs, shared by the web
 * app (routing, language switching) and the API (slug of each destination).
 *
 * The rules: `docs/product-rules.md#storefront-pages`. Slugs look like `turkey`, `usa`,
 * `united-kingdom`, `uae`, `south-korea`, or region slugs such as `europe-plus`.
 */

/**
 * Words that are never a country slug, because they are (the first segment of) other routes.
 * Compared lower-cased.
 */
export const RESERVED_SLUGS = [
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
] as const;

const RESERVED = new Set<string>(RESERVED_SLUGS);

/**
 * Whether a path segment may be a country or region slug. It is not when it is
 * empty (or only whitespace), starts with `ORD-` (an order number), consists only of capitals,
 * digits and hyphens (e.g. `ABC`, `123`), or is a reserved word (any case).
 */
export function isCountrySlugCandidate(slug: string | undefined | null): boolean {
  if (slug == null || slug.trim() === '') return false;
  if (slug.startsWith('ORD-')) return false;
  if (/^[A-Z0-9-]+$/.test(slug)) return false;
  return !RESERVED.has(slug.toLowerCase());
}

/** Path prefixes excluded from localized country handling. */
const EXCLUDED_PREFIXES = ['/portal', '/admin', '/auth'] as const;

/**
 * Whether a path is excluded from localized country handling: it starts with `/portal`, `/admin`
 * or `/auth`. A plain prefix test, so `/portal`, `/portal/topup` and also `/authors` are
 * excluded.
 */
export function isExcludedPath(pathname: string): boolean {
  return EXCLUDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Matches `/{lang}/{slug}`: exactly two non-empty segments, one trailing slash
 * ignored, a query string or hash ignored. `lang` must satisfy `isLanguage` (e.g. `isLanguage`
 * from `languages.ts`), `slug` must pass {@link isCountrySlugCandidate}, and the path must not
 * be {@link isExcludedPath}. The slug is percent-decoded and otherwise returned as written;
 * a malformed escape gives `null`.
 *
 * @example parseLocalizedCountryPath('/tr/turkey', isLanguage) // { lang: 'tr', slug: 'turkey' }
 * @example parseLocalizedCountryPath('/en/products', isLanguage) // null
 */
export function parseLocalizedCountryPath(
  pathname: string,
  isLanguage: (s: string) => boolean,
): { lang: string; slug: string } | null {
  let path = pathname.replace(/[?#].*$/s, '');
  if (!path.startsWith('/') || isExcludedPath(path)) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const segments = path.slice(1).split('/');
  if (segments.length !== 2) return null;
  const [lang, rawSlug] = segments;
  if (!lang || !rawSlug || !isLanguage(lang)) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(rawSlug);
  } catch {
    return null;
  }
  return isCountrySlugCandidate(slug) ? { lang, slug } : null;
}

/** Letters that NFD does not decompose into a base letter plus marks. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

/**
 * URL slug of a name: letters folded to ASCII (diacritics stripped via NFD, e.g. `ô` -> `o`,
 * plus `ß` -> `ss`, `ø` -> `o` and similar), lower-cased, each run of other characters turned
 * into one hyphen, and hyphens trimmed from both ends.
 *
 * @example slugify('United Kingdom') // 'united-kingdom'
 * @example slugify("Côte d'Ivoire") // 'cote-d-ivoire'
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[ßæœøđðłıþ]/g, (letter) => LETTER_FOLDS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Slugs by destination code where the slug is not simply `slugify` of the English name: the
 * short forms travellers type (`usa`, `uae`, `south-korea`), special
 * codes (`US-HI`, `CYP`), and codes whose ISO English name is formal or awkward
 * (e.g. "Bolivia, Plurinational State of", "Lao People's Democratic Republic").
 * Keys are upper-case codes; every value is unique.
 */
export const COUNTRY_SLUG_OVERRIDES: Readonly<Record<string, string>> = {
  US: 'usa',
  GB: 'united-kingdom',
  AE: 'uae',
  KR: 'south-korea',
  KP: 'north-korea',
  TR: 'turkey',
  RU: 'russia',
  VN: 'vietnam',
  LA: 'laos',
  IR: 'iran',
  SY: 'syria',
  BO: 'bolivia',
  VE: 'venezuela',
  TZ: 'tanzania',
  MD: 'moldova',
  TW: 'taiwan',
  CZ: 'czech-republic',
  'US-HI': 'hawaii',
  CYP: 'northern-cyprus',
  CN: 'china',
  CD: 'dr-congo',
  CG: 'republic-of-the-congo',
  GM: 'gambia',
  MK: 'north-macedonia',
  PS: 'palestine',
  FM: 'micronesia',
  VA: 'vatican-city',
  FK: 'falkland-islands',
  CC: 'cocos-islands',
  VG: 'british-virgin-islands',
  VI: 'us-virgin-islands',
  UM: 'us-minor-outlying-islands',
  MF: 'saint-martin',
  SX: 'sint-maarten',
  BQ: 'caribbean-netherlands',
  BN: 'brunei',
};

/**
 * Slug of a destination for `/{lang}/{country}`: the override for its code (looked up
 * upper-cased) if any, otherwise `slugify(englishName)`, falling back to `slugify(code)` when
 * the name yields nothing.
 *
 * @example countrySlug('US', 'United States of America') // 'usa'
 * @example countrySlug('FR', 'France') // 'france'
 */
export function countrySlug(code: string, englishName: string): string {
  const override = COUNTRY_SLUG_OVERRIDES[code.toUpperCase()];
  if (override) return override;
  return slugify(englishName) || slugify(code);
}
