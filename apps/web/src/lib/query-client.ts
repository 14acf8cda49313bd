import { QueryClient } from '@tanstack/react-query';

/** Ten minutes, the staleness of products and countries (specification section 9). */
export const CATALOGUE_STALE_MS = 10 * 60 * 1000;

/**
 * TanStack Query defaults from specification section 9: no refetch on window focus, no
 * polling, no retries for queries or mutations, never stale by default.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchInterval: false, retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
