import { useLocation } from 'wouter';
import { useCartActions } from '../../features/cart/hooks/use-cart.ts';
import { PlansPage } from '../../features/catalog/components/plans-page.tsx';
import { useSamePageNavigationCount, useScrollToTopOnRepeat } from '../navigation-key.ts';
import { usePageMeta } from '../page-meta.tsx';

/**
 * `/products?view=all` (and `/?view=all`): the general plan list, 24 plans at a time with the
 * filters. A link to the page shown starts it afresh, like {@link ProductsRoute}.
 */
export function AllPlansRoute() {
  const [location] = useLocation();
  const samePage = useSamePageNavigationCount();
  const { addItem } = useCartActions();
  usePageMeta({ kind: 'products' });
  useScrollToTopOnRepeat(samePage);
  return (
    <PlansPage
      key={`${location}#${samePage}`}
      onAddToCart={(product) => addItem({ productId: product.productId, quantity: 1, product })}
    />
  );
}
