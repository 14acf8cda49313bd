import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { usePageSettled } from '../../../lib/when-idle.ts';
import { cartQueryOptions } from '../api/get-cart.ts';
import { type CartActions, CartActionsContext, CartContext, type CartContextValue } from '../hooks/use-cart.ts';
import { useCartMutations } from '../hooks/use-cart-mutations.ts';

/**
 * Provides the visitor's cart to the whole store (`docs/product-rules.md#cart`): the
 * `['/api/cart']` query, always stale and never retried, and its optimistic changes. Never
 * suspends, so it can sit above the store's Suspense boundary; read it with `useCart()`, or its
 * changes alone with `useCartActions()`. The cart is fetched once the page has settled (after
 * hydration, `usePageSettled`): its answer changes this provider, above the whole page.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const query = useQuery(cartQueryOptions(usePageSettled()));
  const { actions: mutations, isAdding, isClearing } = useCartMutations();
  const { data: cart, isPending, isError, error, isFetching, refetch: refetchQuery } = query;
  const refetch = useCallback(() => void refetchQuery(), [refetchQuery]);
  const actions = useMemo<CartActions>(() => ({ ...mutations, refetch }), [mutations, refetch]);
  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      items: cart?.items ?? [],
      totalCount: cart?.totalCount ?? 0,
      totalCents: cart?.totalCents ?? 0,
      isLoading: isPending && !isError,
      isError,
      error,
      isFetching,
      isAdding,
      isClearing,
      ...actions,
    }),
    [cart, isPending, isError, error, isFetching, isAdding, isClearing, actions],
  );
  return (
    <CartActionsContext value={actions}>
      <CartContext value={value}>{children}</CartContext>
    </CartActionsContext>
  );
}
