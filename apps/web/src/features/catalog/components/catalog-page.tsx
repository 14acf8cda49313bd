import type { Country, Product } from '@esim/contract/catalog';
import { useProducts } from '../api/get-products.ts';
import type { CatalogView } from '../hooks/catalog-state.ts';
import { useCatalogLanguage } from '../hooks/use-catalog-language.ts';
import { useCatalogState } from '../hooks/use-catalog-state.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { CountriesView } from './countries-view.tsx';
import { ProductsView } from './products-view.tsx';

/** Delay before the plan search text is sent to the API. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The products page (specification sections 2 and 4): the countries view, or the products view
 * for a selected destination (`/{lang}/{slug}`) or for every plan ('Browse all plans').
 * Plans are fetched only while the products view is shown or a destination is selected
 * (section 7); the plan search text goes to the API after 250 ms.
 */
export function CatalogPage({
  destination,
  initialView = 'countries',
  onAddToCart,
}: {
  destination?: Country | undefined;
  /** The view to start on when no destination is given ('products' = the general list). */
  initialView?: CatalogView;
  /**
   * Puts one of a plan in the cart from its card (issue 13). The route hands in the cart's add
   * (`useCart().addItem`), as for the details page, so that this feature does not depend on the
   * cart feature; omitted, the cards have no add button.
   */
  onAddToCart?: ((product: Product) => void) | undefined;
}) {
  const lang = useCatalogLanguage();
  const { state, chooseRegion, reset, browseAll, setTab, setDestinationQuery, setFilter, clearFilters } =
    useCatalogState(destination, initialView);
  const q = useDebouncedValue(state.filters.q, SEARCH_DEBOUNCE_MS);
  const products = useProducts(
    { country: destination?.code, q },
    { enabled: state.view === 'products' || state.country !== null },
  );

  if (state.view === 'countries') {
    return (
      <CountriesView
        lang={lang}
        tab={state.tab}
        region={state.region}
        query={state.destinationQuery}
        onQueryChange={setDestinationQuery}
        onTabChange={setTab}
        onRegionChange={chooseRegion}
        onBrowseAll={browseAll}
      />
    );
  }
  return (
    <ProductsView
      destination={destination}
      products={products}
      filters={state.filters}
      onFilterChange={setFilter}
      onClearFilters={clearFilters}
      onReset={reset}
      onAddToCart={onAddToCart}
    />
  );
}
