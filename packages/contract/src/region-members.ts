/**
 * Every country's home region and the countries each regional and Global bundle covers, in one
 * table (`docs/product-rules.md#destinations-and-regions`), apart from `regions.ts` so that the
 * storefront's pages that need only the region names and labels do not download it.
 */
import { REGION_NAMES, type RegionName, UNINHABITED_TERRITORIES } from './regions.ts';

/** Writes one region's home countries into the table (space-separated codes keep the table readable). */
function homeOf(region: RegionName | null, codes: string): [string, RegionName | null][] {
  return codes
    .trim()
    .split(/\s+/)
    .map((code) => [code, region]);
}

/**
 * The ONE home region of every ISO 3166-1 alpha-2 code known to i18n-iso-countries (250 codes),
 * plus the special codes `CYP` (Northern Cyprus, Europe+) and `US-HI` (Hawaii, Oceania).
 *
 * Decisions:
 * - Europe, including the UK, Turkey, Cyprus, Russia, Ukraine, Belarus and the Caucasus
 *   (Armenia, Azerbaijan, Georgia), is `Europe+`.
 * - The Western Balkans (AL, BA, ME, MK, RS, XK) are `Balkans`; their EU neighbours (HR, SI,
 *   BG, GR, RO) have `Europe+` as home region but are also covered by Balkans plans (see
 *   {@link REGION_MEMBERS}).
 * - The Middle East and Central, South, East and South-East Asia are `Asia`.
 * - Mexico, Central and South America (with French Guiana and the Falklands) are `LATAM`.
 * - The Caribbean islands (with the ABC islands and the Bahamas) are `Caribbean`.
 * - Australia (with Christmas and Cocos Islands), New Zealand, the Pacific islands and
 *   Hawaii are `Oceania`.
 * - North America outside Latin America (US, CA, PM, BM, GL), the British Indian Ocean
 *   Territory and the uninhabited territories belong to none of the seven regions: `null`.
 *   Calling them LATAM or Caribbean would mislead; only Global (and their local plans)
 *   covers the inhabited ones.
 */
export const COUNTRY_REGION: Readonly<Record<string, RegionName | null>> = Object.freeze(
  Object.fromEntries([
    ...homeOf(
      'Europe+',
      `AD AT AX BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU
       LV MC MD MT NL NO PL PT RO RU SE SI SJ SK SM UA VA TR AM AZ GE CYP`,
    ),
    ...homeOf('Balkans', 'AL BA ME MK RS XK'),
    ...homeOf(
      'Asia',
      `AE AF BD BH BN BT CN HK ID IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP
       OM PH PK PS QA SA SG SY TH TJ TL TM TW UZ VN YE`,
    ),
    ...homeOf(
      'Africa',
      `AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG
       ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW`,
    ),
    ...homeOf('LATAM', 'AR BO BR BZ CL CO CR EC FK GF GT GY HN MX NI PA PE PY SR SV UY VE'),
    ...homeOf('Caribbean', 'AG AI AW BB BL BQ BS CU CW DM DO GD GP HT JM KN KY LC MF MQ MS PR SX TC TT VC VG VI'),
    ...homeOf('Oceania', 'AS AU CC CK CX FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV VU WF WS US-HI'),
    ...homeOf(null, 'US CA PM BM GL IO AQ BV HM TF GS UM'),
  ]),
);

/**
 * Home region of a country code (alpha-2, `CYP` or `US-HI`, case-insensitive), or `null` when
 * the code belongs to no region or is unknown. See {@link COUNTRY_REGION}.
 */
export function regionOf(code: string): RegionName | null {
  const key = code.toUpperCase();
  return Object.hasOwn(COUNTRY_REGION, key) ? (COUNTRY_REGION[key] ?? null) : null;
}

/** Extra members of regional plans beyond the home-region countries. */
const REGION_EXTRA_MEMBERS: Readonly<Record<RegionName, readonly string[]>> = {
  // Regional Europe plans also cover the Western Balkans.
  'Europe+': ['AL', 'BA', 'ME', 'MK', 'RS', 'XK'],
  // Balkans plans cover the whole peninsula: the Western Balkans plus HR, SI, BG, GR, RO.
  Balkans: ['HR', 'SI', 'BG', 'GR', 'RO'],
  Africa: [],
  Asia: [],
  Caribbean: [],
  LATAM: [],
  Oceania: [],
};

/**
 * The countries a REGIONAL bundle covers: every country whose home region it is
 * ({@link COUNTRY_REGION}), plus
 * - Europe+ also covers the Western Balkans (AL, BA, ME, MK, RS, XK);
 * - Balkans = AL, BA, ME, MK, RS, XK, HR, SI, BG, GR, RO.
 * Uninhabited territories are in no region. Codes are sorted.
 */
export const REGION_MEMBERS: Readonly<Record<RegionName, readonly string[]>> = Object.freeze(
  Object.fromEntries(
    REGION_NAMES.map((region): [RegionName, readonly string[]] => {
      const home = Object.keys(COUNTRY_REGION).filter((code) => COUNTRY_REGION[code] === region);
      const all = [...new Set([...home, ...REGION_EXTRA_MEMBERS[region]])].filter(
        (code) => !UNINHABITED_TERRITORIES.includes(code),
      );
      return [region, Object.freeze(all.sort())];
    }),
  ) as Record<RegionName, readonly string[]>,
);

/**
 * Every destination a Global bundle covers: all codes of {@link COUNTRY_REGION} except the
 * uninhabited territories. Codes are sorted.
 */
export const GLOBAL_MEMBERS: readonly string[] = Object.keys(COUNTRY_REGION)
  .filter((code) => !UNINHABITED_TERRITORIES.includes(code))
  .sort();
