import type { Country, Product } from '@esim/contract/catalog';
import { useState } from 'react';
import { useProducts } from '../api/get-products.ts';
import { usePlanListPreview } from '../api/plan-list-preview.ts';
import { hasActiveFilters } from '../hooks/catalog-state.ts';
import { useCatalogState } from '../hooks/use-catalog-state.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { ProductsView } from './products-view.tsx';

/** Delay before the plan search text is sent to the API (ms). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * The products view: the plans of one destination
 * (`/{lang}/{slug}`), or every plan (`/products?view=all`, no `destination`), with the filters.
 * The plan search text goes to the API after 250 ms; the other filters apply in the browser.
 *
 * A server-rendered general list starts from the server's preview (its first page and its filter
 * counts) and fetches every plan only once the visitor filters or asks for more (decision record
 * 0028).
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
  const preview = usePlanListPreview();
  const [wantAll, setWantAll] = useState(false);
  // The preview stands for the unfiltered general list only; a filter or 'Show more' loads it all.
  const previewFits = !destination && !q && !hasActiveFilters({ ...state.filters, q: '' });
  const products = useProducts({ country: destination?.code, q }, { enabled: !(previewFits && preview && !wantAll) });
  return (
    <ProductsView
      destination={destination}
      products={products}
      preview={previewFits ? preview : undefined}
      onShowMore={() => {
        setWantAll(true);
        if (products.isError) void products.refetch();
      }}
      filters={state.filters}
      onFilterChange={setFilter}
      onClearFilters={clearFilters}
      onReset={reset}
      onAddToCart={onAddToCart}
    />
  );
}
