import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCartActions } from '../../features/cart/hooks/use-cart.ts';
import { CatalogPage } from '../../features/catalog/components/catalog-page.tsx';
import { useSamePageNavigationCount } from '../navigation-key.ts';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/` and `/products` (specification section 2): the product listing, on the countries view
 * (`/products?view=all`: the general plan list). Entering either path starts from a fresh page
 * state, so the search and bundle-type filters are cleared: the page is keyed by the URL and by
 * the count of links followed to the page already shown (the header's Products or logo clicked
 * on `/products` with a region chosen or a search typed; issue 13 defect 4), and such a click
 * also scrolls back to the top.
 */
export function ProductsRoute() {
  const [location] = useLocation();
  const search = useSearch();
  const samePage = useSamePageNavigationCount();
  const { addItem } = useCartActions();
  // `/` is the home page; `/products` has its own title (issue 13 defect 5).
  usePageMeta({ kind: location === '/products' ? 'products' : 'default' });
  useEffect(() => {
    if (samePage > 0 && !window.location.hash) window.scrollTo(0, 0);
  }, [samePage]);
  const allPlans = new URLSearchParams(search).get('view') === 'all';
  return (
    <CatalogPage
      key={`${location}?${search}#${samePage}`}
      initialView={allPlans ? 'products' : 'countries'}
      onAddToCart={(product) => addItem({ productId: product.productId, quantity: 1, product })}
    />
  );
}
