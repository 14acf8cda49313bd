import type { Country } from '@esim/contract/catalog';
import type { RegionName } from '@esim/contract/regions';
import { useCallback, useReducer } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type CatalogView,
  type DestinationTab,
  type PlanFilters,
  catalogReducer,
  chooseAction,
  initialCatalogState,
} from './catalog-state.ts';
import { ALL_PLANS_SEARCH } from '../all-plans-search.ts';

/**
 * State of the products page with its navigation:
 * choosing a region name stays on the countries view (local tab, region remembered); choosing a
 * country, a regional or the Global destination is a link to `/{lang}/{slug}`, whose route
 * selects it (`destination`) and shows the products view; reset clears everything and goes to
 * `/products`. 'Browse all plans' opens the general list at `/products?view=all`, so the
 * header's Products link and the back button return to the countries view.
 */
export function useCatalogState(destination?: Country, initialView: CatalogView = 'countries') {
  const [state, dispatch] = useReducer(
    catalogReducer,
    { country: destination?.slug ?? null, view: initialView },
    initialCatalogState,
  );
  const [location, navigate] = useLocation();
  const search = useSearch();

  const chooseRegion = useCallback((region: RegionName | null) => {
    dispatch(region ? chooseAction(region) : { type: 'clearRegion' });
  }, []);

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    if (location !== '/products' || search !== '') navigate('/products');
    window.scrollTo(0, 0);
  }, [location, search, navigate]);

  const browseAll = useCallback(() => {
    dispatch({ type: 'browseAll' });
    navigate(`/products?${ALL_PLANS_SEARCH}`);
    window.scrollTo(0, 0);
  }, [navigate]);

  const setTab = useCallback((tab: DestinationTab) => dispatch({ type: 'setTab', tab }), []);
  const setDestinationQuery = useCallback((query: string) => dispatch({ type: 'setDestinationQuery', query }), []);
  const setFilter = useCallback((filters: Partial<PlanFilters>) => dispatch({ type: 'setFilter', filters }), []);
  const clearFilters = useCallback(() => dispatch({ type: 'clearFilters' }), []);

  return {
    state,
    chooseRegion,
    reset,
    browseAll,
    setTab,
    setDestinationQuery,
    setFilter,
    clearFilters,
  };
}
