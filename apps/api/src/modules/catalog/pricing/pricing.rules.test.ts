import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PricingRule,
  priceSteps,
  productPriceCents,
  productPriceSteps,
  retailPriceCents,
  ruleOutcomes,
  selectRule,
} from './pricing.rules.ts';

const rule = (r: Partial<PricingRule>): PricingRule => ({
  id: 1,
  scope: 'all',
  scopeValue: null,
  markupBps: 0,
  fixedMarginCents: 0,
  endingCents: null,
  floorCents: 0,
  priority: 0,
  active: true,
  ...r,
});

const item = {
  apiBundleName: 'esim_1GB_7D_TR_V2',
  countryCode: 'TR',
  region: 'Europe+',
  bundleType: 'prepaid',
} as const;

describe('retailPriceCents', () => {
  it('keeps the wholesale price without a rule', () => {
    expect(retailPriceCents(150, undefined)).toBe(150);
  });
  it('applies markup, margin, ending and floor in that order', () => {
    expect(retailPriceCents(200, rule({ markupBps: 5000 }))).toBe(300);
    expect(retailPriceCents(200, rule({ markupBps: 5000, fixedMarginCents: 25 }))).toBe(325);
    expect(retailPriceCents(200, rule({ markupBps: 5000, fixedMarginCents: 25, endingCents: 99 }))).toBe(399);
    expect(retailPriceCents(299, rule({ endingCents: 99 }))).toBe(299);
    expect(retailPriceCents(300, rule({ endingCents: 99 }))).toBe(399);
    expect(retailPriceCents(50, rule({ floorCents: 199 }))).toBe(199);
  });
  it('rounds fractional cents up', () => {
    expect(retailPriceCents(101, rule({ markupBps: 3333 }))).toBe(135);
  });
});

describe('selectRule', () => {
  it('prefers the most specific scope, then priority, then the older rule', () => {
    const all = rule({ id: 1 });
    const region = rule({ id: 2, scope: 'region', scopeValue: 'Europe+' });
    const country = rule({ id: 3, scope: 'country', scopeValue: 'TR' });
    const otherCountry = rule({ id: 4, scope: 'country', scopeValue: 'FR' });
    expect(selectRule([all, region, country, otherCountry], item)?.id).toBe(3);
    expect(selectRule([all, region], item)?.id).toBe(2);
    expect(selectRule([all, rule({ id: 5, priority: 2 })], item)?.id).toBe(5);
    expect(selectRule([rule({ id: 7 }), rule({ id: 6 })], item)?.id).toBe(6);
  });
  it('ignores inactive and non-matching rules', () => {
    expect(selectRule([rule({ active: false })], item)).toBeUndefined();
    expect(selectRule([rule({ scope: 'bundle_type', scopeValue: 'unlimited' })], item)).toBeUndefined();
    expect(selectRule([rule({ scope: 'bundle', scopeValue: 'esim_1GB_7D_TR_V2' })], item)).toBeDefined();
  });
});

describe('priceSteps', () => {
  /** The formula as it stood before the steps existed: the steps must end where it does. */
  function reference(wholesale: number, r: PricingRule | undefined): number {
    if (!r) return wholesale;
    let cents = Math.ceil((wholesale * (10_000 + r.markupBps)) / 10_000) + r.fixedMarginCents;
    if (r.endingCents != null) cents = Math.ceil((cents - r.endingCents) / 100) * 100 + r.endingCents;
    return Math.max(cents, r.floorCents, 0);
  }

  it('walks wholesale, markup, fixed margin, ending and floor, each with its before and after', () => {
    expect(priceSteps(245, rule({ markupBps: 8000, fixedMarginCents: 50, endingCents: 99, floorCents: 199 }))).toEqual([
      { kind: 'wholesale', beforeCents: 245, afterCents: 245, value: null, applied: true },
      { kind: 'markup', beforeCents: 245, afterCents: 441, value: 8000, applied: true },
      { kind: 'fixed_margin', beforeCents: 441, afterCents: 491, value: 50, applied: true },
      { kind: 'ending', beforeCents: 491, afterCents: 499, value: 99, applied: true },
      { kind: 'floor', beforeCents: 499, afterCents: 499, value: 199, applied: false },
    ]);
    expect(priceSteps(50, rule({ floorCents: 199 })).at(-1)).toEqual({
      kind: 'floor',
      beforeCents: 50,
      afterCents: 199,
      value: 199,
      applied: true,
    });
    expect(priceSteps(150, undefined)).toEqual([
      { kind: 'wholesale', beforeCents: 150, afterCents: 150, value: null, applied: true },
      { kind: 'no_rule', beforeCents: 150, afterCents: 150, value: null, applied: false },
    ]);
  });

  it('ends where retailPriceCents ends, for any rule and wholesale price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.option(
          fc.record({
            markupBps: fc.integer({ min: 0, max: 100_000 }),
            fixedMarginCents: fc.integer({ min: 0, max: 100_000 }),
            endingCents: fc.option(fc.integer({ min: 0, max: 99 })),
            floorCents: fc.integer({ min: 0, max: 100_000 }),
          }),
          { nil: undefined },
        ),
        (wholesale, fields) => {
          const r = fields ? rule(fields) : undefined;
          const steps = priceSteps(wholesale, r);
          expect(steps.at(-1)?.afterCents).toBe(reference(wholesale, r));
          expect(retailPriceCents(wholesale, r)).toBe(reference(wholesale, r));
          for (let i = 1; i < steps.length; i++) expect(steps[i]?.beforeCents).toBe(steps[i - 1]?.afterCents);
        },
      ),
      { seed: 20_261_124, numRuns: 2_000 },
    );
  });

  it('replaces everything with the fixed price', () => {
    const product = { ...item, wholesaleCents: 245, fixedPriceCents: 999 };
    expect(productPriceSteps(product, [rule({ markupBps: 8000 })]).map((s) => [s.kind, s.afterCents])).toEqual([
      ['wholesale', 245],
      ['fixed_price', 999],
    ]);
    expect(productPriceCents(product, [rule({ markupBps: 8000 })])).toBe(999);
  });
});

describe('ruleOutcomes', () => {
  it('names the winner, why the others lost, and inactive rules that would match', () => {
    const all = rule({ id: 1 });
    const region = rule({ id: 2, scope: 'region', scopeValue: 'Europe+', priority: 9 });
    const country = rule({ id: 3, scope: 'country', scopeValue: 'TR', priority: 1 });
    const lower = rule({ id: 4, scope: 'country', scopeValue: 'TR', priority: 0 });
    const newer = rule({ id: 5, scope: 'country', scopeValue: 'TR', priority: 1 });
    const off = rule({ id: 6, scope: 'bundle', scopeValue: 'esim_1GB_7D_TR_V2', active: false });
    const other = rule({ id: 7, scope: 'country', scopeValue: 'FR' });
    const outcomes = ruleOutcomes([all, region, country, lower, newer, off, other], item).map((c) => [
      c.rule.id,
      c.outcome,
    ]);
    expect(outcomes).toEqual([
      [3, 'winner'],
      [5, 'newer_rule'],
      [4, 'lower_priority'],
      [2, 'less_specific'],
      [1, 'less_specific'],
      [6, 'inactive'],
    ]);
    expect(ruleOutcomes([all], item, true)).toEqual([{ rule: all, outcome: 'overridden_by_fixed_price' }]);
  });
});
