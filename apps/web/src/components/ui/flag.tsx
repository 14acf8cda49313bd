import { Globe2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/**
 * A country flag from the flag-icons SVGs served at `/flags/4x3/{code}.svg`, or a globe for
 * regions and Global. Decorative: the name is always next to it.
 */
export function Flag({ code, className }: { code: string | null; className?: string }) {
  if (!code) {
    return (
      <span
        aria-hidden="true"
        className={cn('inline-flex items-center justify-center rounded-sm bg-brand-100 text-brand-700', className)}
      >
        <Globe2 className="size-3/4" />
      </span>
    );
  }
  return (
    <img
      src={`/flags/4x3/${code.toLowerCase()}.svg`}
      alt=""
      aria-hidden="true"
      loading="lazy"
      decoding="async"
      width={40}
      height={30}
      className={cn('rounded-sm object-cover shadow-sm ring-1 ring-black/5', className)}
    />
  );
}
