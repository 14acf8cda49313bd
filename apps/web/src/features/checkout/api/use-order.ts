import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pollDelay } from '../hooks/order-progress.ts';
import { getOrder, orderQueryKey } from './get-order.ts';

/**
 * The order of the confirmation page, polled every 1.5 s while its eSIMs are being prepared,
 * for at most a minute (`order-progress.ts`); `timedOut` then says the page stopped polling and
 * `restart` polls for another minute. Time is measured at each answer (`dataUpdatedAt`), so the
 * polling and the page agree on when the minute is over.
 */
export function useOrder(orderNumber: string, accessToken: string | null, enabled = true) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: orderQueryKey(orderNumber, accessToken),
    queryFn: ({ signal }) => getOrder(orderNumber, accessToken, signal),
    enabled,
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => pollDelay(q.state.data, q.state.dataUpdatedAt - startedAt),
    refetchIntervalInBackground: false,
  });
  const { data, dataUpdatedAt, refetch } = query;
  const timedOut =
    data !== undefined && pollDelay(data, 0) !== false && pollDelay(data, dataUpdatedAt - startedAt) === false;
  const restart = () => {
    setStartedAt(Date.now());
    void refetch();
  };
  return { ...query, timedOut, restart };
}
