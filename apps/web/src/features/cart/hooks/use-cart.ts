import type { Cart, CartItem } from '@esim/contract/cart';
import { createContext, useContext } from 'react';
import type { AddItemInput } from './optimistic-cart.ts';

/** What {@link useCart} gives: the server-side cart (optimistic while changes are in flight) and its changes. */
export interface CartContextValue {
  /** The cart; `undefined` until the first `GET /api/cart` answers. */
  cart: Cart | undefined;
  items: readonly CartItem[];
  /** Sum of quantities (the header badge). */
  totalCount: number;
  /** Sum of quantity x price in US cents, skipping lines whose product is gone. */
  totalCents: number;
  /** First load still running. */
  isLoading: boolean;
  /** The cart could not be fetched (`error` says why). */
  isError: boolean;
  error: Error | null;
  /** A request for the cart is running (first load, refetch or retry). */
  isFetching: boolean;
  /** Fetches the cart again (the error state's retry). */
  refetch: () => void;
  /** Adds a plan (`POST /api/cart`); toasts 'Added to Cart' or the add failure. */
  addItem: (input: AddItemInput) => void;
  isAdding: boolean;
  /** Sets a line's quantity (`PATCH /api/cart/{id}`); 0 or less removes the line. */
  updateQuantity: (itemId: number, quantity: number) => void;
  /** Removes a line (`DELETE /api/cart/{id}`); a line already gone counts as removed. */
  removeItem: (itemId: number) => void;
  /** Empties the cart (`DELETE /api/cart`). */
  clearCart: () => void;
  isClearing: boolean;
}

/** The cart context; `null` outside a {@link CartProvider}. */
export const CartContext = createContext<CartContextValue | null>(null);

/** The cart's changes alone (see {@link useCartActions}). */
export type CartActions = Pick<CartContextValue, 'addItem' | 'updateQuantity' | 'removeItem' | 'clearCart' | 'refetch'>;

/** The cart's changes context; `null` outside a {@link CartProvider}. Its value never changes. */
export const CartActionsContext = createContext<CartActions | null>(null);

/**
 * The cart's changes without its contents: the same functions for the life of the store, so a
 * component that only adds to the cart (a catalogue page and its plan cards) does not re-render
 * each time the cart changes (a re-render of a country page's plans took about 35 ms at
 * full speed, four times that on a slow phone).
 *
 * @throws Error 'useCartActions must be used within a CartProvider' outside the provider.
 */
export function useCartActions(): CartActions {
  const value = useContext(CartActionsContext);
  if (!value) throw new Error('useCartActions must be used within a CartProvider');
  return value;
}

/**
 * The visitor's cart and its changes.
 *
 * @throws Error 'useCart must be used within a CartProvider' outside the provider.
 */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
