import type { Country, Product } from '@esim/contract/catalog';
import { useProducts } from '../api/get-products.ts';
import { useCatalogState } from '../hooks/use-catalog-state.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { ProductsView } from './products-view.tsx';

/** Delay before the plan search text is sent to the API (ms). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The products view: the plans of one destination
 * (`/{lang}/{slug}`), or every plan (`/products?view=all`, no `destination`), with the filters.
 * The plan search text goes to the API after 250 ms; the other filters apply in the browser.
 */
export function PlansPage({
  destination,
  onAddToCart,
}: {
  /** The selected destination; omitted for the general list. */
  destination?: Country | undefined;
  /**
   * Puts one of a plan in the cart from its card. The route hands in the cart's add
   * (`useCartActions().addItem`), as for the details page, so that this feature does not depend
   * on the cart feature; omitted, the cards have no add button.
   */
  onAddToCart?: ((product: Product) => void) | undefined;
}) {
  const { state, reset, setFilter, clearFilters } = useCatalogState(destination, 'products');
  const q = useDebouncedValue(state.filters.q, SEARCH_DEBOUNCE_MS);
  const products = useProducts({ country: destination?.code, q });
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
