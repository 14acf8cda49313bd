import {
  GLOBAL,
  GLOBAL_CODE,
  REGION_LABELS,
  REGIONS,
  SPECIAL_COUNTRIES,
  type RegionName,
} from '@esim/contract/regions';
import { GLOBAL_MEMBERS, REGION_MEMBERS, regionOf } from '@esim/contract/region-members';
import { ENGLISH_COUNTRY_NAMES } from '@esim/contract/country-names';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import mccmnc from 'mcc-mnc-list';
import type { BundleCountry, CatalogueBundle } from './esim-provider.ts';

countries.registerLocale(en);

/**
 * The sandbox provider's wholesale catalogue, built from real data:
 * the ISO 3166-1 country list (i18n-iso-countries), the store's region table
 * (`@esim/contract/regions`) and real mobile operators per country (mcc-mnc-list).
 *
 * Deterministic: no randomness and no clock; prices vary by country through a stable hash, so
 * every call returns the same bundles in the same order.
 *
 * Bundle names follow eSIM Go: `esim_{N}GB_{D}D_{CODE}_V2`, unlimited lite `esim_UL_{D}D_{CODE}_V2`
 * (1 GB/day at full speed, then 512 kbps) and unlimited plus `esim_ULP_{D}D_{CODE}_V2` (2 GB/day,
 * then 2 Mbps). CODE is the alpha-2 code (`CYP` for Northern Cyprus, `USHI` for Hawaii: names
 * carry no hyphen), a region code (`EU`, `ASIA`, ...) or `GLOBAL`.
 */

// ---------------------------------------------------------------------------------------------
// Operators (mcc-mnc-list)
// ---------------------------------------------------------------------------------------------

/** One mcc-mnc-list record; the data holds `null` in fields its typings call `string`. */
interface OperatorRecord {
  type: string | null;
  countryName: string | null;
  countryCode: string | null;
  brand: string | null;
  operator: string | null;
  status: string | null;
  bands: string | null;
  notes: string | null;
}

type Network = BundleCountry['networks'][number];

const SPEED_ORDER = ['2G', '3G', '4G', '5G'] as const;

/** Radio generation of one `bands` entry such as `LTE 1800`, `TD-LTE 2600`, `5G 3500`, `UMTS 2100`. */
function speedOfBand(band: string): string | undefined {
  const tech = (band.trim().split(/\s+/)[0] ?? '').toUpperCase();
  if (tech === '5G' || tech === 'TD-5G' || tech === 'NR') return '5G';
  if (tech.includes('LTE')) return '4G';
  if (tech.startsWith('UMTS') || tech === 'UTMS' || tech === 'CDMA2000' || tech === 'TD-SCDMA') return '3G';
  if (tech === 'GSM' || tech.startsWith('CDMA')) return '2G';
  return undefined; // MVNO, GSM-R, Satellite, TETRA, Unknown...: no public radio access
}

/** An operator (brand) of one country with what its records say about its radio network. */
interface OperatorSummary {
  name: string;
  speeds: Set<string>;
  /** Distinct radio bands (`LTE 800`, `5G 3500`): a proxy for how big the network is. */
  bands: Set<string>;
  records: number;
  firstIndex: number;
}

/** Operational mcc-mnc-list records by alpha-2 code (records such as `BL/GF/GP/MF/MQ` count for each). */
const OPERATOR_RECORDS: ReadonlyMap<string, readonly [OperatorRecord, number][]> = (() => {
  const records: readonly OperatorRecord[] = mccmnc.all();
  const byCountry = new Map<string, [OperatorRecord, number][]>();
  records.forEach((record, index) => {
    if (record.status !== 'Operational' || record.type === 'Test' || !record.countryCode) return;
    for (const code of record.countryCode.split('/')) {
      const list = byCountry.get(code) ?? [];
      list.push([record, index]);
      byCountry.set(code, list);
    }
  });
  return byCountry;
})();

/** Records of Northern Cyprus operators (KKTC Telsim, Kuzey Kıbrıs Turkcell), if the table has any. */
function northernCyprusRecords(): [OperatorRecord, number][] {
  const pattern = /northern cyprus|kktc|kuzey k[ıi]br[ıi]s/i;
  const found: [OperatorRecord, number][] = [];
  mccmnc.all().forEach((record: OperatorRecord, index) => {
    if (record.status !== 'Operational') return;
    const text = [record.countryName, record.brand, record.operator, record.notes].join(' ');
    if (pattern.test(text)) found.push([record, index]);
  });
  return found;
}

