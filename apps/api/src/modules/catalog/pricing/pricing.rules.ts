import { PRICING_SCOPES, type PriceStep, type PricingScope, type RuleOutcome } from '@esim/contract/admin-pricing';

/**
 * Pricing rules as pure functions (docs/product-rules.md#catalogue-sync-and-pricing-rules). The service loads the
 * rules and products; this module only decides numbers. All money is integer US cents.
 */

/** Scopes from least to most specific (the contract's list). */
export { PRICING_SCOPES, type PricingScope };

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
  return rule.active && matchesIgnoringActive(rule, item);
}

/** Whether the rule's scope covers the item, active or not. */
function matchesIgnoringActive(rule: PricingRule, item: PricedItem): boolean {
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
    if (
      a > b ||
      (a === b && (rule.priority > best.priority || (rule.priority === best.priority && rule.id < best.id)))
    ) {
      best = rule;
    }
  }
  return best;
}

/**
 * The steps from wholesale to retail under `rule`, as the admin's "why this price?" shows them: the wholesale
 * price, then wholesale x (1 + markup) rounded up to a whole cent, plus the fixed margin, rounded
 * up to the rule's ending (99 -> x.99) when it has one, and at least the floor (and never below
 * 0). Without a rule: the wholesale price and a `no_rule` step. The last step's `afterCents` is
 * the retail price ({@link retailPriceCents} is exactly that).
 */
export function priceSteps(wholesaleCents: number, rule: PricingRule | undefined): PriceStep[] {
  const steps: PriceStep[] = [
    { kind: 'wholesale', beforeCents: wholesaleCents, afterCents: wholesaleCents, value: null, applied: true },
  ];
  if (!rule) {
    steps.push({
      kind: 'no_rule',
      beforeCents: wholesaleCents,
      afterCents: wholesaleCents,
      value: null,
      applied: false,
    });
    return steps;
  }
  let cents = wholesaleCents;
  const step = (kind: PriceStep['kind'], value: number | null, next: number) => {
    steps.push({ kind, beforeCents: cents, afterCents: next, value, applied: next !== cents });
    cents = next;
  };
  step('markup', rule.markupBps, Math.ceil((cents * (10_000 + rule.markupBps)) / 10_000));
  step('fixed_margin', rule.fixedMarginCents, cents + rule.fixedMarginCents);
  if (rule.endingCents != null) {
    const ending = rule.endingCents;
    step('ending', ending, Math.ceil((cents - ending) / 100) * 100 + ending);
  }
  step('floor', rule.floorCents, Math.max(cents, rule.floorCents, 0));
  return steps;
}

/**
 * Retail price in cents: wholesale x (1 + markup) + fixed margin, rounded up to the rule's
 * ending (e.g. 99 -> x.99), never below the floor. Without a rule the wholesale price is kept.
 * The last of {@link priceSteps}.
 */
export function retailPriceCents(wholesaleCents: number, rule: PricingRule | undefined): number {
  const steps = priceSteps(wholesaleCents, rule);
  return steps[steps.length - 1]!.afterCents;
}

/**
 * A product's retail price in cents: the admin's fixed price when it has one (bulk import;
 * recalculation and sync keep it), otherwise the winning rule applied to the wholesale
 * price ({@link selectRule}, {@link retailPriceCents}).
 */
export function productPriceCents(
  product: PricedItem & { wholesaleCents: number; fixedPriceCents: number | null },
  rules: readonly PricingRule[],
): number {
  if (product.fixedPriceCents != null) return product.fixedPriceCents;
  return retailPriceCents(product.wholesaleCents, selectRule(rules, product));
}

/**
 * The steps from wholesale to a product's retail price ({@link productPriceCents}): the admin's
 * fixed price replaces the rules (`wholesale`, `fixed_price`); otherwise {@link priceSteps} of
 * the winning rule.
 */
export function productPriceSteps(
  product: PricedItem & { wholesaleCents: number; fixedPriceCents: number | null },
  rules: readonly PricingRule[],
): PriceStep[] {
  if (product.fixedPriceCents == null) return priceSteps(product.wholesaleCents, selectRule(rules, product));
  const w = product.wholesaleCents;
  return [
    { kind: 'wholesale', beforeCents: w, afterCents: w, value: null, applied: true },
    {
      kind: 'fixed_price',
      beforeCents: w,
      afterCents: product.fixedPriceCents,
      value: product.fixedPriceCents,
      applied: true,
    },
  ];
}

/**
 * Every rule whose scope covers the item, with why it did or did not set the price
 * (contract `RULE_OUTCOMES`): the winner of {@link selectRule} (`overridden_by_fixed_price` when
 * the product has a fixed price), active rules that lost to it (`less_specific`,
 * `lower_priority`, `newer_rule`), and inactive rules that would match (`inactive`). Winner
 * first, then most specific, highest priority, oldest; inactive ones last.
 */
export function ruleOutcomes<R extends PricingRule>(
  rules: readonly R[],
  item: PricedItem,
  fixedPrice = false,
): { rule: R; outcome: RuleOutcome }[] {
  const winner = selectRule(rules, item);
  const rank = (r: PricingRule) => PRICING_SCOPES.indexOf(r.scope);
  const candidates: { rule: R; outcome: RuleOutcome }[] = [];
  for (const rule of rules) {
    if (!matchesIgnoringActive(rule, item)) continue;
    let outcome: RuleOutcome;
    if (!rule.active) outcome = 'inactive';
    else if (rule === winner) outcome = fixedPrice ? 'overridden_by_fixed_price' : 'winner';
    else if (winner && rank(rule) < rank(winner)) outcome = 'less_specific';
    else if (winner && rule.priority < winner.priority) outcome = 'lower_priority';
    else outcome = 'newer_rule';
    candidates.push({ rule, outcome });
  }
  const group = (c: { rule: R; outcome: RuleOutcome }) => (c.rule === winner ? 0 : c.outcome === 'inactive' ? 2 : 1);
  return candidates.sort(
    (a, b) =>
      group(a) - group(b) || rank(b.rule) - rank(a.rule) || b.rule.priority - a.rule.priority || a.rule.id - b.rule.id,
  );
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
