import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { HttpError, apiFetch } from '../../../lib/api-client.ts';

/** Toast timings of specification section 9: success 3000 ms after a 100 ms delay, error 4000 ms. */
export const ADD_SUCCESS_DELAY_MS = 100;
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;

/** Body of `POST /api/cart` (specification section 7). */
export interface AddToCartInput {
  productId: number;
  quantity: number;
}

/**
 * Adds a plan to the visitor's server-side cart: `POST /api/cart {productId, quantity}`.
 * @throws Error 'Failed to add item to cart: <status>: <reason>' (specification section 8).
 */
export async function addToCart(input: AddToCartInput): Promise<unknown> {
  try {
    return await apiFetch<unknown>('/api/cart', { method: 'POST', json: input });
  } catch (error) {
    const reason =
      error instanceof HttpError
        ? `${error.status}: ${error.serverMessage ?? error.body}`
        : String((error as Error).message ?? error);
    throw new Error(`Failed to add item to cart: ${reason}`, { cause: error });
  }
}

/**
 * The add-to-cart mutation of the product page. Success: refreshes `['/api/cart']` and shows
 * 'Added to Cart' after 100 ms for 3000 ms; failure: 'Error' / 'Failed to add item to cart.
 * Please try again.' for 4000 ms (specification sections 8 and 9).
 */
export function useAddToCart() {
  const { t } = useTranslation('catalog');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (_data, input) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/cart'] });
      window.setTimeout(() => {
        toast.success(t('toast.added.title'), {
          description: t('toast.added.description', { count: input.quantity }),
          duration: SUCCESS_TOAST_MS,
        });
      }, ADD_SUCCESS_DELAY_MS);
    },
    onError: (error) => {
      console.error(error);
      toast.error(t('toast.addFailed.title'), {
        description: t('toast.addFailed.description'),
        duration: ERROR_TOAST_MS,
      });
    },
  });
}