/** Records to take a destination's networks from: CYP uses Cyprus (and any KKTC) operators, US-HI the US ones. */
function recordsFor(code: string): readonly [OperatorRecord, number][] {
  if (code === 'CYP') {
    const seen = new Set<number>();
    return [...(OPERATOR_RECORDS.get('CY') ?? []), ...northernCyprusRecords()].filter(([, i]) =>
      seen.has(i) ? false : (seen.add(i), true),
    );
  }
  if (code === 'US-HI') return OPERATOR_RECORDS.get('US') ?? [];
  return OPERATOR_RECORDS.get(code) ?? [];
}

const maxGeneration = (op: OperatorSummary): number =>
  Math.max(0, ...[...op.speeds].map((s) => Number.parseInt(s, 10)));

/**
 * Every operator of a destination with a radio network, biggest first: most distinct bands,
 * then newest generation, then most MNC records, then table order. De-duplicated by brand name
 * (case-insensitive), falling back to the operator name when the brand is empty.
 */
function operatorsOf(code: string): OperatorSummary[] {
  const byName = new Map<string, OperatorSummary>();
  for (const [record, index] of recordsFor(code)) {
    const name = record.brand?.trim() || record.operator?.trim();
    if (!name) continue;
    const key = name.toLowerCase();
    const summary = byName.get(key) ?? { name, speeds: new Set(), bands: new Set(), records: 0, firstIndex: index };
    for (const band of (record.bands ?? '').split('/')) {
      const speed = speedOfBand(band);
      if (!speed) continue;
      summary.speeds.add(speed);
      if (/\d/.test(band)) summary.bands.add(band.trim());
    }
    summary.records += 1;
    byName.set(key, summary);
  }
  return [...byName.values()]
    .filter((op) => op.speeds.size > 0)
    .sort(
      (a, b) =>
        b.bands.size - a.bands.size ||
        maxGeneration(b) - maxGeneration(a) ||
        b.records - a.records ||
        a.firstIndex - b.firstIndex,
    );
}

// ---------------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------------

function englishName(code: string): string {
  if (code === 'CYP' || code === 'US-HI') return SPECIAL_COUNTRIES[code].en;
  return ENGLISH_COUNTRY_NAMES[code] ?? countries.getName(code, 'en') ?? code;
}

/** Facts about one destination, computed once per build. */
interface Destination {
  country: BundleCountry;
  /** Operators with a radio network (before the top-3 cut). */
  operatorCount: number;
  /** Operators offering 4G or better. */
  fastOperatorCount: number;
}

function destination(code: string): Destination {
  const operators = operatorsOf(code);
  const networks: Network[] = operators.slice(0, 3).map((op) => ({
    name: op.name,
    speeds: SPEED_ORDER.filter((s) => op.speeds.has(s)),
  }));
  return {
    country: { iso: code, name: englishName(code), region: regionOf(code), networks },
    operatorCount: operators.length,
    fastOperatorCount: operators.filter((op) => maxGeneration(op) >= 4).length,
  };
}

/** A fresh copy, so bundles never share mutable country objects. */
function copyCountry(country: BundleCountry): BundleCountry {
  return { ...country, networks: country.networks.map((n) => ({ name: n.name, speeds: [...n.speeds] })) };
}

// ---------------------------------------------------------------------------------------------
// Prices (integer US cents)
// ---------------------------------------------------------------------------------------------

/** A fixed-data plan: GB, days, and the wholesale price of a medium-cost country with its range. */
interface FixedPlan {
  gb: number;
  days: number;
  base: number;
  min: number;
  max: number;
}

const FIXED_PLANS: readonly FixedPlan[] = [
  { gb: 1, days: 7, base: 245, min: 150, max: 400 },
  { gb: 3, days: 15, base: 560, min: 350, max: 900 },
  { gb: 5, days: 30, base: 840, min: 500, max: 1400 },
  { gb: 10, days: 30, base: 1470, min: 900, max: 2400 },
  { gb: 20, days: 30, base: 2450, min: 1500, max: 4000 },
  { gb: 50, days: 30, base: 4580, min: 3000, max: 7000 },
];

