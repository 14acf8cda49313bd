import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../../../lib/when-idle.ts';
import { browserCatalogueStore } from './last-known-catalogue.ts';

/**
 * A catalogue query's result, with the last known catalogue standing in when the load failed:
 * `isFallback` is true while `data` is that stand-in (the notice 'Showing sample plans
 * while we update our database' is then shown), and the result then reads as a success so that
 * pages render the plans instead of their error state. `error` still says why the load failed.
 */
export type CatalogueQueryResult<T> = UseQueryResult<T, Error> & { isFallback: boolean };

/**
 * What storage held for each key when first asked, read once per page: a stable value for
 * `useSyncExternalStore`, and no repeated parsing on each render of a failed page. A newer answer
 * saved by this page replaces it.
 */
const recalledByKey = new Map<string, unknown>();

function recallOnce<T>(key: string, isValid: (data: unknown) => data is T): T | undefined {
  if (!recalledByKey.has(key)) recalledByKey.set(key, browserCatalogueStore()?.recall(key, isValid)?.data);
  return recalledByKey.get(key) as T | undefined;
}

function remember(key: string, data: unknown): void {
  if (browserCatalogueStore()?.remember(key, data)) recalledByKey.set(key, data);
}

/** Storage is not watched: a failed page reads it once. */
const subscribeNever = () => () => {};

/**
 * Keeps the last successful answer of a catalogue query in the browser (`remember`: false for
 * answers not worth keeping, e.g. searches) and, when the query fails with nothing to show,
 * substitutes the last known answer of the same key. A failed refetch that
 * still has its earlier data shows that data as the fallback too.
 *
 * Storage is read only after a load has failed in the browser (a `useSyncExternalStore` snapshot
 * whose server snapshot is empty) and written in an idle callback after a successful one, so the
 * server render and the first browser render agree.
 */
export function useLastKnown<T>(
  query: UseQueryResult<T, Error>,
  queryKey: readonly unknown[],
  isValid: (data: unknown) => data is T,
  { remember: keep = true }: { remember?: boolean } = {},
): CatalogueQueryResult<T> {
  const key = JSON.stringify(queryKey);
  const { data, isSuccess, isError, isPlaceholderData, dataUpdatedAt } = query;
  const fresh = isSuccess && !isPlaceholderData && data !== undefined;
  const failedEmpty = isError && data === undefined;

  useEffect(() => {
    if (!fresh || !keep) return;
    return whenIdle(() => remember(key, data));
    // `dataUpdatedAt` marks a new answer; `data` of the same answer is the same object.
  }, [fresh, keep, key, dataUpdatedAt, data]);

  // Read in the browser only, and only once a load has failed (never during hydration).
  const recalled = useSyncExternalStore(
    subscribeNever,
    () => (failedEmpty && keep ? recallOnce(key, isValid) : undefined),
    () => undefined,
  );

  const standIn = isError ? (data ?? recalled) : undefined;
  return withOverrides(
    query,
    standIn === undefined
      ? { isFallback: false }
      : { isFallback: true, data: standIn, isError: false, isSuccess: true, status: 'success' },
  );
}

/**
 * `query` with some properties read from `overrides`. A proxy rather than a copy: TanStack Query
 * re-renders only for the properties a component reads, and a copy would read them all.
 */
function withOverrides<T>(
  query: UseQueryResult<T, Error>,
  overrides: Record<string, unknown>,
): CatalogueQueryResult<T> {
  return new Proxy(query, {
    get: (target, property, receiver) =>
      typeof property === 'string' && Object.hasOwn(overrides, property)
        ? overrides[property]
        : Reflect.get(target, property, receiver),
  }) as CatalogueQueryResult<T>;
}
