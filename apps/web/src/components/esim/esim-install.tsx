import { androidInstallUrl, appleInstallUrl } from '@esim/contract/esim-activation';
import { ChevronDown, Download, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../ui/button.tsx';
import { CopyButton } from '../ui/copy-button.tsx';
import { QrCodeImage, useQrCode } from './qr-code.tsx';

/** What installing an eSIM takes (an order's or the portal's eSIM both have these fields). */
export interface EsimActivation {
  /** ICCID, 19-20 digits. */
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** LPA string `LPA:1$<smdpAddress>$<matchingId>` (GSMA SGP.22); the QR code encodes it. */
  activationCode: string;
}

interface EsimInstallDetailsProps {
  esim: EsimActivation;
  /** Shown beside the QR code, above the details (e.g. the card's heading and status). */
  header?: ReactNode;
  className?: string;
}

/**
 * Everything needed to install one eSIM (`docs/product-rules.md#fulfilment-and-delivery-of-the-esim-profile`):
 * the QR code of its activation code, the four values with copy buttons, 'Download QR' (PNG
 * named after the ICCID), 'Add to iPhone' (iOS 17.4+ universal link), 'Install on Android' and
 * short install steps. Used by the order confirmation and the portal. Texts: `esim` namespace.
 */
export function EsimInstallDetails({ esim, header, className }: EsimInstallDetailsProps) {
  const { t } = useTranslation('esim');
  const qr = useQrCode(esim.activationCode);
  const details = [
    { label: t('iccid'), value: esim.iccid },
    { label: t('smdp'), value: esim.smdpAddress },
    { label: t('matchingId'), value: esim.matchingId },
    { label: t('activationCode'), value: esim.activationCode },
  ];
  return (
    <div className={className}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="flex justify-center sm:block">
          <QrCodeImage state={qr} alt={t('qrAlt', { iccid: esim.iccid })} />
        </div>
        <div className="min-w-0 flex-1">
          {header}
          <dl className={cn('space-y-3', header ? 'mt-4' : undefined)}>
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
            {t('download')}
          </a>
        ) : (
          <span aria-disabled="true" className={buttonClass('outline', 'md', 'w-full cursor-not-allowed opacity-60')}>
            <Download aria-hidden="true" className="size-4" />
            {t('download')}
          </span>
        )}
        <div>
          <a href={appleInstallUrl(esim.activationCode)} className={buttonClass('primary', 'md', 'w-full')}>
            <Smartphone aria-hidden="true" className="size-4" />
            {t('apple')}
          </a>
          <p className="mt-1 text-center text-xs text-slate-600">{t('appleHint')}</p>
        </div>
        <a href={androidInstallUrl(esim.activationCode)} className={buttonClass('secondary', 'md', 'w-full')}>
          <Smartphone aria-hidden="true" className="size-4" />
          {t('android')}
        </a>
      </div>
      <details className="group mt-4 rounded-xl bg-slate-50 ring-1 ring-slate-200 print:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 font-semibold text-ink [&::-webkit-details-marker]:hidden">
          {t('steps.title')}
          <ChevronDown
            aria-hidden="true"
            className="size-5 text-slate-600 transition-transform group-open:rotate-180"
          />
        </summary>
        <ol className="list-decimal space-y-2 px-4 pb-4 pl-9 text-sm text-slate-700">
          <li>{t('steps.iphone')}</li>
          <li>{t('steps.android')}</li>
          <li>{t('steps.manual')}</li>
          <li>{t('steps.roaming')}</li>
        </ol>
      </details>
    </div>
  );
}
