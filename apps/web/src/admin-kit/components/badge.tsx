import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The colours of a {@link Badge}; each pairs text and background above WCAG AA contrast. */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
};

/** A small status pill (order, payment, e-mail, job status). */
export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** The tone of an order status. */
export function orderStatusTone(status: string): BadgeTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'processing':
    case 'processed':
    case 'shipped':
    case 'created':
      return 'info';
    case 'pending':
      return 'warning';
    case 'cancelled':
    case 'refunded':
      return 'neutral';
    default:
      return 'neutral';
  }
}
