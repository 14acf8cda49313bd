import type { Cart } from '@esim/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { i18n } from '../../../lib/i18n.ts';
import { ADD_SUCCESS_DELAY_MS, showToast } from '../../../lib/toast.ts';
import { settleNow } from '../../../lib/when-idle.ts';
import { addToCart } from '../api/add-to-cart.ts';
import { failureReason } from '../api/cart-error.ts';
import { clearCart } from '../api/clear-cart.ts';
import { CART_QUERY_KEY } from '../api/get-cart.ts';
import { removeCartItem } from '../api/remove-cart-item.ts';
import { updateCartItem } from '../api/update-cart-item.ts';
import * as OptimisticCart from './optimistic-cart.ts';

/** Every cart change carries this key, so the last one to settle can refetch the cart. */
const CART_MUTATION_KEY = ['cart'] as const;

/**
 * The cart namespace's texts for a toast. Loaded on demand: the provider sits above the
 * Suspense boundary and must never suspend the whole store for its toasts.
 */
async function cartText() {
  await i18n.loadNamespaces('cart');
  return i18n.getFixedT(null, 'cart');
}

/** The reason shown in a failure toast: the server's message or status, else 'check your connection'. */
async function reasonOf(error: unknown): Promise<string> {
  return failureReason(error) ?? (await cartText())('toast.network');
}

/**
 * One optimistic cart change: `apply` updates the cached cart at once
 * (after cancelling a fetch in flight that would overwrite it), an error puts the previous cart
 * back, and when the last change in flight settles the cart is refetched. Changes share one
 * mutation scope, so their requests reach the server one after another, in order.
 */
function useCartMutation<V>({
  mutationFn,
  apply,
  onSuccess,
  onError,
}: {
  mutationFn: (variables: V) => Promise<unknown>;
  apply: (cart: Cart, variables: V) => Cart;
  onSuccess?: (variables: V) => void;
  onError: (error: Error, variables: V) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_MUTATION_KEY,
    scope: { id: 'cart' },
    mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: CART_QUERY_KEY });
      const previous = queryClient.getQueryData<Cart>(CART_QUERY_KEY);
      if (previous) queryClient.setQueryData<Cart>(CART_QUERY_KEY, apply(previous, variables));
      return { previous };
    },
    onSuccess: (_data, variables) => onSuccess?.(variables),
    onError: (error, variables, context) => {
      if (context?.previous) queryClient.setQueryData<Cart>(CART_QUERY_KEY, context.previous);
      onError(error, variables);
    },
    onSettled: () => {
      // Still counts itself: refetch only once no other change is waiting or running.
      if (queryClient.isMutating({ mutationKey: CART_MUTATION_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      }
    },
  });
}

/**
 * The cart's add, update, remove and clear changes with their toasts: 'Added to Cart' 100 ms after an add (3000 ms, with a link to the cart), 'Error' / 'Failed
 * to add item to cart. Please try again.', 'Failed to update quantity: {message}', 'Failed to
 * clear cart: {message}' and 'Error' / the remove failure (4000 ms). Returns the `actions` (the
 * same object for the life of the store, so that a page that only changes the cart does not
 * re-render when the cart does) and whether an add or a clear is running.
 */
export function useCartMutations() {
  const [, navigate] = useLocation();
  const nextTempId = useRef(-1);

  const add = useCartMutation<OptimisticCart.AddItemInput & { tempId: number }>({
    mutationFn: ({ productId, quantity }) => addToCart({ productId, quantity: quantity ?? 1 }),
    apply: (cart, input) => OptimisticCart.applyAdd(cart, input, input.tempId),
    onSuccess: ({ quantity }) => {
      window.setTimeout(() => {
        void cartText().then((t) =>
          showToast('success', t('toast.added.title'), {
            description: t('toast.added.description', { count: quantity ?? 1 }),
            action: { label: t('toast.added.viewCart'), onClick: () => navigate('/cart') },
          }),
        );
      }, ADD_SUCCESS_DELAY_MS);
    },
    onError: (error) => {
      console.error(error);
      void cartText().then((t) => showToast('error', t('toast.error'), { description: t('toast.addFailed') }));
    },
  });

  const update = useCartMutation<{ itemId: number; quantity: number }>({
    mutationFn: ({ itemId, quantity }) => updateCartItem(itemId, quantity),
    apply: (cart, { itemId, quantity }) => OptimisticCart.applyUpdate(cart, itemId, quantity),
    onError: (error) => {
      console.error(error);
      void Promise.all([cartText(), reasonOf(error)]).then(([t, message]) =>
        showToast('error', t('toast.updateFailed', { message })),
      );
    },
  });

  const remove = useCartMutation<number>({
    mutationFn: removeCartItem,
    apply: (cart, itemId) => OptimisticCart.applyRemove(cart, itemId),
    onError: (error) => {
      console.error(error);
      void Promise.all([cartText(), reasonOf(error)]).then(([t, message]) =>
        showToast('error', t('toast.error'), { description: t('toast.removeFailed', { message }) }),
      );
    },
  });

  const clear = useCartMutation<void>({
    mutationFn: clearCart,
    apply: (cart) => OptimisticCart.applyClear(cart),
    onError: (error) => {
      console.error(error);
      void Promise.all([cartText(), reasonOf(error)]).then(([t, message]) =>
        showToast('error', t('toast.clearFailed', { message })),
      );
    },
  });

  const { mutate: addMutate, isPending: isAdding } = add;
  const { mutate: updateMutate } = update;
  const { mutate: removeMutate } = remove;
  const { mutate: clearMutate, isPending: isClearing } = clear;
  // `mutate` is stable for the life of a mutation hook, so the actions are made once.
  const actions = useMemo<CartMutationActions>(
    () => ({
      addItem: (input: OptimisticCart.AddItemInput) => {
        // A change before the page settled: the cart is fetched now (lib/when-idle.ts).
        settleNow();
        addMutate({ ...input, tempId: nextTempId.current-- });
      },
      // A line with a negative id is still being added (optimistic-cart.ts): the server does not know it yet.
      updateQuantity: (itemId: number, quantity: number) => {
        if (itemId < 0) return;
        if (quantity <= 0) removeMutate(itemId);
        else updateMutate({ itemId, quantity });
      },
      removeItem: (itemId: number) => {
        if (itemId > 0) removeMutate(itemId);
      },
      clearCart: () => clearMutate(),
    }),
    [addMutate, updateMutate, removeMutate, clearMutate],
  );
  return { actions, isAdding, isClearing };
}

/** The cart's changes, the same functions for the life of the store (see {@link useCartMutations}). */
export interface CartMutationActions {
  addItem: (input: OptimisticCart.AddItemInput) => void;
  updateQuantity: (itemId: number, quantity: number) => void;
  removeItem: (itemId: number) => void;
  clearCart: () => void;
}
