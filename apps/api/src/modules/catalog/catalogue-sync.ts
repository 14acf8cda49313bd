import { SYNC_REPORT_LIST_MAX, type FieldChange, type SyncReport } from '@esim/contract/admin-catalogue';
import { dataAmountLabel } from '@esim/contract/format';
import { GLOBAL, isRegionName } from '@esim/contract/regions';
import { regionOf } from '@esim/contract/region-members';
import { z } from 'zod';
import type { CatalogueBundle } from '../../providers/esim/esim-provider.ts';
import { type PricedItem, type PricingRule, productPriceCents } from './pricing/pricing.rules.ts';
import type { ProductRow, ProductUpsert } from './catalog.repository.ts';
import { destinationNames } from '../../lib/country-names.ts';

/**
 * The catalogue sync's decisions as pure functions (docs/product-rules.md#catalogue-sync-and-pricing-rules): which provider
 * bundles can be sold, what product each becomes, and what changed since the last sync. The
 * service reads the provider and the products and writes the outcome; nothing here touches
 * either.
 */

/** Region of a destination for the pricing rules: a local plan's country's region, a regional plan's own name, none for Global. */
export function regionOfDestination(code: string): string | null {
  if (code === GLOBAL) return null;
  return isRegionName(code) ? code : regionOf(code);
}

/** What the pricing rules see of a product (`pricing.rules.ts` `selectRule`). */
export function pricedItem(row: Pick<ProductRow, 'apiBundleName' | 'countryCode' | 'bundleType'>): PricedItem {
  return {
    apiBundleName: row.apiBundleName,
    countryCode: row.countryCode,
    region: regionOfDestination(row.countryCode),
    bundleType: row.bundleType === 'unlimited' ? 'unlimited' : 'prepaid',
  };
}

/** The provider name of a product: destination, allowance and days, tagged `[prepaid]` or `[unlimited]` (the catalogue's English name; travellers see `planName`). */
export function productName(bundle: CatalogueBundle): string {
  const where = destinationNames(bundle.countryCode).en;
  if (bundle.unlimited) {
    const tier = bundle.tier === 'unlimited_plus' ? 'Unlimited Plus' : 'Unlimited';
    return `${where} ${tier} ${bundle.durationDays} Days [unlimited]`;
  }
  return `${where} ${dataAmountLabel(bundle.dataMb)} ${bundle.durationDays} Days [prepaid]`;
}

const countrySchema = z.object({
  iso: z.string().regex(/^[A-Z]{2}$|^CYP$|^US-HI$/, 'must be an ISO 3166-1 alpha-2 code, CYP or US-HI'),
  name: z.string(),
  region: z.string().nullable(),
  networks: z.array(z.object({ name: z.string().max(200), speeds: z.array(z.string().max(10)).max(10) })).max(100),
});

/**
 * What the store accepts of a provider bundle: a name it can key products by (eSIM Go style,
 * `esim_1GB_7D_TR_V2`), a destination, coverage, data (MB, or unlimited with a tier), 1-3650 days
 * and a wholesale price of 0-$100,000 in cents.
 */
const bundleSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,199}$/, 'must be 1-200 letters, digits, _ . + -'),
    description: z.string().max(2_000),
    countryCode: z.string().min(2).max(40),
    type: z.enum(['local', 'regional', 'global']),
    countries: z.array(countrySchema).min(1, 'must cover at least one country').max(300),
    dataMb: z.number().int().positive().max(10_000_000).nullable(),
    unlimited: z.boolean(),
    tier: z.enum(['unlimited', 'unlimited_plus']).nullable(),
    durationDays: z.number().int().min(1).max(3_650),
    priceCents: z.number().int().min(0).max(10_000_000),
  })
  .refine((b) => (b.unlimited ? b.dataMb === null && b.tier !== null : b.dataMb !== null && b.tier === null), {
    message: 'an unlimited bundle has a tier and no data amount; a fixed one has a data amount and no tier',
    path: ['dataMb'],
  });

