import type { Product } from '@esim/contract/catalog';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { PlanFilters } from '../hooks/catalog-state.ts';
import { dataBand, priceBand, validityBand } from '../hooks/plan-filters.ts';

/** Plans the general list shows at first, and adds with each 'Show more'. */
export const PLAN_LIST_PAGE_SIZE = 24;

/**
 * What a server-rendered general plan list (`/products?view=all`) hands to the browser instead of
 * every plan (3,500 plans are about 3 MB of JSON, which the phone would parse before it could
 * hydrate anything; decision record 0028): the first page of plans in the list's order, and how
 * many plans carry each combination of filter bands, which answers every result count the filters
 * can ask for. The whole list is fetched when the visitor asks for more or filters.
 */
export interface PlanListPreview {
  /** The list's first {@link PLAN_LIST_PAGE_SIZE} plans, in the order of `GET /api/products`. */
  plans: Product[];
  /** Number of plans per band combination, keyed `type|price|data|validity` (see {@link bandKey}). */
  bandCounts: Record<string, number>;
}

/** The query key the preview lives under; it has no fetch of its own (only the server fills it). */
export const PLAN_LIST_PREVIEW_KEY = ['plan-list-preview'] as const;

/** The band combination of one plan, as {@link PlanListPreview.bandCounts} keys it. */
function bandKey(product: Product): string {
  const { features } = product;
  return [
    features.bundleType,
    priceBand(product.priceCents),
    dataBand(features.dataMb),
    validityBand(features.validityDays),
  ].join('|');
}

/** The preview of a whole plan list (`products` in the API's order). Used by the server render. */
export function planListPreview(products: readonly Product[]): PlanListPreview {
  const bandCounts: Record<string, number> = {};
  for (const product of products) {
    const key = bandKey(product);
    bandCounts[key] = (bandCounts[key] ?? 0) + 1;
  }
  return { plans: products.slice(0, PLAN_LIST_PAGE_SIZE), bandCounts };
}

/**
 * How many plans of the previewed list `filters` leave (their `q` is ignored: a search goes to the
 * API), the same number `applyPlanFilters` gives on the whole list.
 */
export function previewCount(preview: PlanListPreview, filters: PlanFilters): number {
  let count = 0;
  for (const [key, n] of Object.entries(preview.bandCounts)) {
    const [type, price, data, validity] = key.split('|');
    if (
      (filters.type === 'all' || filters.type === type) &&
      (filters.price === 'all' || filters.price === price) &&
      (filters.data === 'all' || filters.data === data) &&
      (filters.validity === 'all' || filters.validity === validity)
    ) {
      count += n;
    }
  }
  return count;
}

/**
 * The preview the server rendered the general plan list from, or `undefined` (the page was not
 * server-rendered, or its preview was dropped from the cache). Never fetched by the browser.
 */
export function usePlanListPreview(): PlanListPreview | undefined {
  return useQuery<PlanListPreview>({ queryKey: PLAN_LIST_PREVIEW_KEY, queryFn: skipToken }).data;
}
