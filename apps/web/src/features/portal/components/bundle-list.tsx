import type { PortalBundle } from '@esim/contract/portal';
import { CalendarDays, PackagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Destination, splitBundles } from '../hooks/portal-format.ts';
import { usePortalFormat } from '../hooks/use-portal-format.ts';
import { BundleStateBadge } from './badges.tsx';
import { UsageMeter } from './usage-meter.tsx';

interface BundleListProps {
  bundles: readonly PortalBundle[];
  /** Interface language, for the dates and plan names. */
  language: string;
  /** A destination code's name in the interface language, for the plan names. */
  destinationOf: (code: string) => Destination;
}

/**
 * An eSIM's bundles: the main bundle, then the top-ups in the order they were added, each with its
 * state, allowance, validity, dates and usage.
 */
export function BundleList({ bundles, language, destinationOf }: BundleListProps) {
  const { t } = useTranslation('portal');
  const { main, topups } = splitBundles(bundles);
  return (
    <div className="space-y-5">
      {main && (
        <div>
          <h5 className="text-sm font-semibold text-slate-700">{t('bundles.main')}</h5>
          <ul className="mt-2">
            <BundleRow bundle={main} language={language} destinationOf={destinationOf} />
          </ul>
        </div>
      )}
      <div>
        <h5 className="text-sm font-semibold text-slate-700">{t('bundles.additional')}</h5>
        {topups.length === 0 ? (
          <p className="mt-2 flex items-center gap-2 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">
            <PackagePlus aria-hidden="true" className="size-4 shrink-0" />
            {t('bundles.noTopups')}
          </p>
        ) : (
          <ul className="mt-2 space-y-2">
            {topups.map((bundle) => (
              <BundleRow key={bundle.id} bundle={bundle} language={language} destinationOf={destinationOf} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * One bundle: allowance and validity, its plan's name, state, start and end (or 'Not started yet') and usage.
 * A refunded bundle shows no usage (no data is left to use) and its dates only if it had started.
 */
function BundleRow({ bundle, language, destinationOf }: { bundle: PortalBundle } & Omit<BundleListProps, 'bundles'>) {
  const { t } = useTranslation('portal');
  const format = usePortalFormat(language);
  const started = format.date(bundle.startedAt);
  const ends = format.date(bundle.expiresAt);
  const refunded = bundle.state === 'refunded';
  return (
    <li className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">
            {format.bundleData(bundle)} · {format.validity(bundle.validityDays)}
          </p>
          <p className="mt-0.5 text-xs break-words text-slate-600">
            {format.planName(bundle, destinationOf(bundle.countryCode))}
          </p>
        </div>
        <BundleStateBadge state={bundle.state} />
      </div>
      {(started || !refunded) && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {started ? <span>{t('bundles.started', { date: started })}</span> : <span>{t('bundles.waiting')}</span>}
          {ends && <span>{t('bundles.ends', { date: ends })}</span>}
        </p>
      )}
      {!refunded && (
        <div className="mt-3">
          <UsageMeter usage={bundle.usage} label={t('usage.label')} size="sm" />
        </div>
      )}
    </li>
  );
}
