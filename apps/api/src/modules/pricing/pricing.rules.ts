/**
 * Pricing rules as pure functions (DESIGN.md section 3 "Pricing setting"). The service loads the
 * rules and products; this module only decides numbers. All money is integer US cents.
 */

/** Scopes from least to most specific. */
export const PRICING_SCOPES = ['all', 'bundle_type', 'region', 'country', 'bundle'] as const;
export type PricingScope = (typeof PRICING_SCOPES)[number];

/** A pricing setting as the rules need it. */
export interface PricingRule {
  id: number;
  scope: PricingScope;
  /** Region name, country code, bundle type or bundle name; null for `all`. */
  scopeValue: string | null;
  /** Markup on wholesale in basis points (4000 = 40 %). */
  markupBps: number;
  fixedMarginCents: number;
  /** Round up to this ending, e.g. 99 gives x.99; null for no rounding. */
  endingCents: number | null;
  floorCents: number;
  priority: number;
  active: boolean;
}

/** What a rule is matched against. */
export interface PricedItem {
  apiBundleName: string;
  /** The product's country code, region name or `Global`. */
  countryCode: string;
  /** Region of a local product's country; for a regional product its own region name. */
  region: string | null;
  bundleType: 'prepaid' | 'unlimited';
}

function matches(rule: PricingRule, item: PricedItem): boolean {
  if (!rule.active) return false;
  switch (rule.scope) {
    case 'all':
      return true;
    case 'bundle_type':
      return rule.scopeValue === item.bundleType;
    case 'region':
      return rule.scopeValue === item.region;
    case 'country':
      return rule.scopeValue === item.countryCode;
    case 'bundle':
      return rule.scopeValue === item.apiBundleName;
  }
}

/**
 * Picks the rule for an item: the most specific matching scope wins (bundle > country > region >
 * bundle type > all), then the higher priority, then the lower id. Returns undefined when none match.
 */
export function selectRule(rules: readonly PricingRule[], item: PricedItem): PricingRule | undefined {
  let best: PricingRule | undefined;
  for (const rule of rules) {
    if (!matches(rule, item)) continue;
    if (!best) {
      best = rule;
      continue;
    }
    const a = PRICING_SCOPES.indexOf(rule.scope);
    const b = PRICING_SCOPES.indexOf(best.scope);
    if (a > b || (a === b && (rule.priority > best.priority || (rule.priority === best.priority && rule.id < best.id)))) {
      best = rule;
    }
  }
  return best;
}

/**
 * Retail price in cents: wholesale x (1 + markup) + fixed margin, rounded up to the rule's
 * ending (e.g. 99 -> x.99), never below the floor. Without a rule the wholesale price is kept.
 */
export function retailPriceCents(wholesaleCents: number, rule: PricingRule | undefined): number {
  if (!rule) return wholesaleCents;
  let cents = Math.ceil((wholesaleCents * (10_000 + rule.markupBps)) / 10_000) + rule.fixedMarginCents;
  if (rule.endingCents != null) {
    const ending = rule.endingCents;
    cents = Math.ceil((cents - ending) / 100) * 100 + ending;
  }
  return Math.max(cents, rule.floorCents, 0);
}

/**
 * A product's retail price in cents: the admin's fixed price when it has one (bulk import,
 * issue 10: recalculation and sync keep it), otherwise the winning rule applied to the wholesale
 * price ({@link selectRule}, {@link retailPriceCents}).
 */
export function productPriceCents(
  product: PricedItem & { wholesaleCents: number; fixedPriceCents: number | null },
  rules: readonly PricingRule[],
): number {
  if (product.fixedPriceCents != null) return product.fixedPriceCents;
  return retailPriceCents(product.wholesaleCents, selectRule(rules, product));
}

/** The rule installed on first start: +80 % and $0.50, .99 endings, at least $1.99. */
export const DEFAULT_PRICING_RULE = {
  name: 'Default markup',
  scope: 'all',
  scopeValue: null,
  markupBps: 8_000,
  fixedMarginCents: 50,
  endingCents: 99,
  floorCents: 199,
  priority: 0,
  active: true,
} as const satisfies Omit<PricingRule, 'id'> & { name: string };
