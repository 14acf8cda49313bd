import type { Product } from '@esim/contract/catalog';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type PlanFilters } from '../hooks/catalog-state.ts';
import { applyPlanFilters } from '../hooks/plan-filters.ts';
import { plan } from '../hooks/plan-fixture.test-support.ts';
import { PLAN_LIST_PAGE_SIZE, planListPreview, previewCount } from './plan-list-preview.ts';

/** A catalogue with every data size, validity and a spread of prices, as the seeded one. */
const PLANS: Product[] = [];
for (const dataMb of [1024, 3072, 5120, 10240, 20480, 51200, null]) {
  for (const days of [1, 3, 7, 15, 30]) {
    for (const priceCents of [450, 999, 1000, 2500, 2501, 7900])
      PLANS.push(plan(PLANS.length + 1, dataMb, days, priceCents, dataMb === null ? 'unlimited' : null));
  }
}

const OPTIONS = {
  type: ['all', 'prepaid', 'unlimited'],
  price: ['all', 'budget', 'mid', 'premium'],
  data: ['all', 'small', 'medium', 'large', 'unlimited'],
  validity: ['all', 'short', 'medium', 'long'],
} as const;

describe('the general plan list preview', () => {
  const preview = planListPreview(PLANS);

  it('holds the first page of plans in the list order', () => {
    expect(preview.plans.map((p) => p.productId)).toEqual(PLANS.slice(0, PLAN_LIST_PAGE_SIZE).map((p) => p.productId));
  });

  it('counts what the filters leave exactly as filtering the whole list does, for every combination', () => {
    let combinations = 0;
    for (const type of OPTIONS.type) {
      for (const price of OPTIONS.price) {
        for (const data of OPTIONS.data) {
          for (const validity of OPTIONS.validity) {
            const filters: PlanFilters = { ...EMPTY_FILTERS, type, price, data, validity };
            expect(previewCount(preview, filters), JSON.stringify(filters)).toBe(
              applyPlanFilters(PLANS, filters).length,
            );
            combinations++;
          }
        }
      }
    }
    expect(combinations).toBe(240);
    expect(previewCount(preview, EMPTY_FILTERS)).toBe(PLANS.length);
  });

  it('is small: a few dozen counts, whatever the size of the list', () => {
    expect(Object.keys(preview.bandCounts).length).toBeLessThanOrEqual(2 * 3 * 4 * 3);
  });
});
