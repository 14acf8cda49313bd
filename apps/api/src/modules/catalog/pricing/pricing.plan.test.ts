import { describe, expect, it } from 'vitest';
import { type PricingProduct, findLadderViolations, planRecalculation } from './pricing.plan.ts';
import type { PricingRule } from './pricing.rules.ts';

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

let nextId = 1;
const product = (p: Partial<PricingProduct>): PricingProduct => {
  const id = p.id ?? nextId++;
  return {
    id,
    apiBundleName: `bundle_${id}`,
    name: `Plan ${id}`,
    countryCode: 'IS',
    bundleType: 'prepaid',
    dataMb: 1024,
    tier: null,
    validityDays: 7,
    wholesaleCents: 100,
    priceCents: 100,
    fixedPriceCents: null,
    onSale: true,
    ...p,
  };
};

describe('planRecalculation', () => {
  it('counts changes up and down, keeps fixed prices, and lists the biggest change first', () => {
    const up = product({ wholesaleCents: 100, priceCents: 150 });
    const down = product({ wholesaleCents: 1000, priceCents: 5000 });
    const same = product({ wholesaleCents: 100, priceCents: 200 });
    const fixed = product({ wholesaleCents: 100, priceCents: 777, fixedPriceCents: 777 });
    const plan = planRecalculation([up, down, same, fixed], [rule({ markupBps: 10_000 })]);
    expect(plan.counts).toEqual({
      checked: 4,
      changed: 2,
      unchanged: 2,
      up: 1,
      down: 1,
      fixedPrice: 1,
      noRule: 0,
      belowWholesale: 0,
      ladderViolations: 0,
    });
    expect(plan.changes.map((c) => [c.productId, c.oldPriceCents, c.newPriceCents, c.ruleId])).toEqual([
      [down.id, 5000, 2000, 1],
      [up.id, 150, 200, 1],
    ]);
    expect(plan.netChangeCents).toBe(-3000 + 50);
  });

  it('sells at wholesale where no rule matches, and reports products on sale below wholesale', () => {
    const bare = product({ countryCode: 'FR', wholesaleCents: 300, priceCents: 500 });
    const cheap = product({ wholesaleCents: 300, priceCents: 250, fixedPriceCents: 250 });
    const hidden = product({ wholesaleCents: 300, priceCents: 250, fixedPriceCents: 250, onSale: false });
    const plan = planRecalculation(
      [bare, cheap, hidden],
      [rule({ scope: 'country', scopeValue: 'IS', markupBps: 5000 })],
    );
    expect(plan.counts.noRule).toBe(1);
    expect(plan.changes).toMatchObject([{ productId: bare.id, newPriceCents: 300, ruleId: null }]);
    expect(plan.belowWholesale).toMatchObject([
      { productId: cheap.id, priceCents: 250, wholesaleCents: 300, fixedPrice: true },
    ]);
    expect(plan.counts.belowWholesale).toBe(1);
  });

  it('finds ladder violations with the prices after the run', () => {
    const small = product({
      apiBundleName: 'esim_5GB_30D_IS_V2',
      dataMb: 5120,
      validityDays: 30,
      wholesaleCents: 800,
      priceCents: 1000,
    });
    const large = product({
      apiBundleName: 'esim_10GB_30D_IS_V2',
      dataMb: 10240,
      validityDays: 30,
      wholesaleCents: 1400,
      priceCents: 2000,
    });
    const bundleRule = rule({ id: 2, scope: 'bundle', scopeValue: 'esim_5GB_30D_IS_V2', markupBps: 20_000 });
    const plan = planRecalculation([small, large], [rule({ markupBps: 0 }), bundleRule]);
    expect(plan.counts.ladderViolations).toBe(1);
    expect(plan.ladderViolations).toMatchObject([
      {
        countryCode: 'IS',
        bundleType: 'prepaid',
        smaller: { productId: small.id, priceCents: 2400 },
        larger: { productId: large.id, priceCents: 1400 },
      },
    ]);
  });
});

describe('findLadderViolations', () => {
  const price = (p: PricingProduct) => p.priceCents;

  it('compares plans with at least as much data and as many days, more of one', () => {
    const a = product({ dataMb: 1024, validityDays: 7, priceCents: 500 });
    const moreDays = product({ dataMb: 1024, validityDays: 15, priceCents: 400 });
    const moreData = product({ dataMb: 3072, validityDays: 7, priceCents: 450 });
    const moreDataFewerDays = product({ dataMb: 3072, validityDays: 1, priceCents: 100 });
    const same = product({ dataMb: 1024, validityDays: 7, priceCents: 100 });
    const found = findLadderViolations([a, moreDays, moreData, moreDataFewerDays, same], price).map((v) => [
      v.smaller.productId,
      v.larger.productId,
    ]);
    expect(found).toEqual([
      [a.id, moreDays.id],
      [a.id, moreData.id],
    ]);
  });

  it('keeps destinations and bundle types apart, and ranks Unlimited Plus above Unlimited', () => {
    const lite = product({
      bundleType: 'unlimited',
      dataMb: null,
      tier: 'unlimited',
      validityDays: 7,
      priceCents: 900,
    });
    const plus = product({
      bundleType: 'unlimited',
      dataMb: null,
      tier: 'unlimited_plus',
      validityDays: 7,
      priceCents: 800,
    });
    const prepaidBig = product({ dataMb: 51_200, validityDays: 30, priceCents: 100 });
    const elsewhere = product({
      countryCode: 'FR',
      bundleType: 'unlimited',
      dataMb: null,
      tier: 'unlimited_plus',
      validityDays: 30,
      priceCents: 1,
    });
    expect(
      findLadderViolations([lite, plus, prepaidBig, elsewhere], price).map((v) => [
        v.smaller.productId,
        v.larger.productId,
      ]),
    ).toEqual([[lite.id, plus.id]]);
  });

  it('lists the largest inversion first', () => {
    const a = product({ dataMb: 1024, validityDays: 7, priceCents: 500 });
    const b = product({ dataMb: 1024, validityDays: 7, priceCents: 900, apiBundleName: 'x' });
    const c = product({ dataMb: 2048, validityDays: 7, priceCents: 100 });
    expect(findLadderViolations([a, b, c], price).map((v) => v.smaller.productId)).toEqual([b.id, a.id]);
  });
});
