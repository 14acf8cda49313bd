import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ORDERS_KEY } from '../api/get-orders.ts';

/**
 * A mutation of the order screen (status, notify, note, resend, retry, token) that refreshes what
 * the admin orders screens show, list and order, once it succeeds. Never retried: a change the
 * server may have made must not be made twice.
 */
export function useOrderAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  });
}
