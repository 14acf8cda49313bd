import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** One card of the profile page: a level-2 heading, a lead, its content; labelled by its heading. */
export function ProfileSection({
  id,
  title,
  lead,
  aside,
  children,
  className,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  /** Something at the heading's end (a status badge). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn('min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
          {title}
        </h2>
        {aside}
      </div>
      {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
