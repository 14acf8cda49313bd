import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './catalog-state.ts';
import { plan } from './plan-fixture.test-support.ts';
import { applyPlanFilters, dataBand, groupPlans, priceBand, validityBand } from './plan-filters.ts';

describe('plan filters', () => {
  it('bands prices, data and validity', () => {
    expect([priceBand(999), priceBand(1000), priceBand(2500), priceBand(2501)]).toEqual([
      'budget',
      'mid',
      'mid',
      'premium',
    ]);
    expect([dataBand(1024), dataBand(3072), dataBand(5120), dataBand(10240), dataBand(20480), dataBand(null)]).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'large',
      'unlimited',
    ]);
    expect([validityBand(7), validityBand(15), validityBand(30)]).toEqual(['short', 'medium', 'long']);
  });

  it('applies type, price, data and validity together', () => {
    const list = [plan(1, 1024, 7, 399), plan(2, 20480, 30, 3999), plan(3, null, 7, 1599, 'unlimited')];
    expect(applyPlanFilters(list, { ...EMPTY_FILTERS, type: 'unlimited' }).map((p) => p.productId)).toEqual([3]);
    expect(applyPlanFilters(list, { ...EMPTY_FILTERS, price: 'premium' }).map((p) => p.productId)).toEqual([2]);
    expect(
      applyPlanFilters(list, { ...EMPTY_FILTERS, validity: 'short', data: 'small' }).map((p) => p.productId),
    ).toEqual([1]);
  });

  it('sorts prepaid by data then validity and unlimited by validity', () => {
    const list = [
      plan(1, 5120, 7, 900),
      plan(2, 1024, 30, 800),
      plan(3, 1024, 7, 400),
      plan(4, null, 30, 3000, 'unlimited'),
      plan(5, null, 7, 2000, 'unlimited_plus'),
      plan(6, null, 7, 1500, 'unlimited'),
    ];
    const { prepaid, unlimited } = groupPlans(list);
    expect(prepaid.map((p) => p.productId)).toEqual([3, 2, 1]);
    expect(unlimited.map((p) => p.productId)).toEqual([6, 5, 4]);
  });
});
