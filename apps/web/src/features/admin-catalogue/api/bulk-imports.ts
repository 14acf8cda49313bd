import type {
  ApplyImportResponse,
  BulkImport,
  BulkImportDetail,
  BulkImportResponse,
  BulkImportsResponse,
} from '@esim/contract/admin-catalogue';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, apiFetch, parseRetryAfter, resolveUrl } from '../../../lib/api-client.ts';
import { getSessionId } from '../../../lib/session.ts';

/** The owner key of the bulk import screen. */
export const IMPORTS_KEY = ['/api/admin/bulk-imports'] as const;

/** How often an import being applied is read again, ms (its progress bar). */
export const IMPORT_POLL_MS = 1_000;

/** Downloads the screen links to (the browser sends the admin's cookie; `Content-Disposition` names the file). */
export const TEMPLATE_URL = '/api/admin/bulk-imports/template.csv';
export const EXPORT_URL = '/api/admin/products/export.csv';
export const errorsCsvUrl = (id: number) => `/api/admin/bulk-imports/${id}/errors.csv`;

/** The 20 newest imports (`GET /api/admin/bulk-imports`). */
export function useImports() {
  return useQuery<BulkImport[]>({
    queryKey: IMPORTS_KEY,
    queryFn: ({ signal }) =>
      apiFetch<BulkImportsResponse>('/api/admin/bulk-imports', { signal }).then((r) => r.imports),
    staleTime: 0,
  });
}

/**
 * One import with its report (`GET /api/admin/bulk-imports/{id}`), read again every second while
 * it is being applied.
 */
export function useImport(id: number | null) {
  return useQuery<BulkImportDetail>({
    queryKey: [...IMPORTS_KEY, id],
    queryFn: ({ signal }) =>
      apiFetch<BulkImportResponse>(`/api/admin/bulk-imports/${id}`, { signal }).then((r) => r.import),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? IMPORT_POLL_MS : false),
  });
}

/**
 * Uploads a CSV file for its dry run (`POST /api/admin/bulk-imports?filename=`, body `text/csv`):
 * nothing changes; the report comes back.
 * @throws HttpError 400 (field `file`, a code of `IMPORT_FILE_ERROR_CODES`), 413, 401, 403; or a network error.
 */
export async function uploadImport(file: File): Promise<BulkImportDetail> {
  const response = await fetch(
    resolveUrl(`/api/admin/bulk-imports?filename=${encodeURIComponent(file.name.slice(0, 200))}`),
    {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'text/csv', 'X-Session-Id': getSessionId() },
      body: file,
    },
  );
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new HttpError(
      response.status,
      body,
      response.statusText,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  return ((await response.json()) as BulkImportResponse).import;
}

/** The dry run of a file; the new import is put in the cache and the history read again. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (detail) => queryClient.setQueryData([...IMPORTS_KEY, detail.id], detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, exact: true }),
  });
}

/**
 * Applies an import (`POST /api/admin/bulk-imports/{id}/apply`): a background job; idempotent.
 * @throws HttpError 404, 401, 403; or a network error.
 */
export function applyImport(id: number): Promise<ApplyImportResponse> {
  return apiFetch<ApplyImportResponse>(`/api/admin/bulk-imports/${id}/apply`, { method: 'POST' });
}

/** Applying; the import (now polled while applying) and the history are read again. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyImport,
    onSettled: async (_data, _error, id) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...IMPORTS_KEY, id] }),
        queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, exact: true }),
      ]);
    },
  });
}
