import { GLOBAL, GLOBAL_CODE, REGIONS, type RegionName } from '@esim/contract/regions';
import { regionOf } from '@esim/contract/region-members';
import type {
  BundleAssignment,
  BundleCountry,
  CatalogueBundle,
  EsimProfileState,
  ProviderBundleState,
  ProvisionedEsim,
} from '../esim-provider.ts';

/**
 * Pure mappings from eSIM Go API v2.4/v2.5 shapes to the `EsimProvider` port's. Nothing here does I/O.
 */

/** One `GET /catalogue` item (`CatalogueResponse`); every field optional because the live API is loose. */
export interface EsimGoCatalogueItem {
  name?: unknown;
  description?: unknown;
  groups?: unknown;
  countries?: unknown;
  /** MB; `-1` means unlimited (clients' convention). */
  dataAmount?: unknown;
  /** Days. */
  duration?: unknown;
  unlimited?: unknown;
  /** Decimal major units of the organisation's currency (USD), e.g. `1.23`. */
  price?: unknown;
  speed?: unknown;
}

/** Bundle country codes that name special destinations with another code in the store. */
const SPECIAL_ISO: Readonly<Record<string, string>> = { 'US-HI': 'US-HI', USHI: 'US-HI', CYP: 'CYP' };

/** The store's accepted country codes (`catalogue-sync.ts` `countrySchema`). */
const COUNTRY_CODE = /^[A-Z]{2}$|^CYP$|^US-HI$/;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;

/**
 * Decimal major units to integer cents without float drift: eSIM Go sends `price: 1.23`
 * (`Math.round(value * 100)` on a parsed decimal is exact to two decimals). Negative or non-finite → `undefined`.
 */
export function decimalToCents(value: unknown): number | undefined {
  const n = num(value);
  if (n === undefined || n < 0) return undefined;
  return Math.round(n * 100);
}

/**
 * The unlimited tier from an eSIM Go bundle name: `esim_ULP_…` → `unlimited_plus` (2 GB/day then
 * 2 Mbps), `esim_UL_…` → `unlimited` (1 GB/day then 512 kbps), else `null` (`CatalogueBundle.tier`;
 * docs/product-rules.md#prices-and-currency).
 */
export function tierOfName(name: string): 'unlimited' | 'unlimited_plus' | null {
  if (/(^|_)ULP(_|$)/i.test(name)) return 'unlimited_plus';
  if (/(^|_)UL(_|$)/i.test(name)) return 'unlimited';
  return null;
}

/** The code segment of `esim_<data>_<days>D_<CODE>_V2`, upper-cased, or `undefined`. */
function codeOfName(name: string): string | undefined {
  const parts = name.split('_');
  const daysAt = parts.findIndex((p, i) => i > 0 && /^\d+D$/i.test(p));
  return daysAt >= 0 ? parts[daysAt + 1]?.toUpperCase() : undefined;
}

/** Normalises one `countries[]` entry (`{name, region, iso}`) to the port's `BundleCountry`; `undefined` when its code is not one the store knows. */
function countryOf(raw: unknown): BundleCountry | undefined {
  const c = raw as { name?: unknown; iso?: unknown } | null;
  const isoRaw = str(c?.iso)?.trim().toUpperCase();
  if (!isoRaw) return undefined;
  const iso = SPECIAL_ISO[isoRaw] ?? isoRaw;
  if (!COUNTRY_CODE.test(iso)) return undefined;
  return { iso, name: str(c?.name) ?? iso, region: regionOf(iso), networks: [] };
}

/**
 * Destination and type of a bundle: one country → `local` with its code; the name's region code
 * (`EU`, `ASIA`, … of the contract's `REGIONS`) → `regional` with the region name; `GLOBAL`, or
 * countries spread over three or more home regions → `global`; otherwise `regional` with the most
 * common home region of its countries (eSIM Go's own codes such as `REUP` are not the store's).
 */
export function destinationOf(
  name: string,
  countries: readonly BundleCountry[],
): { countryCode: string; type: CatalogueBundle['type'] } | undefined {
  const code = codeOfName(name);
  if (countries.length === 1 && countries[0]) return { countryCode: countries[0].iso, type: 'local' };
  if (countries.length === 0) return undefined;
  if (code === GLOBAL_CODE) return { countryCode: GLOBAL, type: 'global' };
  const named = REGIONS.find((r) => r.code === code);
  if (named) return { countryCode: named.name, type: 'regional' };
  const counts = new Map<RegionName, number>();
  for (const c of countries)
    if (c.region) counts.set(c.region as RegionName, (counts.get(c.region as RegionName) ?? 0) + 1);
  if (counts.size >= 3 || counts.size === 0) return { countryCode: GLOBAL, type: 'global' };
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return { countryCode: top![0], type: 'regional' };
}

