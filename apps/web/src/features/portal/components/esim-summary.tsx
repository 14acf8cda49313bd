import type { PortalEsim } from '@esim/contract/portal';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../../components/ui/flag.tsx';
import type { Destination } from '../hooks/portal-format.ts';
import { usePortalFormat } from '../hooks/use-portal-format.ts';
import { EsimStateBadge } from './badges.tsx';
import { UsageMeter } from './usage-meter.tsx';

/** The eSIM being topped up: plan with flag, ICCID, state and current usage. */
export function EsimSummary({
  esim,
  language,
  destination,
}: {
  esim: PortalEsim;
  language: string;
  destination: Destination;
}) {
  const { t } = useTranslation('portal');
  const format = usePortalFormat(language);
  return (
    <section
      aria-labelledby="topup-esim-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('topup.esim')}</h2>
      <div className="mt-3 flex items-start gap-3">
        <Flag code={destination.flag} className="mt-0.5 h-6 w-8 shrink-0" />
        <div className="min-w-0 flex-1">
          <p id="topup-esim-title" className="font-bold break-words text-ink">
            {format.planTitle(esim, destination)}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            {t('esim.iccid')} <span className="font-mono break-all">{esim.iccid}</span>
          </p>
        </div>
      </div>
      <div className="mt-3">
        <EsimStateBadge state={esim.state} />
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <UsageMeter usage={esim.usage} label={t('usage.label')} size="sm" />
      </div>
    </section>
  );
}