/**
 * Why a provider bundle cannot be sold (`field: reason`, e.g. `priceCents: Too small: expected
 * number to be >=0`), or undefined when it can.
 */
export function bundleProblem(bundle: unknown): string | undefined {
  const result = bundleSchema.safeParse(bundle);
  if (result.success) return undefined;
  return result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'bundle'}: ${i.message}`)
    .join('; ');
}

/** A readable name of a bundle for the report, even a malformed one. */
export function bundleLabel(bundle: unknown, index: number): string {
  const name = (bundle as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.length > 0 ? name.slice(0, 200) : `#${index + 1}`;
}

/**
 * The product a bundle becomes. The price is {@link productPriceCents} under `rules` (the
 * admin's fixed price wins) for a new bundle, or when what the rules price by changed (wholesale
 * price, destination or bundle type); otherwise the stored price stays, so that saving a pricing
 * rule reprices nothing until a recalculation is applied
 * (docs/product-rules.md#catalogue-sync-and-pricing-rules).
 */
export function toUpsert(
  bundle: CatalogueBundle,
  rules: readonly PricingRule[],
  existing: ProductRow | undefined,
): ProductUpsert {
  const bundleType = bundle.unlimited ? 'unlimited' : 'prepaid';
  const repriced =
    !existing ||
    existing.wholesaleCents !== bundle.priceCents ||
    existing.countryCode !== bundle.countryCode ||
    existing.bundleType !== bundleType;
  const priceCents = repriced
    ? productPriceCents(
        {
          ...pricedItem({ apiBundleName: bundle.name, countryCode: bundle.countryCode, bundleType }),
          wholesaleCents: bundle.priceCents,
          fixedPriceCents: existing?.fixedPriceCents ?? null,
        },
        rules,
      )
    : existing.priceCents;
  return {
    apiBundleName: bundle.name,
    name: productName(bundle),
    description: bundle.description,
    countryCode: bundle.countryCode,
    coverageType: bundle.type,
    bundleType,
    tier: bundle.tier,
    dataMb: bundle.unlimited ? null : bundle.dataMb,
    validityDays: bundle.durationDays,
    wholesaleCents: bundle.priceCents,
    priceCents,
    coveredCountries: bundle.countries.map((c) => c.iso),
    networks: bundle.countries.flatMap((c) =>
      c.networks.map((n) => ({ countryCode: c.iso, name: n.name, speeds: n.speeds })),
    ),
    imageUrl: existing?.imageUrl ?? null,
    active: true,
  };
}

/** Fields a sync compares (and reports) besides the lists. */
const SCALAR_FIELDS = [
  'name',
  'description',
  'countryCode',
  'coverageType',
  'bundleType',
  'tier',
  'dataMb',
  'validityDays',
  'wholesaleCents',
  'priceCents',
  'active',
] as const satisfies readonly (keyof ProductUpsert & keyof ProductRow)[];

/** JSON with object keys sorted: jsonb does not keep key order, so compare canonically. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** A report value: at most 300 characters of text. */
function shown(value: string): string {
  return value.length > 300 ? `${value.slice(0, 299)}…` : value;
}

function networksText(networks: ProductUpsert['networks']): string {
  return shown(networks.map((n) => `${n.name} (${n.countryCode} ${n.speeds.join('/')})`).join(', '));
}

/** The fields in which `next` differs from the stored row, each from → to (empty when unchanged). */
export function changedFields(row: ProductRow, next: ProductUpsert): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of SCALAR_FIELDS) {
    const from = row[field] ?? null;
    const to = next[field] ?? null;
    if (from !== to) {
      changes.push({
        field,
        from: typeof from === 'string' ? shown(from) : from,
        to: typeof to === 'string' ? shown(to) : to,
      });
    }
  }
  if (canonical(row.coveredCountries) !== canonical(next.coveredCountries)) {
    changes.push({
      field: 'coveredCountries',
      from: shown(row.coveredCountries.join(', ')),
      to: shown(next.coveredCountries.join(', ')),
    });
  }
  if (canonical(row.networks) !== canonical(next.networks)) {
    changes.push({ field: 'networks', from: networksText(row.networks), to: networksText(next.networks) });
  }
  return changes;
}

