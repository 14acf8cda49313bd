import { apiFetch } from '../../../lib/api-client.ts';
import { cartRequestError } from './cart-error.ts';

/**
 * Empties the visitor's cart: `DELETE /api/cart`, answered 204.
 *
 * @throws Error 'Failed to clear cart: <status>: <reason>'.
 */
export async function clearCart(): Promise<void> {
  try {
    await apiFetch<void>('/api/cart', { method: 'DELETE' });
  } catch (error) {
    throw cartRequestError('Failed to clear cart', error);
  }
}
