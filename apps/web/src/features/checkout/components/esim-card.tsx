import { installDetailsOf } from '@esim/contract/esim-activation';
import type { OrderEsim } from '@esim/contract/order';
import { useTranslation } from 'react-i18next';
import { EsimInstallDetails } from '../../../components/esim/esim-install.tsx';
import { cn } from '../../../lib/cn.ts';

/** eSIM statuses with a translation; others are shown as the provider sends them. */
const KNOWN_STATUSES = [
  'ready',
  'assigned',
  'active',
  'pending',
  'expired',
  'archived',
  'released',
  'installed',
  'refunded',
];

const statusTone: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-200',
  archived: 'bg-slate-100 text-slate-700 ring-slate-200',
  pending: 'bg-sky-50 text-sky-800 ring-sky-200',
  // As the portal's Refunded badge.
  refunded: 'bg-red-50 text-red-800 ring-red-200',
};

interface EsimCardProps {
  esim: OrderEsim;
  /** The plan's name in the interface language, e.g. 'Turkey 1GB, 7 days'. */
  planName: string;
  number: number;
  total: number;
}

/**
 * One delivered eSIM on the order confirmation: its
 * number, plan and status above the shared install details (QR code, ICCID, SM-DP+ address,
 * matching id and activation code with copy buttons, 'Download QR', 'Add to iPhone', 'Install
 * on Android' and install steps). An eSIM of a refunded order comes without its install
 * details (`OrderEsim`, status 'Refunded'): its number, plan, status and ICCID only (the
 * section above it says why).
 */
export function EsimCard({ esim, planName, number, total }: EsimCardProps) {
  const { t } = useTranslation(['checkout', 'esim']);
  const headingId = `esim-${esim.iccid}`;
  const statusKey = esim.status.toLowerCase();
  const status = KNOWN_STATUSES.includes(statusKey) ? t(`esims.statuses.${statusKey}`) : esim.status;
  const install = installDetailsOf(esim);
  const header = (
    <>
      <p className="text-sm font-medium text-slate-600">{t('esims.count', { number, total })}</p>
      <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-bold break-words text-ink">
          {planName}
        </h3>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            statusTone[statusKey] ?? 'bg-brand-50 text-brand-800 ring-brand-200',
          )}
        >
          <span className="sr-only">{t('esims.status')}: </span>
          {status}
        </span>
      </div>
    </>
  );
  return (
    <li className="break-inside-avoid">
      <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {install ? (
          <EsimInstallDetails esim={install} header={header} />
        ) : (
          <>
            {header}
            <p className="mt-3 text-sm text-slate-600">
              {t('esim:iccid')} <span className="font-mono break-all text-slate-700">{esim.iccid}</span>
            </p>
          </>
        )}
      </article>
    </li>
  );
}
