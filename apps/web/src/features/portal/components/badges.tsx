import type { EsimDisplayState, PortalBundleState, PortalOrder } from '@esim/contract/portal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

type Tone = 'green' | 'blue' | 'teal' | 'violet' | 'amber' | 'grey' | 'red';

const tones: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  blue: 'bg-sky-50 text-sky-800 ring-sky-200',
  teal: 'bg-brand-50 text-brand-800 ring-brand-200',
  violet: 'bg-violet-50 text-violet-800 ring-violet-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
};

/** A pill with a coloured dot: the text carries the meaning, the colour only repeats it. */
function Badge({ tone, label, children }: { tone: Tone; label: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      <span className="sr-only">{label}: </span>
      <span>{children}</span>
    </span>
  );
}

const ESIM_TONE: Record<EsimDisplayState, Tone> = {
  Active: 'green',
  Pending: 'blue',
  Ready: 'teal',
  Assigned: 'violet',
  Expired: 'grey',
  Archived: 'grey',
  // As the order status 'refunded' (below): money went back, the eSIM is no longer usable.
  Refunded: 'red',
};

/** An eSIM's display state (`docs/product-rules.md#customer-portal-and-access-tokens`), translated. */
export function EsimStateBadge({ state }: { state: EsimDisplayState }) {
  const { t } = useTranslation('portal');
  return (
    <Badge tone={ESIM_TONE[state] ?? 'grey'} label={t('esim.status')}>
      {t(`esim.states.${state}`, { defaultValue: state })}
    </Badge>
  );
}

const BUNDLE_TONE: Record<PortalBundleState, Tone> = {
  active: 'green',
  queued: 'violet',
  pending: 'blue',
  inactive: 'amber',
  expired: 'grey',
  refunded: 'red',
};

/** A bundle's state, translated. */
export function BundleStateBadge({ state }: { state: PortalBundleState }) {
  const { t } = useTranslation('portal');
  return (
    <Badge tone={BUNDLE_TONE[state] ?? 'grey'} label={t('bundles.status')}>
      {t(`bundles.states.${state}`, { defaultValue: state })}
    </Badge>
  );
}

const ORDER_TONE: Record<PortalOrder['status'], Tone> = {
  pending: 'amber',
  created: 'amber',
  processing: 'blue',
  processed: 'green',
  shipped: 'green',
  completed: 'green',
  cancelled: 'grey',
  refunded: 'red',
};

/** An order's status (`docs/product-rules.md#order-statuses`), translated. */
export function OrderStatusBadge({ status }: { status: PortalOrder['status'] }) {
  const { t } = useTranslation('portal');
  return (
    <Badge tone={ORDER_TONE[status] ?? 'grey'} label={t('orders.status')}>
      {t(`orders.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
