import type { ExternalToast } from 'sonner';

/** Toast timings of specification section 9: success 3000 ms, error 4000 ms. */
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;
/** The delay before the 'Added to Cart' toast (specification section 9). */
export const ADD_SUCCESS_DELAY_MS = 100;

/**
 * Shows a success or error toast, loading the toast library on first use so that code in the
 * initial bundle (the cart provider) does not pull it in. Defaults to the section 9 duration.
 */
export async function showToast(kind: 'success' | 'error', title: string, options: ExternalToast = {}): Promise<void> {
  const { toast } = await import('sonner');
  toast[kind](title, { duration: kind === 'success' ? SUCCESS_TOAST_MS : ERROR_TOAST_MS, ...options });
}