/**
 * eSIM Go documents decimal units (a `1GB` bundle is `dataAmount: 1000` MB and `initialQuantity:
 * 1000000000` bytes); the store counts 1 GB as 1024 MB
 * and 2^30 bytes (`@esim/contract/format`). So that a bundle eSIM Go
 * sells as 1 GB is shown as 1 GB, the adapter converts: an amount of a gigabyte or more that is
 * not already binary (a multiple of 1024) is scaled by 1024/1000 (`1000` → `1024`, `3000` →
 * `3072`, `1500` → `1536`; `1024` and `5120` stay); smaller amounts (`500` MB) are kept.
 */
export function storeMbOf(dataAmountMb: number): number {
  if (dataAmountMb < 1000 || dataAmountMb % 1024 === 0) return Math.round(dataAmountMb);
  return Math.round((dataAmountMb * 1024) / 1000);
}

/**
 * The factor that turns one bundle's byte counts into the store's units, chosen by its allowance
 * like {@link storeMbOf} (so its total, remaining and used bytes keep their proportions): 1 for an
 * allowance already binary (a multiple of 2^20), 2^30/10^9 from 10^9 bytes up, else 2^20/10^6
 * (a 500 MB bundle is 500 MB); 2^30/10^9 when the allowance is unknown (unlimited bundles).
 */
export function bytesFactorOf(initialBytes: number | null | undefined): number {
  if (typeof initialBytes !== 'number' || initialBytes <= 0) return 2 ** 30 / 1e9;
  if (initialBytes % 2 ** 20 === 0) return 1;
  return initialBytes >= 1e9 ? 2 ** 30 / 1e9 : 2 ** 20 / 1e6;
}

/** Bytes as eSIM Go counts them (10^9 a GB) in the store's units (2^30 a GB) for a bundle of that size; see {@link bytesFactorOf}. */
export function storeBytesOf(bytes: number, factor = bytesFactorOf(bytes)): number {
  return Math.round(bytes * factor);
}

/** {@link storeBytesOf} of a quantity that may be missing or negative (unlimited): those pass unchanged. */
export function bytesIn<T extends number | null | undefined>(bytes: T, factor: number): T {
  return (typeof bytes === 'number' && bytes > 0 ? storeBytesOf(bytes, factor) : bytes) as T;
}

/**
 * Maps one `GET /catalogue` item to the port's `CatalogueBundle`: `dataAmount` MB (`-1` or `unlimited: true` → `dataMb: null`), tier from the name
 * (`esim_UL_`/`esim_ULP_`; an unlimited bundle without one is `unlimited`), price decimal → cents,
 * countries with the store's home region (`@esim/contract/regions`).
 * @returns `undefined` for an item the store cannot sell (no name, no known country, no price or
 *   duration); the caller counts it.
 */
export function toCatalogueBundle(item: EsimGoCatalogueItem): CatalogueBundle | undefined {
  const name = str(item.name);
  const durationDays = num(item.duration);
  const priceCents = decimalToCents(item.price);
  if (!name || durationDays === undefined || priceCents === undefined) return undefined;
  const countries = (Array.isArray(item.countries) ? item.countries : [])
    .map(countryOf)
    .filter((c): c is BundleCountry => c !== undefined);
  const destination = destinationOf(name, countries);
  if (!destination) return undefined;
  const dataAmount = num(item.dataAmount);
  const unlimited = item.unlimited === true || dataAmount === -1 || dataAmount === undefined;
  const tier = unlimited ? (tierOfName(name) ?? 'unlimited') : null;
  return {
    name,
    description: str(item.description) ?? name,
    countryCode: destination.countryCode,
    type: destination.type,
    countries,
    dataMb: unlimited ? null : storeMbOf(dataAmount!),
    unlimited,
    tier,
    durationDays: Math.round(durationDays),
    priceCents,
  };
}

/**
 * The SM-DP+ address without a scheme: v2.4 shows `http://rsp.example.com`, v2.5
 * `rsp.example.com`; the LPA string wants the bare host.
 */
export function stripScheme(address: string): string {
  return address.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');
}

