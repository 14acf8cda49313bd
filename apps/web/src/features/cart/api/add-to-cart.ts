import type { AddToCartBody, Cart } from '@esim/contract/cart';
import { apiFetch } from '../../../lib/api-client.ts';
import { cartRequestError } from './cart-error.ts';

/**
 * Adds `quantity` (default 1) of a plan to its cart line: `POST /api/cart
 * {productId, quantity}`, answered 201 with the whole cart.
 *
 * @throws Error 'Failed to add item to cart: <status>: <reason>'.
 */
export async function addToCart(body: AddToCartBody): Promise<Cart> {
  try {
    return await apiFetch<Cart>('/api/cart', { method: 'POST', json: { quantity: 1, ...body } });
  } catch (error) {
    throw cartRequestError('Failed to add item to cart', error);
  }
}
