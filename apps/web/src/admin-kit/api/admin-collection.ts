import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { type CursorPage, type ParamValue, pagePath, useCursorPages } from './cursor-pages.ts';

/**
 * The calls and queries of an admin list of records under `path`, in the admin API's usual shape:
 * `GET path?<filters>&cursor=` (a page, newest first), `GET path/{id}` (one record in full) and
 * `PATCH path/{id}` (a change, answered with the record as it now is). Everything is cached under
 * `key` (`[path]`), so invalidating `key` refreshes the whole screen. `params(filters)` gives the
 * list's query parameters for the screen's filters.
 */
export function adminCollection<TFilters, TPage extends CursorPage, TRecord extends { id: number }>(
  path: string,
  params: (filters: TFilters) => Record<string, ParamValue>,
) {
  const key = [path] as const;
  const listKey = [...key, 'list'] as const;
  const recordKey = (id: number | null) => [...key, 'record', id] as const;

  /**
   * Reads the page of the list after `cursor` (`null`: the first).
   * @throws HttpError 400 (a filter the server refuses), 401, 403; or a network error (TypeError).
   */
  const getPage = (filters: TFilters, cursor: string | null, signal?: AbortSignal): Promise<TPage> =>
    apiFetch<TPage>(pagePath(path, { ...params(filters), cursor }), { signal });

  /**
   * Reads one record in full.
   * @throws HttpError 404 (no such record), 400 (a malformed id), 401, 403; or a network error.
   */
  const getRecord = (id: number, signal?: AbortSignal): Promise<TRecord> =>
    apiFetch<TRecord>(`${path}/${id}`, { signal });

  /**
   * Changes one record with the fields of `body`.
   * @returns the record as it now is.
   * @throws HttpError 404, 400, 401, 403 (also `csrf_rejected`); or a network error.
   */
  const patchRecord = (id: number, body: object): Promise<TRecord> =>
    apiFetch<TRecord>(`${path}/${id}`, { method: 'PATCH', json: body });

  return {
    key,
    getPage,
    getRecord,
    patchRecord,
    /** The list for `filters` with "Load more" pages. */
    useList: (filters: TFilters) =>
      useCursorPages([...listKey, filters], (cursor, signal) => getPage(filters, cursor, signal)),
    /** One record when `id` is set (a side panel's content), read again each time it opens. */
    useRecord: (id: number | null) =>
      useQuery({
        queryKey: recordKey(id),
        queryFn: ({ signal }) => getRecord(id!, signal),
        enabled: id !== null,
        staleTime: 0,
      }),
    /** A change of one record (`{ id, ...fields }`): the answer replaces the record shown, and the lists are read again. */
    useChange: <TBody extends object>() => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, ...body }: { id: number } & TBody) => patchRecord(id, body),
        onSuccess: (record) => queryClient.setQueryData(recordKey(record.id), record),
        onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
      });
    },
  };
}
