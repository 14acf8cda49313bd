import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { cartQueryOptions } from '../api/get-cart.ts';
import { CartContext, type CartContextValue } from '../hooks/use-cart.ts';
import { useCartMutations } from '../hooks/use-cart-mutations.ts';

/**
 * Provides the visitor's cart to the whole store (specification sections 4, 7, 8): the
 * `['/api/cart']` query, always stale and never retried, and its optimistic changes. Never
 * suspends, so it can sit above the store's Suspense boundary; read it with `useCart()`.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const query = useQuery(cartQueryOptions());
  const mutations = useCartMutations();
  const { data: cart, isPending, isError, error, isFetching, refetch } = query;
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
      refetch: () => void refetch(),
      ...mutations,
    }),
    [cart, isPending, isError, error, isFetching, refetch, mutations],
  );
  return <CartContext value={value}>{children}</CartContext>;
}
