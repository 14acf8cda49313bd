import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toastAdminFailure } from '../admin-error.ts';

/** A keyset-paged admin list as its screen shows it (see {@link useAdminList}). */
export interface AdminListState<TPage, TItem> {
  /** The list's query, one page per "Load more". */
  query: UseInfiniteQueryResult<InfiniteData<TPage, unknown>, Error>;
  /** The rows of every page read so far, in order. */
  items: TItem[];
  /** The first page (it carries the list's counts and totals), once read. */
  first: TPage | undefined;
}

/**
 * The rows of a keyset-paged admin list read by `query` (`pick` gives a page's rows). With
 * `pageErrorTitle`, a failed "Load more" keeps the rows already shown and says so in an error
 * toast with that title, once per failure.
 */
export function useAdminList<TPage, TItem>(
  query: UseInfiniteQueryResult<InfiniteData<TPage, unknown>, Error>,
  pick: (page: TPage) => readonly TItem[],
  pageErrorTitle?: string,
): AdminListState<TPage, TItem> {
  const { t } = useTranslation('admin');
  const pageError = query.isFetchNextPageError ? query.error : null;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (pageErrorTitle && pageError && reported.current !== pageError) {
      reported.current = pageError;
      toastAdminFailure(pageErrorTitle, pageError, t('offline'));
    }
  }, [pageError, pageErrorTitle, t]);
  return { query, items: query.data?.pages.flatMap((page) => pick(page)) ?? [], first: query.data?.pages[0] };
}