/** Fewer plans where no operator is known: 1GB/7D, 3GB/15D, 5GB/30D. */
const SMALL_PLAN_COUNT = 3;
/** Regional and Global plans stop at 20GB. */
const AREA_PLAN_COUNT = 5;

/** Unlimited lite wholesale price per day for a medium-cost country, falling for longer plans. */
const UNLIMITED_DAY_RATE: Readonly<Record<number, number>> = { 1: 250, 3: 233, 7: 207, 15: 180, 30: 150 };
const LOCAL_UNLIMITED_DAYS = [1, 3, 7, 15, 30] as const;
const AREA_UNLIMITED_DAYS = [7, 15] as const;
/** Unlimited plus (2 GB/day, then 2 Mbps) costs about 1.6 times lite. */
const PLUS_MULTIPLIER = 1.6;

/** Large, competitive markets with cheap wholesale data. */
const CHEAP_COUNTRIES: ReadonlySet<string> = new Set(
  'TR FR DE ES IT GB TH NL PT AT BE PL IE SE DK MY ID VN IN'.split(' '),
);

/** Cost level of each home region (null: North America and other territories). */
const REGION_COST: Readonly<Record<RegionName, number>> = {
  'Europe+': 0.95,
  Balkans: 1.0,
  Asia: 1.05,
  LATAM: 1.15,
  Caribbean: 1.35,
  Africa: 1.35,
  Oceania: 1.35,
};
const NO_REGION_COST = 1.1;

/** Regional plans cost about 1.3 times a medium country; Global 2.5 times. */
const REGIONAL_MULTIPLIER: Readonly<Record<RegionName, number>> = {
  'Europe+': 1.2,
  Balkans: 1.2,
  Asia: 1.3,
  LATAM: 1.35,
  Caribbean: 1.4,
  Africa: 1.45,
  Oceania: 1.4,
};
const GLOBAL_MULTIPLIER = 2.5;

/** FNV-1a 32-bit hash: stable across runs and platforms. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Per-destination cost factor (1 = a medium country): cheap big markets about 0.7, Europe and
 * Asia around 1, remote islands and small states up to 1.6; a hash of the code and region adds
 * +-8% so neighbours differ.
 */
function costFactor(code: string, region: RegionName | null, operatorCount: number): number {
  let factor = CHEAP_COUNTRIES.has(code) ? 0.72 : region ? REGION_COST[region] : NO_REGION_COST;
  if (operatorCount === 0) factor *= 1.25;
  else if (operatorCount === 1) factor *= 1.15;
  const jitter = 0.92 + ((stableHash(`${code}|${region ?? GLOBAL}`) % 1601) / 1600) * 0.16;
  return Math.min(1.62, Math.max(0.62, factor * jitter));
}

/** Rounds to a whole 5 cents (wholesale prices look like $2.45, $8.40). */
const cents = (amount: number): number => Math.max(5, Math.round(amount / 5) * 5);

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

// ---------------------------------------------------------------------------------------------
// Bundles
// ---------------------------------------------------------------------------------------------

const dayWord = (days: number): string => (days === 1 ? '1 day' : `${days} days`);

function fixedBundle(
  code: string,
  plan: FixedPlan,
  priceCents: number,
  place: string,
  countryCode: string,
  type: CatalogueBundle['type'],
  covered: BundleCountry[],
): CatalogueBundle {
  return {
    name: `esim_${plan.gb}GB_${plan.days}D_${code}_V2`,
    description: `${plan.gb}GB, ${dayWord(plan.days)}, ${place}`,
    countryCode,
    type,
    countries: covered,
    dataMb: plan.gb * 1024,
    unlimited: false,
    tier: null,
    durationDays: plan.days,
    priceCents,
  };
}

