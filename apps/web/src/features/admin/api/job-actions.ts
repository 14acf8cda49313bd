import type { JobActionResponse } from '@esim/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { jobs } from './get-jobs.ts';

/** What the admin can do to a job. */
export type JobAction = 'retry' | 'cancel';

/**
 * Retries a failed or cancelled job now (`POST /api/admin/jobs/{id}/retry`) or cancels a queued or
 * failed one (`POST /api/admin/jobs/{id}/cancel`).
 * @returns the job after the change.
 * @throws HttpError 404; 409 `job_not_retryable`, `job_running`, `job_not_cancellable`; 401, 403;
 *   or a network error (TypeError).
 */
export function runJobAction(id: number, action: JobAction): Promise<JobActionResponse> {
  return apiFetch<JobActionResponse>(`/api/admin/jobs/${id}/${action}`, { method: 'POST' });
}

/** A job action; the jobs screen (and the dashboard's counts) are read again afterwards. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: JobAction }) => runJobAction(id, action),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: jobs.key }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/dashboard'] }),
      ]);
    },
  });
}
