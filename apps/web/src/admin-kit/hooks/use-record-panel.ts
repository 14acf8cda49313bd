import { useRef } from 'react';
import type { ParamValue } from '../api/cursor-pages.ts';
import type { QueryLike } from '../components/query-state.tsx';

/** The attribute of a list row that opens a record in a side panel: the record's id. */
export const RECORD_ROW_ATTRIBUTE = 'data-record-id';

/** A side panel that shows one record of a list, kept in the address as `?id=`. */
export interface RecordPanelState<T> {
  /** The record shown; `null`: the panel is closed. */
  id: number | null;
  /** The record's read (nothing is read while closed). */
  query: QueryLike<T>;
  /** Opens record `id` (a new history entry, so the back button closes it again). */
  open: (id: number) => void;
  close: () => void;
  /** The row that opened the panel, where focus goes back on closing; `null` when a link opened it. */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The side panel of a list screen whose view lives in the address: `id` is the record the
 * address names, `patch` the screen's address writer (`useAddressView`), `records` where the
 * record is read (an `adminCollection`).
 */
export function useRecordPanel<T>(
  patch: (next: Record<string, ParamValue>, push?: boolean) => void,
  id: number | null,
  records: { useRecord: (id: number | null) => QueryLike<T> },
): RecordPanelState<T> {
  const openedFrom = useRef<number | null>(null);
  const query = records.useRecord(id);
  return {
    id,
    query,
    open: (next) => {
      openedFrom.current = next;
      patch({ id: next }, true);
    },
    close: () => patch({ id: null }, true),
    returnFocusTo: () =>
      openedFrom.current === null
        ? null
        : document.querySelector<HTMLElement>(`[${RECORD_ROW_ATTRIBUTE}="${openedFrom.current}"]`),
  };
}
