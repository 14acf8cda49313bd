import {
  type BelowWholesale,
  type LadderViolation,
  MAX_LISTED_LADDER_VIOLATIONS,
  type PriceChange,
  type PricedProduct,
  type PricingBundleType,
  type RecalculationCounts,
} from '@esim/contract/admin-pricing';
import { GLOBAL, isRegionName } from '@esim/contract/regions';
import { regionOf } from '@esim/contract/region-members';
import { type PricedItem, type PricingRule, productPriceCents, selectRule } from './pricing.rules.ts';

/**
 * The recalculation as a pure function: given every product and the rules,
 * which prices change, and what is wrong with the prices after the change (products on sale
 * below wholesale, "ladder violations"). The service loads the inputs and writes the outcome.
 */

/** A product as the recalculation needs it. Money in US cents. */
export interface PricingProduct {
  id: number;
  apiBundleName: string;
  name: string;
  countryCode: string;
  bundleType: PricingBundleType;
  /** MB; null for unlimited plans. */
  dataMb: number | null;
  tier: string | null;
  validityDays: number;
  wholesaleCents: number;
  priceCents: number;
  fixedPriceCents: number | null;
  /** Listed by the provider and enabled by the admin: the storefront sells it. */
  onSale: boolean;
}

/** What a rule is matched against for a destination code: the home region of a country, the region itself, none for Global. */
export function regionOfDestination(code: string): string | null {
  if (code === GLOBAL) return null;
  return isRegionName(code) ? code : regionOf(code);
}

/** The rule-matching view of a product. */
export function pricedItem(product: Pick<PricingProduct, 'apiBundleName' | 'countryCode' | 'bundleType'>): PricedItem {
  return {
    apiBundleName: product.apiBundleName,
    countryCode: product.countryCode,
    region: regionOfDestination(product.countryCode),
    bundleType: product.bundleType,
  };
}

/** The report's view of a product. */
export function pricedProduct(p: PricingProduct): PricedProduct {
  return {
    productId: p.id,
    apiBundleName: p.apiBundleName,
    name: p.name,
    countryCode: p.countryCode,
    bundleType: p.bundleType,
    dataMb: p.dataMb,
    tier: p.tier,
    validityDays: p.validityDays,
    wholesaleCents: p.wholesaleCents,
    onSale: p.onSale,
  };
}

/** The outcome of {@link planRecalculation}. */
export interface RecalculationPlan {
  /** Products whose price changes, largest change (either way) first. */
  changes: PriceChange[];
  counts: RecalculationCounts;
  netChangeCents: number;
  belowWholesale: BelowWholesale[];
  /** At most `MAX_LISTED_LADDER_VIOLATIONS`; `counts.ladderViolations` counts them all. */
  ladderViolations: LadderViolation[];
}

/**
 * Reprices every product with `productPriceCents` (the admin's fixed price wins and is never
 * repriced; otherwise the winning rule) and checks the prices that result:
 * - below wholesale: products on sale whose new price is under their wholesale price;
 * - ladder violations ({@link findLadderViolations}) among products on sale.
 */
export function planRecalculation(
  products: readonly PricingProduct[],
  rules: readonly PricingRule[],
): RecalculationPlan {
  const counts: RecalculationCounts = {
    checked: products.length,
    changed: 0,
    unchanged: 0,
    up: 0,
    down: 0,
    fixedPrice: 0,
    noRule: 0,
    belowWholesale: 0,
    ladderViolations: 0,
  };
  const changes: PriceChange[] = [];
  const below: BelowWholesale[] = [];
  const newPrice = new Map<number, number>();
  let netChangeCents = 0;
  for (const p of products) {
    const item = { ...pricedItem(p), wholesaleCents: p.wholesaleCents, fixedPriceCents: p.fixedPriceCents };
    const rule = p.fixedPriceCents == null ? selectRule(rules, item) : undefined;
    if (p.fixedPriceCents != null) counts.fixedPrice++;
    else if (!rule) counts.noRule++;
    const price = productPriceCents(item, rules);
    newPrice.set(p.id, price);
    if (price === p.priceCents) counts.unchanged++;
    else {
      counts.changed++;
      if (price > p.priceCents) counts.up++;
      else counts.down++;
      netChangeCents += price - p.priceCents;
      changes.push({
        ...pricedProduct(p),
        oldPriceCents: p.priceCents,
        newPriceCents: price,
        ruleId: rule?.id ?? null,
      });
    }
    if (p.onSale && price < p.wholesaleCents) {
      below.push({
        ...pricedProduct(p),
        priceCents: price,
        fixedPrice: p.fixedPriceCents != null,
        ruleId: rule?.id ?? null,
      });
    }
  }
  changes.sort(
    (a, b) =>
      Math.abs(b.newPriceCents - b.oldPriceCents) - Math.abs(a.newPriceCents - a.oldPriceCents) ||
      a.productId - b.productId,
  );
  below.sort(
    (a, b) => b.wholesaleCents - b.priceCents - (a.wholesaleCents - a.priceCents) || a.productId - b.productId,
  );
  counts.belowWholesale = below.length;
  const ladder = findLadderViolations(
    products.filter((p) => p.onSale),
    (p) => newPrice.get(p.id) ?? p.priceCents,
  );
  counts.ladderViolations = ladder.length;
  return {
    changes,
    counts,
    netChangeCents,
    belowWholesale: below,
    ladderViolations: ladder.slice(0, MAX_LISTED_LADDER_VIOLATIONS),
  };
}

/** How much data a plan gives, for comparing plans of one bundle type: MB, or the unlimited tier (Plus above Lite). */
function dataRank(p: PricingProduct): number {
  if (p.bundleType === 'unlimited') return p.tier === 'unlimited_plus' ? 2 : 1;
  return p.dataMb ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Ladder violations (a monotonic price ladder: a bigger plan should never cost less): among plans of the same destination and bundle type, each
 * pair where the larger plan (at least as much data and at least as many days, more of one)
 * costs less than the smaller one. Largest inversion first, then by the smaller plan's id.
 */
export function findLadderViolations(
  products: readonly PricingProduct[],
  priceOf: (p: PricingProduct) => number,
): LadderViolation[] {
  const groups = new Map<string, PricingProduct[]>();
  for (const p of products) {
    const key = `${p.countryCode}\u0000${p.bundleType}`;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  const found: { violation: LadderViolation; gap: number }[] = [];
  for (const list of groups.values()) {
    for (const small of list) {
      for (const large of list) {
        if (small === large) continue;
        const moreData = dataRank(large) - dataRank(small);
        const moreDays = large.validityDays - small.validityDays;
        if (moreData < 0 || moreDays < 0 || (moreData === 0 && moreDays === 0)) continue;
        const gap = priceOf(small) - priceOf(large);
        if (gap <= 0) continue;
        found.push({
          gap,
          violation: {
            countryCode: small.countryCode,
            bundleType: small.bundleType,
            smaller: { ...pricedProduct(small), priceCents: priceOf(small) },
            larger: { ...pricedProduct(large), priceCents: priceOf(large) },
          },
        });
      }
    }
  }
  found.sort(
    (a, b) =>
      b.gap - a.gap ||
      a.violation.smaller.productId - b.violation.smaller.productId ||
      a.violation.larger.productId - b.violation.larger.productId,
  );
  return found.map((f) => f.violation);
}
