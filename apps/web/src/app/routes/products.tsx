import { useLocation, useSearch } from 'wouter';
import { CatalogPage } from '../../features/catalog/components/catalog-page.tsx';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/` and `/products` (specification section 2): the product listing, on the countries view
 * (`/products?view=all`: the general plan list). Entering either path starts from a fresh page
 * state, so the search and bundle-type filters are cleared (the page is keyed by the URL).
 */
export function ProductsRoute() {
  const [location] = useLocation();
  const search = useSearch();
  usePageMeta({ kind: 'default' });
  const allPlans = new URLSearchParams(search).get('view') === 'all';
  return <CatalogPage key={`${location}?${search}`} initialView={allPlans ? 'products' : 'countries'} />;
}
