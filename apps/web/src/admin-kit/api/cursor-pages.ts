import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** A value of an admin list's filter as the API reads it; `null`, `undefined`, `''` and `false` mean "not set". */
export type ParamValue = string | number | boolean | null | undefined;

/** One page of a keyset-paged admin list: `nextCursor` is where the next page starts, `null` on the last page. */
export interface CursorPage {
  nextCursor: string | null;
}

/**
 * `path` with the parameters that are set, in the order given, e.g.
 * `pagePath('/api/admin/emails', { q: 'ORD-1', status: '', cursor: '42' })` is
 * `/api/admin/emails?q=ORD-1&cursor=42`.
 */
export function pagePath(path: string, params: Record<string, ParamValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '' && value !== false) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * An admin list read page by page for "Load more": `fetchPage(cursor)` reads the page after
 * `cursor` (`null`: the first). Read again on each visit, since an admin expects the newest rows.
 */
export function useCursorPages<TPage extends CursorPage>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<TPage>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
