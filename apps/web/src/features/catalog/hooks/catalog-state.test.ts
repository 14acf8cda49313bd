import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  INITIAL_CATALOG_STATE,
  catalogReducer,
  chooseAction,
  activeFilterCount,
  hasActiveFilters,
  initialCatalogState,
} from './catalog-state.ts';

describe('catalogReducer', () => {
  it('starts on the countries view, local tab, nothing selected', () => {
    expect(initialCatalogState()).toEqual({
      ...INITIAL_CATALOG_STATE,
      view: 'countries',
      tab: 'local',
      region: null,
      country: null,
    });
    expect(initialCatalogState({ country: 'turkey' })).toMatchObject({ view: 'products', country: 'turkey' });
    expect(initialCatalogState({ view: 'products' })).toMatchObject({ view: 'products', country: null });
  });

  it('choosing a region name keeps the countries view, clears the country, sets the local tab and remembers the region', () => {
    const from = { ...INITIAL_CATALOG_STATE, view: 'products' as const, tab: 'regional' as const, country: 'turkey' };
    expect(catalogReducer(from, chooseAction('Asia'))).toMatchObject({
      view: 'countries',
      country: null,
      tab: 'local',
      region: 'Asia',
    });
  });

  it('choosing any other value selects it and shows the products view', () => {
    expect(catalogReducer(INITIAL_CATALOG_STATE, chooseAction('turkey'))).toMatchObject({
      view: 'products',
      country: 'turkey',
    });
    expect(catalogReducer(INITIAL_CATALOG_STATE, chooseAction('global'))).toMatchObject({
      view: 'products',
      country: 'global',
    });
  });

  it('reset clears country, region and filters and returns to the local tab', () => {
    const busy = {
      view: 'products' as const,
      tab: 'global' as const,
      region: 'Africa' as const,
      country: 'kenya',
      destinationQuery: 'ke',
      filters: { ...EMPTY_FILTERS, q: 'x', type: 'unlimited' as const },
    };
    expect(catalogReducer(busy, { type: 'reset' })).toEqual(INITIAL_CATALOG_STATE);
  });

  it('tracks filters', () => {
    const s = catalogReducer(INITIAL_CATALOG_STATE, { type: 'setFilter', filters: { price: 'budget' } });
    expect(hasActiveFilters(s.filters)).toBe(true);
    expect(hasActiveFilters(catalogReducer(s, { type: 'clearFilters' }).filters)).toBe(false);
  });

  it('counts the active sheet filters, not the search text', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: 'turk' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, type: 'unlimited' })).toBe(1);
    expect(activeFilterCount({ q: 'x', type: 'prepaid', price: 'budget', data: 'small', validity: 'long' })).toBe(4);
  });
});
