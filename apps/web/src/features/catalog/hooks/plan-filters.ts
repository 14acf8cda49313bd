import type { Product } from '@esim/contract/catalog';
import type { DataBand, PlanFilters, PriceBand, ValidityBand } from './catalog-state.ts';

const MB_PER_GB = 1024;

/** Price band of a plan: budget under $10, mid-range $10 to $25, premium above $25. */
export function priceBand(priceCents: number): Exclude<PriceBand, 'all'> {
  if (priceCents < 1000) return 'budget';
  if (priceCents <= 2500) return 'mid';
  return 'premium';
}

/**
 * Data band of a plan (`dataMb` null = unlimited). The catalogue sells 1, 3, 5, 10, 20 and 50 GB;
 * the bands are contiguous so any other size still lands somewhere: under 4 GB, 4 to under
 * 15 GB, 15 GB and more.
 */
export function dataBand(dataMb: number | null): Exclude<DataBand, 'all'> {
  if (dataMb === null) return 'unlimited';
  if (dataMb < 4 * MB_PER_GB) return 'small';
  if (dataMb < 15 * MB_PER_GB) return 'medium';
  return 'large';
}

/**
 * Validity band of a plan. The catalogue sells 1, 3, 7, 15 and 30 days; contiguous bands: up to
 * 7 days, 8 to 29 days, 30 days and more.
 */
export function validityBand(days: number): Exclude<ValidityBand, 'all'> {
  if (days <= 7) return 'short';
  if (days < 30) return 'medium';
  return 'long';
}

/** Applies the client-side filters (bundle type, price, data, validity); `q` is applied by the API. */
export function applyPlanFilters(products: readonly Product[], filters: PlanFilters): Product[] {
  return products.filter(
    (p) =>
      (filters.type === 'all' || p.features.bundleType === filters.type) &&
      (filters.price === 'all' || priceBand(p.priceCents) === filters.price) &&
      (filters.data === 'all' || dataBand(p.features.dataMb) === filters.data) &&
      (filters.validity === 'all' || validityBand(p.features.validityDays) === filters.validity),
  );
}

const TIER_ORDER = { unlimited: 0, unlimited_plus: 1 } as const;

/**
 * Sorts plans for display: the admin's featured plans first; then prepaid plans by data, then validity, then price; unlimited plans by
 * validity, then tier (Unlimited before Unlimited Plus), then price. Prepaid come first.
 */
export function sortPlans(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => {
    const fa = a.features;
    const fb = b.features;
    // The admin's featured plans first (bulk import's `featured`).
    if (Boolean(a.featured) !== Boolean(b.featured)) return a.featured ? -1 : 1;
    if (fa.bundleType !== fb.bundleType) return fa.bundleType === 'prepaid' ? -1 : 1;
    if (fa.bundleType === 'prepaid') {
      const data = (fa.dataMb ?? 0) - (fb.dataMb ?? 0);
      if (data !== 0) return data;
      return fa.validityDays - fb.validityDays || a.priceCents - b.priceCents;
    }
    return (
      fa.validityDays - fb.validityDays ||
      (fa.tier ? TIER_ORDER[fa.tier] : 0) - (fb.tier ? TIER_ORDER[fb.tier] : 0) ||
      a.priceCents - b.priceCents
    );
  });
}

/** Splits plans into prepaid and unlimited groups, each sorted by {@link sortPlans}. */
export function groupPlans(products: readonly Product[]): { prepaid: Product[]; unlimited: Product[] } {
  const sorted = sortPlans(products);
  return {
    prepaid: sorted.filter((p) => p.features.bundleType === 'prepaid'),
    unlimited: sorted.filter((p) => p.features.bundleType === 'unlimited'),
  };
}
