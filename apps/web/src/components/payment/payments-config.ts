import type { PaymentsConfig } from '@esim/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/** The query key of {@link usePaymentsConfig}. */
export const PAYMENTS_CONFIG_KEY = ['/api/payments/config'] as const;

/**
 * How this store takes payments (`GET /api/payments/config`; `paymentsConfigSchema` of
 * `@esim/contract/payments`): the card provider (`sandbox` card fields or Stripe's Payment
 * Element with its publishable key and Stripe.js URL), whether PayPal is offered, and who
 * simulates or serves the wallets. Static for the life of the server (it sends
 * `Cache-Control: max-age=300`), so it is read once per page load (`staleTime: Infinity`).
 *
 * @returns TanStack Query's result; `data` is undefined while loading or after an error
 *   (`HttpError` or a network error), which the payment fields show with a retry.
 */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: PAYMENTS_CONFIG_KEY,
    queryFn: ({ signal }) => apiFetch<PaymentsConfig>('/api/payments/config', { signal }),
    staleTime: Infinity,
    retry: 2,
  });
}
