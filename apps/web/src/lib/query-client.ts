import { QueryClient } from '@tanstack/react-query';

/** Ten minutes, the staleness of products and countries: the catalogue changes with syncs and prices only. */
export const CATALOGUE_STALE_MS = 10 * 60 * 1000;

/**
 * TanStack Query defaults: no refetch on window focus, no polling, no retries for queries or
 * mutations, never stale by default. Each query states its own staleness (catalogue 10 minutes,
 * cart 0), and a failure is shown to the visitor rather than retried behind their back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchInterval: false, retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