/** The plan of one sync: what to insert, update and retire, and the report of it. */
export interface SyncPlan {
  /** In the provider's order, each with whether it is new and its position in the provider's list. */
  writes: { upsert: ProductUpsert; isNew: boolean; index: number }[];
  /** Bundle names whose products the provider no longer lists. */
  retire: string[];
  unchanged: number;
  report: Omit<SyncReport, 'reprice'>;
  /** Counts in full (the report's lists may be cut). */
  counts: { added: number; changed: number; retired: number; unchanged: number; errors: number };
}

/**
 * Compares the provider's catalogue with the stored products. A bundle the store cannot sell
 * ({@link bundleProblem}), or one listed twice, is an error of the report and leaves its product
 * as it is (it is not retired either); the other bundles are added, changed or unchanged;
 * products the provider no longer lists are retired. Each report list keeps at most
 * {@link SYNC_REPORT_LIST_MAX} entries.
 */
export function planSync(
  bundles: readonly unknown[],
  existing: readonly ProductRow[],
  rules: readonly PricingRule[],
): SyncPlan {
  const byName = new Map(existing.map((row) => [row.apiBundleName, row]));
  const listed = new Set<string>();
  const report: SyncPlan['report'] = { added: [], changed: [], retired: [], errors: [], truncated: false };
  const counts = { added: 0, changed: 0, retired: 0, unchanged: 0, errors: 0 };
  const push = <T>(list: T[], item: T) => {
    if (list.length < SYNC_REPORT_LIST_MAX) list.push(item);
    else report.truncated = true;
  };
  const writes: SyncPlan['writes'] = [];
  /** Names of the valid bundles met so far: a second listing is an error. */
  const seen = new Set<string>();
  bundles.forEach((raw, index) => {
    const label = bundleLabel(raw, index);
    const problem = bundleProblem(raw);
    // A malformed bundle keeps its product (if its name is readable): bad data is not a withdrawal.
    if (typeof (raw as { name?: unknown } | null)?.name === 'string') listed.add((raw as { name: string }).name);
    if (problem) {
      counts.errors++;
      push(report.errors, { apiBundleName: label, message: problem });
      return;
    }
    const bundle = raw as CatalogueBundle;
    if (seen.has(bundle.name)) {
      counts.errors++;
      push(report.errors, {
        apiBundleName: label,
        message: 'listed more than once by the provider; the first listing is used',
      });
      return;
    }
    seen.add(bundle.name);
    const row = byName.get(bundle.name);
    const next = toUpsert(bundle, rules, row);
    if (!row) {
      counts.added++;
      writes.push({ upsert: next, isNew: true, index });
      push(report.added, { apiBundleName: next.apiBundleName, name: next.name, priceCents: next.priceCents });
      return;
    }
    const fields = changedFields(row, next);
    if (fields.length === 0) {
      counts.unchanged++;
      return;
    }
    counts.changed++;
    writes.push({ upsert: next, isNew: false, index });
    push(report.changed, { apiBundleName: next.apiBundleName, name: row.displayName ?? row.name, fields });
  });
  const retire = existing.filter((r) => r.active && !listed.has(r.apiBundleName));
  for (const row of retire) {
    counts.retired++;
    push(report.retired, { apiBundleName: row.apiBundleName, name: row.displayName ?? row.name });
  }
  return { writes, retire: retire.map((r) => r.apiBundleName), unchanged: counts.unchanged, report, counts };
}
