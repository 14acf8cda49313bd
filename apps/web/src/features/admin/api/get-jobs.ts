import type { AdminJob, JobsPage } from '@esim/contract/admin';
import { adminCollection } from '../../../admin-kit/api/admin-collection.ts';

/** The job states the jobs screen lists, one tab each. */
export type JobTab = 'failed' | 'queued' | 'running' | 'cancelled';

/**
 * The background jobs (`GET /api/admin/jobs?status=`): pages of one state's jobs, newest first,
 * with the counts by state; payloads come summarised, secrets hidden. The dashboard's job counts
 * are cached apart.
 */
export const jobs = adminCollection<JobTab, JobsPage, AdminJob>('/api/admin/jobs', (status) => ({ status }));
