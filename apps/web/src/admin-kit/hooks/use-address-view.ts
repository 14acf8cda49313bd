import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ParamValue } from '../api/cursor-pages.ts';

/** Longest search text a list's address keeps (`?q=`), as the admin API accepts. */
const MAX_QUERY = 200;

/** The search text of a list's address (`?q=`), at most 200 characters; `''` when none. */
export function readQuery(params: URLSearchParams): string {
  return (params.get('q') ?? '').slice(0, MAX_QUERY);
}

/** The parameter `name` when it is one of `choices`, else `''` (an old or hand-edited link never breaks a screen). */
export function readChoice<C extends string>(params: URLSearchParams, name: string, choices: readonly C[]): C | '' {
  const value = params.get(name) ?? '';
  return (choices as readonly string[]).includes(value) ? (value as C) : '';
}

/** The record open in a side panel (`?id=`): a positive whole number of at most 10 digits, else `null`. */
export function readRecordId(params: URLSearchParams): number | null {
  const raw = params.get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * The view of an admin screen kept in its address, so that the back button and a shared link
 * keep it: `view` is `read(search)` (`read` must be a stable, module-level function), `show`
 * goes to `path` with another query string, `patch` sets some parameters and removes the empty
 * ones (`null`, `undefined`, `''`, `false`), keeping the rest. Both replace the history entry
 * unless `push` (opening a record is a step the back button undoes; a filter is not).
 */
export function useAddressView<T>(path: string, read: (search: string) => T) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => read(search), [read, search]);
  const show = (query: string, push = false) => navigate(`${path}${query ? `?${query}` : ''}`, { replace: !push });
  const patch = (next: Record<string, ParamValue>, push = false) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === undefined || value === '' || value === false) params.delete(key);
      else params.set(key, String(value));
    }
    show(params.toString(), push);
  };
  return { view, show, patch };
}

/** What {@link useAddressView} returns. */
export type AddressView<T> = ReturnType<typeof useAddressView<T>>;