function unlimitedBundle(
  code: string,
  plus: boolean,
  days: number,
  litePriceCents: number,
  place: string,
  countryCode: string,
  type: CatalogueBundle['type'],
  covered: BundleCountry[],
): CatalogueBundle {
  return {
    name: `esim_${plus ? 'ULP' : 'UL'}_${days}D_${code}_V2`,
    description: plus
      ? `Unlimited Plus, ${dayWord(days)}, ${place} (2GB/day at full speed, then 2Mbps)`
      : `Unlimited Lite, ${dayWord(days)}, ${place} (1GB/day at full speed, then 512kbps)`,
    countryCode,
    type,
    countries: covered,
    dataMb: null,
    unlimited: true,
    tier: plus ? 'unlimited_plus' : 'unlimited',
    durationDays: days,
    priceCents: plus ? cents(litePriceCents * PLUS_MULTIPLIER) : litePriceCents,
  };
}

/** The bundle-name form of a destination code: no hyphen (`US-HI` -> `USHI`). */
const nameCode = (code: string): string => code.replace(/-/g, '');

/**
 * Builds the sandbox wholesale catalogue:
 * - local plans for every inhabited destination of the region table (ISO alpha-2, CYP, US-HI):
 *   1GB/7D, 3GB/15D, 5GB/30D, 10GB/30D, 20GB/30D, 50GB/30D (only the first three where
 *   mcc-mnc-list knows no operator), plus unlimited lite and plus for 1, 3, 7, 15 and 30 days
 *   where at least two operators offer 4G or better;
 * - regional plans for the seven regions (1GB to 20GB, unlimited lite and plus for 7 and 15 days)
 *   covering `REGION_MEMBERS`;
 * - Global plans (1GB to 20GB) covering every inhabited destination.
 * Same output on every call.
 */
export function buildSandboxCatalogue(): CatalogueBundle[] {
  const destinations = new Map(GLOBAL_MEMBERS.map((code) => [code, destination(code)] as const));
  const coverage = (codes: readonly string[]): BundleCountry[] =>
    codes.flatMap((code) => {
      const d = destinations.get(code);
      return d ? [copyCountry(d.country)] : [];
    });
  const bundles: CatalogueBundle[] = [];

  for (const [code, d] of destinations) {
    const region = regionOf(code);
    const factor = costFactor(code, region, d.operatorCount);
    const place = d.country.name;
    const plans = d.operatorCount === 0 ? FIXED_PLANS.slice(0, SMALL_PLAN_COUNT) : FIXED_PLANS;
    for (const plan of plans) {
      const price = cents(clamp(plan.base * factor, plan.min, plan.max));
      bundles.push(fixedBundle(nameCode(code), plan, price, place, code, 'local', [copyCountry(d.country)]));
    }
    if (d.fastOperatorCount >= 2) {
      for (const plus of [false, true]) {
        for (const days of LOCAL_UNLIMITED_DAYS) {
          const lite = cents(days * (UNLIMITED_DAY_RATE[days] ?? 150) * factor);
          bundles.push(
            unlimitedBundle(nameCode(code), plus, days, lite, place, code, 'local', [copyCountry(d.country)]),
          );
        }
      }
    }
  }

  for (const region of REGIONS) {
    const members = REGION_MEMBERS[region.name];
    const multiplier = REGIONAL_MULTIPLIER[region.name];
    const place = `${members.length} countries in ${REGION_LABELS[region.name].en}`;
    for (const plan of FIXED_PLANS.slice(0, AREA_PLAN_COUNT)) {
      bundles.push(
        fixedBundle(
          region.code,
          plan,
          cents(plan.base * multiplier),
          place,
          region.name,
          'regional',
          coverage(members),
        ),
      );
    }
    for (const plus of [false, true]) {
      for (const days of AREA_UNLIMITED_DAYS) {
        const lite = cents(days * (UNLIMITED_DAY_RATE[days] ?? 150) * multiplier);
        bundles.push(unlimitedBundle(region.code, plus, days, lite, place, region.name, 'regional', coverage(members)));
      }
    }
  }

  const globalPlace = `${GLOBAL_MEMBERS.length} countries worldwide`;
  for (const plan of FIXED_PLANS.slice(0, AREA_PLAN_COUNT)) {
    bundles.push(
      fixedBundle(
        GLOBAL_CODE,
        plan,
        cents(plan.base * GLOBAL_MULTIPLIER),
        globalPlace,
        GLOBAL,
        'global',
        coverage(GLOBAL_MEMBERS),
      ),
    );
  }

  return bundles;
}
