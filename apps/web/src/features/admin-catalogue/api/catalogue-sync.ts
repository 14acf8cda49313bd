import type { StartSyncResponse, SyncRunDetail, SyncRunResponse, SyncStatus } from '@esim/contract/admin-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The owner key of the catalogue sync screen. */
export const SYNC_KEY = ['/api/admin/catalogue-sync'] as const;

/** How often the screen reads the run in progress, ms, so that its progress bar moves live. */
export const SYNC_POLL_MS = 1_000;

/**
 * The run in progress, the last 20 runs and the schedule (`GET /api/admin/catalogue-sync`).
 * @throws HttpError 401, 403; or a network error (TypeError).
 */
export function getSyncStatus(signal?: AbortSignal): Promise<SyncStatus> {
  return apiFetch<SyncStatus>('/api/admin/catalogue-sync', { signal });
}

/**
 * The sync status, read again every second while a run is queued or running (TanStack Query
 * `refetchInterval` only then), and on each visit.
 */
export function useSyncStatus() {
  return useQuery<SyncStatus>({
    queryKey: SYNC_KEY,
    queryFn: ({ signal }) => getSyncStatus(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.current ? SYNC_POLL_MS : false),
  });
}

/**
 * One run with its report (`GET /api/admin/catalogue-sync/{id}`); a finished run's report never
 * changes, so it is kept.
 * @throws HttpError 404, 401, 403; or a network error (TypeError).
 */
export function getSyncRun(id: number, signal?: AbortSignal): Promise<SyncRunDetail> {
  return apiFetch<SyncRunResponse>(`/api/admin/catalogue-sync/${id}`, { signal }).then((r) => r.run);
}

/** The report of run `id` once it is finished (`id` null: none). */
export function useSyncRun(id: number | null, finished: boolean) {
  return useQuery<SyncRunDetail>({
    queryKey: [...SYNC_KEY, id],
    queryFn: ({ signal }) => getSyncRun(id!, signal),
    enabled: id !== null && finished,
    staleTime: Infinity,
  });
}

/**
 * Starts a sync (`POST /api/admin/catalogue-sync {reprice}`).
 * @returns the queued run.
 * @throws HttpError 409 `sync_in_progress` while one is queued or running; 401, 403; or a network error.
 */
export function startSync(reprice: boolean): Promise<StartSyncResponse> {
  return apiFetch<StartSyncResponse>('/api/admin/catalogue-sync', { method: 'POST', json: { reprice } });
}

/** Starting a sync; the status is read again afterwards (success or 409 alike). */
export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reprice: boolean) => startSync(reprice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SYNC_KEY, exact: true }),
  });
}
