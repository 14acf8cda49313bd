import type { BundleType } from '@esim/contract/catalog';
import { type RegionName, isRegionName } from '@esim/contract/regions';

/** The two views of the products page. */
export type CatalogView = 'countries' | 'products';

/** Destination tabs of the countries view; `local` is the default. */
export type DestinationTab = 'local' | 'regional' | 'global';

export const DESTINATION_TABS: readonly DestinationTab[] = ['local', 'regional', 'global'];

/** Price bands in US cents: budget < $10, mid-range $10–$25, premium > $25. */
export type PriceBand = 'all' | 'budget' | 'mid' | 'premium';
/** Data bands: up to 3 GB, 5–10 GB, 20 GB and more, unlimited. */
export type DataBand = 'all' | 'small' | 'medium' | 'large' | 'unlimited';
/** Validity bands: up to 7 days, 8–15 days, 30 days and more. */
export type ValidityBand = 'all' | 'short' | 'medium' | 'long';

/** Filters of the products view. `q` goes to the API; the others are applied in the browser. */
export interface PlanFilters {
  q: string;
  type: 'all' | BundleType;
  price: PriceBand;
  data: DataBand;
  validity: ValidityBand;
}

export const EMPTY_FILTERS: PlanFilters = { q: '', type: 'all', price: 'all', data: 'all', validity: 'all' };

/** State of the products page. */
export interface CatalogState {
  view: CatalogView;
  tab: DestinationTab;
  /** Region remembered after choosing a region name; filters the local destinations. */
  region: RegionName | null;
  /** Slug of the selected destination, or `null` for the country list / general plan list. */
  country: string | null;
  /** Text typed into the destination search box of the countries view. */
  destinationQuery: string;
  filters: PlanFilters;
}

export type CatalogAction =
  | { type: 'chooseRegion'; region: RegionName }
  | { type: 'clearRegion' }
  | { type: 'selectCountry'; slug: string }
  | { type: 'setTab'; tab: DestinationTab }
  | { type: 'browseAll' }
  | { type: 'setDestinationQuery'; query: string }
  | { type: 'setFilter'; filters: Partial<PlanFilters> }
  | { type: 'clearFilters' }
  | { type: 'reset' };

/** The countries view on the local tab with nothing selected or filtered (also what reset returns to). */
export const INITIAL_CATALOG_STATE: CatalogState = {
  view: 'countries',
  tab: 'local',
  region: null,
  country: null,
  destinationQuery: '',
  filters: EMPTY_FILTERS,
};

/**
 * Initial state: the products view of one destination when a slug is given (`/{lang}/{slug}`),
 * otherwise the given view (the general plan list is `/products?view=all`).
 */
export function initialCatalogState({
  country = null,
  view = 'countries',
}: { country?: string | null; view?: CatalogView } = {}): CatalogState {
  return country ? { ...INITIAL_CATALOG_STATE, view: 'products', country } : { ...INITIAL_CATALOG_STATE, view };
}

/**
 * State transitions of the products page:
 * - choosing a region name keeps the countries view, clears the selected country, sets the tab
 *   to local and remembers the region;
 * - selecting any other destination selects it and shows the products view;
 * - reset clears country, region and filters and returns to the countries view on the local tab.
 */
export function catalogReducer(state: CatalogState, action: CatalogAction): CatalogState {
  switch (action.type) {
    case 'chooseRegion':
      return { ...state, view: 'countries', country: null, tab: 'local', region: action.region };
    case 'clearRegion':
      return { ...state, region: null };
    case 'selectCountry':
      return { ...state, view: 'products', country: action.slug };
    case 'setTab':
      return { ...state, tab: action.tab };
    case 'browseAll':
      return { ...state, view: 'products', country: null };
    case 'setDestinationQuery':
      return { ...state, destinationQuery: action.query };
    case 'setFilter':
      return { ...state, filters: { ...state.filters, ...action.filters } };
    case 'clearFilters':
      return { ...state, filters: EMPTY_FILTERS };
    case 'reset':
      return INITIAL_CATALOG_STATE;
  }
}

/** The action for a chosen value: a region name gives `chooseRegion`, anything else `selectCountry`. */
export function chooseAction(value: string): CatalogAction {
  return isRegionName(value) ? { type: 'chooseRegion', region: value } : { type: 'selectCountry', slug: value };
}

/** Whether any filter other than the defaults is set. */
export function hasActiveFilters(filters: PlanFilters): boolean {
  return (Object.keys(EMPTY_FILTERS) as (keyof PlanFilters)[]).some((key) => filters[key] !== EMPTY_FILTERS[key]);
}

/** The filters kept in the phone's filter sheet: everything but the search text. */
export const SHEET_FILTER_KEYS = [
  'type',
  'price',
  'data',
  'validity',
] as const satisfies readonly (keyof PlanFilters)[];

/**
 * How many of the four sheet filters (plan type, price range, data amount, validity) differ from
 * 'all': the count the phone's 'Filters' button shows. The search text is not counted, as it stays
 * on screen next to the button.
 */
export function activeFilterCount(filters: PlanFilters): number {
  return SHEET_FILTER_KEYS.filter((key) => filters[key] !== EMPTY_FILTERS[key]).length;
}
