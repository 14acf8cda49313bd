import type { JobsPage } from '@esim/contract/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The job states the jobs screen lists, one tab each. */
export type JobTab = 'failed' | 'queued' | 'running' | 'cancelled';

/** The owner key of the jobs screen (lists and counts); the dashboard's job counts are separate. */
export const JOBS_KEY = ['/api/admin/jobs'] as const;

/**
 * Reads one page of jobs in `status` (`GET /api/admin/jobs`), newest first, with the counts by
 * state; payloads come summarised, secrets hidden.
 * @throws HttpError 400, 401, 403; or a network error (TypeError).
 */
export function getJobs(status: JobTab, cursor: string | null, signal?: AbortSignal): Promise<JobsPage> {
  const params = new URLSearchParams({ status });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<JobsPage>(`/api/admin/jobs?${params.toString()}`, { signal });
}

/** The jobs of one state with "load more" pages; read again on each visit. */
export function useJobs(status: JobTab) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...JOBS_KEY, status],
      queryFn: ({ pageParam, signal }) => getJobs(status, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  );
}
