import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A column of a {@link DataTable}: its header text and its header cell's classes (padding, alignment, weight). */
export interface DataColumn {
  key: string;
  label: ReactNode;
  className?: string;
}

/** The admin tables' usual look: a white box, a grey header row in small capitals, a line between rows. */
const FRAME_CLASS = 'overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';
const TABLE_CLASS = 'w-full text-left text-sm';
const HEAD_CLASS = 'border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase';
const BODY_CLASS = 'divide-y divide-slate-100';

/**
 * An admin table in a box that scrolls inside itself, never the page: a caption for screen
 * readers, one header row of `columns`, and `children` as the body's rows. `className` adds to
 * the box (e.g. `hidden md:block` where cards stand in on a phone); `frameClassName`,
 * `tableClassName`, `headClassName` and `bodyClassName` replace the usual look. With
 * `regionLabel` or `regionLabelledBy` the box is a named region that takes focus, so a keyboard
 * can scroll it.
 */
export function DataTable({
  caption,
  columns,
  className,
  frameClassName = FRAME_CLASS,
  tableClassName = TABLE_CLASS,
  headClassName = HEAD_CLASS,
  bodyClassName = BODY_CLASS,
  regionLabel,
  regionLabelledBy,
  children,
}: {
  caption: string;
  columns: readonly DataColumn[];
  className?: string;
  frameClassName?: string;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
  regionLabel?: string;
  regionLabelledBy?: string;
  children: ReactNode;
}) {
  const region = regionLabel || regionLabelledBy;
  return (
    <div
      className={cn(frameClassName, className)}
      {...(region
        ? { tabIndex: 0, role: 'region', 'aria-label': regionLabel, 'aria-labelledby': regionLabelledBy }
        : {})}
    >
      <table className={tableClassName}>
        <caption className="sr-only">{caption}</caption>
        <thead className={headClassName}>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}

/** The cards that stand in for a {@link DataTable} on a phone (hidden from `md` up), named `label`. */
export function CardList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label={label}>
      {children}
    </ul>
  );
}

/** One card of a {@link CardList}; `muted` (a draft, an inactive rule) on grey. */
export function Card({ muted = false, children }: { muted?: boolean; children: ReactNode }) {
  return (
    <li className={cn('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200', muted && 'bg-slate-50')}>
      {children}
    </li>
  );
}
