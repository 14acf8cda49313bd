import type { Dashboard } from '@esim/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The browser's IANA time zone (`Europe/Istanbul`), `UTC` when it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Reads the dashboard in time zone `tz` (`GET /api/admin/dashboard?tz=`): revenue and orders
 * today, 7 and 30 days (cents), sales per day, orders that need attention, the newest orders and
 * the jobs by state.
 * @throws HttpError 400 (`tz` unknown to the server), 401, 403; or a network error (TypeError).
 */
export function getDashboard(tz: string, signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch<Dashboard>(`/api/admin/dashboard?tz=${encodeURIComponent(tz)}`, { signal });
}

/** The dashboard query: read again on each visit (figures move), never polled or retried. */
export function useDashboard(tz: string) {
  return useQuery(
    queryOptions({
      queryKey: ['/api/admin/dashboard', tz],
      queryFn: ({ signal }) => getDashboard(tz, signal),
      staleTime: 0,
    }),
  );
}
