import type { Usage } from '@esim/contract/portal';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { usageFigures } from '../hooks/usage.ts';

const barColour = { ok: 'bg-brand-600', low: 'bg-amber-500', critical: 'bg-red-600' } as const;

interface UsageMeterProps {
  usage: Usage;
  /** Accessible name of the bar, e.g. 'Data used'. */
  label: string;
  /** `lg` for the eSIM, `sm` for one bundle. */
  size?: 'lg' | 'sm';
}

/**
 * Data use as a bar (role `progressbar`, 0-100, its value text in words) with the percentage,
 * used and remaining data (bytes shown in MB or GB, `docs/product-rules.md#plan-names-and-data-amounts-on-screen`). Unlimited plans have no allowance to fill: they show
 * 'Unlimited' and the data used, without a bar.
 */
export function UsageMeter({ usage, label, size = 'lg' }: UsageMeterProps) {
  const { t } = useTranslation('portal');
  const id = useId();
  const figures = usageFigures(usage);
  if (figures.unlimited || figures.percent === null) {
    return (
      <p className={cn('flex flex-wrap items-baseline gap-x-2', size === 'lg' ? 'text-base' : 'text-sm')}>
        <span className={cn('font-bold text-ink', size === 'lg' && 'text-2xl tracking-tight')}>
          {t('usage.unlimited')}
        </span>
        <span className="text-slate-600">{t('usage.used', { amount: figures.used })}</span>
      </p>
    );
  }
  const valueText = t('usage.valueText', { percent: figures.percent, used: figures.used, total: figures.total });
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p id={`${id}-label`} className={cn('font-semibold text-ink', size === 'lg' ? 'text-base' : 'text-sm')}>
          {size === 'lg' ? (
            <span className="text-2xl font-bold tracking-tight">
              {t('usage.percent', { percent: figures.percent })}
            </span>
          ) : (
            t('usage.percent', { percent: figures.percent })
          )}
        </p>
        <p className={cn('text-slate-600', size === 'lg' ? 'text-sm' : 'text-xs')}>
          {t('usage.remaining', { amount: figures.remaining })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={figures.percent}
        aria-valuetext={valueText}
        className={cn(
          'mt-2 overflow-hidden rounded-full bg-slate-100 ring-1 ring-inset ring-slate-200',
          size === 'lg' ? 'h-3' : 'h-2',
        )}
      >
        <div
          className={cn('h-full rounded-full transition-[width]', barColour[figures.level])}
          style={{ width: `${figures.percent}%` }}
        />
      </div>
      <p className={cn('mt-1.5 text-slate-600', size === 'lg' ? 'text-sm' : 'text-xs')}>
        {t('usage.usedOfTotal', { used: figures.used, total: figures.total })}
      </p>
    </div>
  );
}
