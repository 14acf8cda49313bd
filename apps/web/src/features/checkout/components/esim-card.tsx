import { androidInstallUrl, appleInstallUrl } from '@esim/contract/esim-activation';
import type { OrderEsim } from '@esim/contract/order';
import { ChevronDown, Download, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { CopyButton } from './copy-button.tsx';
import { QrCodeImage, useQrCode } from './qr-code.tsx';

/** eSIM statuses with a translation; others are shown as the provider sends them. */
const KNOWN_STATUSES = ['ready', 'assigned', 'active', 'pending', 'expired', 'archived', 'released', 'installed'];

const statusTone: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-200',
  archived: 'bg-slate-100 text-slate-700 ring-slate-200',
  pending: 'bg-sky-50 text-sky-800 ring-sky-200',
};

interface EsimCardProps {
  esim: OrderEsim;
  /** The plan's name in the interface language, e.g. 'Turkey 1GB, 7 days'. */
  planName: string;
  number: number;
  total: number;
}

/**
 * One delivered eSIM (specification section 2 "Order confirmation", DESIGN.md section 3): the QR
 * code of its activation code, ICCID, status, SM-DP+ address, matching id and activation code
 * with copy buttons, 'Download QR' (PNG named after the ICCID), 'Add to iPhone' (iOS 17.4+
 * universal link), 'Install on Android' and short install steps.
 */
export function EsimCard({ esim, planName, number, total }: EsimCardProps) {
  const { t } = useTranslation('checkout');
  const qr = useQrCode(esim.activationCode);
  const headingId = `esim-${esim.iccid}`;
  const statusKey = esim.status.toLowerCase();
  const status = KNOWN_STATUSES.includes(statusKey) ? t(`esims.statuses.${statusKey}`) : esim.status;
  const details = [
    { label: t('esims.iccid'), value: esim.iccid },
    { label: t('esims.smdp'), value: esim.smdpAddress },
    { label: t('esims.matchingId'), value: esim.matchingId },
    { label: t('esims.activationCode'), value: esim.activationCode },
  ];
  return (
    <li className="break-inside-avoid">
      <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <div className="flex justify-center sm:block">
            <QrCodeImage state={qr} alt={t('esims.qrAlt', { iccid: esim.iccid })} />
          </div>
          <div className="min-w-0 flex-1">
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
            <dl className="mt-4 space-y-3">
              {details.map((detail) => (
                <div key={detail.label} className="min-w-0">
                  <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{detail.label}</dt>
                  <dd className="mt-0.5 flex items-start justify-between gap-3 sm:justify-start">
                    <span className="min-w-0 font-mono text-sm break-all text-ink">{detail.value}</span>
                    <CopyButton text={detail.value} label={detail.label} />
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
        <div className="mt-5 grid gap-2 sm:grid-cols-3 sm:items-start print:hidden">
          {qr.status === 'ready' ? (
            <a href={qr.url} download={`${esim.iccid}.png`} className={buttonClass('outline', 'md', 'w-full')}>
              <Download aria-hidden="true" className="size-4" />
              {t('esims.download')}
            </a>
          ) : (
            <span aria-disabled="true" className={buttonClass('outline', 'md', 'w-full cursor-not-allowed opacity-60')}>
              <Download aria-hidden="true" className="size-4" />
              {t('esims.download')}
            </span>
          )}
          <div>
            <a href={appleInstallUrl(esim.activationCode)} className={buttonClass('primary', 'md', 'w-full')}>
              <Smartphone aria-hidden="true" className="size-4" />
              {t('esims.apple')}
            </a>
            <p className="mt-1 text-center text-xs text-slate-600">{t('esims.appleHint')}</p>
          </div>
          <a href={androidInstallUrl(esim.activationCode)} className={buttonClass('secondary', 'md', 'w-full')}>
            <Smartphone aria-hidden="true" className="size-4" />
            {t('esims.android')}
          </a>
        </div>
        <details className="group mt-4 rounded-xl bg-slate-50 ring-1 ring-slate-200 print:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">
            {t('esims.steps.title')}
            <ChevronDown aria-hidden="true" className="size-5 text-slate-600 transition-transform group-open:rotate-180" />
          </summary>
          <ol className="list-decimal space-y-2 px-4 pb-4 pl-9 text-sm text-slate-700">
            <li>{t('esims.steps.iphone')}</li>
            <li>{t('esims.steps.android')}</li>
            <li>{t('esims.steps.manual')}</li>
            <li>{t('esims.steps.roaming')}</li>
          </ol>
        </details>
      </article>
    </li>
  );
}
