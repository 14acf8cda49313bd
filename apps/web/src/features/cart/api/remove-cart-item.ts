import { HttpError, apiFetch } from '../../../lib/api-client.ts';
import { cartRequestError } from './cart-error.ts';

/**
 * Removes one cart line: `DELETE /api/cart/{itemId}`, answered 204. A line that is already gone
 * (404) counts as removed.
 *
 * @throws Error 'Failed to remove item from cart: <status>: <reason>',
 *   after logging the response body.
 */
export async function removeCartItem(itemId: number): Promise<void> {
  try {
    await apiFetch<void>(`/api/cart/${itemId}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return;
    if (error instanceof HttpError) console.error('Failed to remove item from cart:', error.body);
    throw cartRequestError('Failed to remove item from cart', error);
  }
}
