import { cn } from '../../lib/cn.ts';

/** A loading spinner with an accessible label (shown while a lazy screen or its data loads). */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center py-16', className)}>
      <span
        aria-hidden="true"
        className="size-9 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
