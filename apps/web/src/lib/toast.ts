import type { ExternalToast } from 'sonner';

/** Toast timings (`docs/product-rules.md#storefront-pages`): success 3000 ms, error 4000 ms. */
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;
/** The delay before the 'Added to Cart' toast, ms: the header badge moves first. */
export const ADD_SUCCESS_DELAY_MS = 100;

type Listener = () => void;

/** Whether a toast was asked for yet; the listeners that wait for the first request. */
let requested = false;
const listeners = new Set<Listener>();

/**
 * Calls `listener` once, when the first toast is asked for ({@link showToast}, or
 * {@link requestToastRegion}); at once (synchronously) when that already happened. The toast
 * region (`app/toaster.tsx`) loads the toast library then, rather than with the page.
 * Returns the function that stops listening.
 */
export function onToastRegionRequested(listener: Listener): () => void {
  if (requested) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks for the toast region: the first call tells the {@link onToastRegionRequested} listeners,
 * later calls do nothing. For code that is about to show a toast by another way than
 * {@link showToast}.
 */
export function requestToastRegion(): void {
  if (requested) return;
  requested = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

/**
 * Shows a success or error toast, loading the toast library on first use so that code in the
 * initial bundle (the cart provider) does not pull it in, and asking for the toast region
 * ({@link requestToastRegion}), which shows the toast as soon as it is there (sonner replays the
 * toasts created before its `Toaster` subscribed). Defaults to the kind's duration; `options`
 * are sonner's (`description`, `id`...). Rejects when the library cannot be loaded.
 */
export async function showToast(kind: 'success' | 'error', title: string, options: ExternalToast = {}): Promise<void> {
  requestToastRegion();
  const { toast } = await import('sonner');
  toast[kind](title, { duration: kind === 'success' ? SUCCESS_TOAST_MS : ERROR_TOAST_MS, ...options });
}