/** `order[].esims[]` or `/esims/assignments` entries → `ProvisionedEsim`s (scheme stripped); entries without an ICCID are dropped. */
export function toProvisionedEsims(raw: unknown): ProvisionedEsim[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e: { iccid?: unknown; matchingId?: unknown; smdpAddress?: unknown }) => {
    const iccid = typeof e?.iccid === 'number' ? undefined : str(e?.iccid);
    const matchingId = str(e?.matchingId);
    const smdp = str(e?.smdpAddress);
    return iccid && matchingId && smdp ? [{ iccid, matchingId, smdpAddress: stripScheme(smdp) }] : [];
  });
}

const PROFILE_STATES: readonly EsimProfileState[] = [
  'released',
  'downloaded',
  'installed',
  'enabled',
  'disabled',
  'deleted',
];

/**
 * eSIM Go `profileStatus` (`Released`, `Installed`, …) →
 * `EsimProfileState`. `Unavailable`/unknown values read `released` (nothing installed yet);
 * `Uninstalled` reads `deleted`.
 */
export function toProfileState(status: unknown): EsimProfileState {
  const s = str(status)?.trim().toLowerCase() ?? '';
  if ((PROFILE_STATES as readonly string[]).includes(s)) return s as EsimProfileState;
  if (s === 'uninstalled' || s === 'removed') return 'deleted';
  return 'released';
}

const BUNDLE_STATES: readonly ProviderBundleState[] = [
  'processing',
  'queued',
  'active',
  'depleted',
  'expired',
  'revoked',
  'lapsed',
];

/** `bundleState` (lower-case in JSON, capitalised in prose) → `ProviderBundleState`; unknown → `processing`. */
export function toBundleState(state: unknown): ProviderBundleState {
  const s = str(state)?.trim().toLowerCase() ?? '';
  return (BUNDLE_STATES as readonly string[]).includes(s) ? (s as ProviderBundleState) : 'processing';
}

/** A date from an ISO string or epoch milliseconds; `null` when absent or unreadable. */
export function toDate(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value !== 'string' || value === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** One `assignments[]` entry of `GET /esims/{iccid}/bundles`. */
export interface EsimGoAssignment {
  id?: unknown;
  initialQuantity?: unknown;
  remainingQuantity?: unknown;
  assignmentDateTime?: unknown;
  assignmentReference?: unknown;
  bundleState?: unknown;
  unlimited?: unknown;
}

/**
 * `GET /esims/{iccid}/bundles` → the port's assignments, oldest first: quantities are BYTES; `unlimited` bundles have `initialBytes`/`remainingBytes`
 * `null` but still count `usedBytes` when the provider sends both quantities. The endpoint has no
 * start/end time: `startedAt`/`endsAt` are `null` here and come from callbacks.
 */
export function toAssignments(body: unknown): (BundleAssignment & { reference: string | null })[] {
  const bundles = (body as { bundles?: unknown } | null)?.bundles;
  if (!Array.isArray(bundles)) return [];
  const out: (BundleAssignment & { reference: string | null })[] = [];
  for (const b of bundles as { name?: unknown; assignments?: unknown }[]) {
    const bundle = str(b?.name);
    if (!bundle || !Array.isArray(b.assignments)) continue;
    for (const a of b.assignments as EsimGoAssignment[]) {
      const id = typeof a?.id === 'number' ? String(a.id) : str(a?.id);
      if (!id) continue;
      // In the store's units (see `storeBytesOf`); negative values (unlimited) pass as they are.
      const factor = bytesFactorOf(num(a.initialQuantity));
      const initial = bytesIn(num(a.initialQuantity), factor);
      const remaining = bytesIn(num(a.remainingQuantity), factor);
      const unlimited = a.unlimited === true;
      const used =
        initial !== undefined && remaining !== undefined && initial >= 0 && remaining >= 0
          ? Math.max(0, initial - remaining)
          : 0;
      out.push({
        id,
        bundle,
        state: toBundleState(a.bundleState),
        unlimited,
        initialBytes: unlimited || initial === undefined || initial < 0 ? null : initial,
        remainingBytes: unlimited || remaining === undefined || remaining < 0 ? null : remaining,
        usedBytes: used,
        assignedAt: toDate(a.assignmentDateTime) ?? new Date(0),
        startedAt: null,
        endsAt: null,
        reference: str(a.assignmentReference) ?? null,
      });
    }
  }
  return out.sort((x, y) => x.assignedAt.getTime() - y.assignedAt.getTime() || Number(x.id) - Number(y.id));
}
