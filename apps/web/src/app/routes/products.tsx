import { useLocation } from 'wouter';
import { CountriesPage } from '../../features/catalog/components/countries-page.tsx';
import { useSamePageNavigationCount, useScrollToTopOnRepeat } from '../navigation-key.ts';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/` and `/products` (`docs/product-rules.md#storefront-pages`): the countries view of the product listing
 * (`/products?view=all`, the general plan list, is {@link AllPlansRoute}). Entering either path
 * starts from a fresh page state, so the destination search and region are cleared: the page is
 * keyed by the URL and by the count of links followed to the page already shown (the header's
 * Products or logo clicked on `/products` with a region chosen or a search typed), and such a
 * click also scrolls back to the top.
 */
export function ProductsRoute() {
  const [location] = useLocation();
  const samePage = useSamePageNavigationCount();
  // `/` is the home page; `/products` has its own title.
  usePageMeta({ kind: location === '/products' ? 'products' : 'default' });
  useScrollToTopOnRepeat(samePage);
  return <CountriesPage key={`${location}#${samePage}`} />;
}
