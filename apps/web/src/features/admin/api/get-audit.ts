import type { AuditPage } from '@esim/contract/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The audit log's filters. */
export interface AuditFilters {
  q: string;
  /** Hide reads (GET). */
  changesOnly: boolean;
}

/**
 * Reads one page of the audit log (`GET /api/admin/audit`), newest first.
 * @throws HttpError 400, 401, 403; or a network error (TypeError).
 */
export function getAudit(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.changesOnly) params.set('changes', 'true');
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<AuditPage>(`/api/admin/audit${query ? `?${query}` : ''}`, { signal });
}

/** The audit log with "load more" pages; read again on each visit. */
export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['/api/admin/audit', filters],
      queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  );
}
