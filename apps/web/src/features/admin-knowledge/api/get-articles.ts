import type { KbListResponse } from '@esim/contract/knowledge-base';
import { useCursorPages } from '../../../admin-kit/api/cursor-pages.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { type KbFilters, writeKbFilters } from '../hooks/kb-filters.ts';
import { kbListKey } from './kb-keys.ts';

/** Articles per page of the list. */
export const ARTICLES_PAGE_SIZE = 25;

/**
 * One page of the knowledge-base articles (`GET /api/admin/knowledge-base/articles`), newest
 * updated first: the view's search, language and published filters, after `cursor` (the previous
 * page's `nextCursor`).
 * @returns `{ articles, nextCursor, total }` (each article without its body, with an excerpt).
 * @throws HttpError 400 (a filter the server refuses, naming it), 401, 403; or a network error (TypeError).
 */
export function getArticles(filters: KbFilters, cursor: string | null, signal?: AbortSignal): Promise<KbListResponse> {
  const params = new URLSearchParams(writeKbFilters(filters));
  params.delete('tab');
  params.set('limit', String(ARTICLES_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch<KbListResponse>(`/api/admin/knowledge-base/articles?${params.toString()}`, { signal });
}

/** The list with "Load more" pages for a view (the tab aside); read again on each visit. */
export function useArticles(filters: KbFilters) {
  const key = { q: filters.q, language: filters.language, published: filters.published };
  return useCursorPages(kbListKey(key), (cursor, signal) => getArticles(filters, cursor, signal));
}
