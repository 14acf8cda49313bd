import type { Cart } from '@esim/contract/cart';
import { apiFetch } from '../../../lib/api-client.ts';
import { cartRequestError } from './cart-error.ts';

/**
 * Sets the quantity of one cart line: `PATCH /api/cart/{itemId} {quantity}`; 0 or less removes
 * the line. Answers with the whole cart.
 *
 * @throws Error 'Failed to update cart item: <status>: <reason>'.
 */
export async function updateCartItem(itemId: number, quantity: number): Promise<Cart> {
  try {
    return await apiFetch<Cart>(`/api/cart/${itemId}`, { method: 'PATCH', json: { quantity } });
  } catch (error) {
    throw cartRequestError('Failed to update cart item', error);
  }
}
