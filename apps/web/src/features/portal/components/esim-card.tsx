import { installDetailsOf } from '@esim/contract/esim-activation';
import { formatPrice } from '@esim/contract/format';
import type { PortalEsim, PortalRefund } from '@esim/contract/portal';
import { ChevronDown, ExternalLink, FlaskConical, QrCode, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EsimInstallDetails } from '../../../components/esim/esim-install.tsx';
import { Flag } from '../../../components/ui/flag.tsx';
import type { PortalAccess } from '../api/access-headers.ts';
import type { Destination } from '../hooks/portal-format.ts';
import { usePortalFormat } from '../hooks/use-portal-format.ts';
import { EsimStateBadge } from './badges.tsx';
import { BundleList } from './bundle-list.tsx';
import { EsimActions } from './esim-actions.tsx';
import { NetworkInfo } from './network-info.tsx';
import { UsageMeter } from './usage-meter.tsx';

interface EsimCardProps {
  esim: PortalEsim;
  access: PortalAccess;
  language: string;
  destinationOf: (code: string) => Destination;
  /** Reads the portal again ('Refresh'); rejects when that fails. */
  onRefresh: () => Promise<unknown>;
}

/**
 * One eSIM of the portal: plan and destination flag, display state (Pending 'Starts when
 * activated'), usage bar
 * with percent, used and remaining data, start and end, purchase and last sync, the actions
 * (sync, refresh, top-up), the main and additional bundles, the network information card, and
 * the install details (QR code, activation code, SM-DP+ address, matching id) behind a
 * disclosure, with the sandbox's device simulator when there is one.
 *
 * A `Refunded` eSIM shows its refund (amount, date, order) in place of usage and dates, and
 * neither a top-up nor install details: the API sends none for it (`PortalEsim.refund`).
 */
export function EsimCard({ esim, access, language, destinationOf, onRefresh }: EsimCardProps) {
  const { t } = useTranslation('portal');
  const format = usePortalFormat(language);
  const destination = destinationOf(esim.countryCode);
  const install = esim.refund ? null : installDetailsOf(esim);
  const titleId = `esim-title-${esim.iccid}`;
  const start = format.date(esim.activatedAt);
  const end = format.date(esim.expiresAt);
  const synced = format.dateTime(esim.syncedAt);
  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-start gap-3">
          <Flag code={destination.flag} className="mt-1 h-7 w-9.5 shrink-0" />
          <div className="min-w-0">
            <h3 id={titleId} className="text-lg font-bold break-words text-ink sm:text-xl">
              {format.planTitle(esim, destination)}
            </h3>
            <p className="mt-0.5 text-sm text-slate-600">
              {t('esim.iccid')} <span className="font-mono break-all text-slate-700">{esim.iccid}</span>
            </p>
          </div>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end sm:text-right">
          <EsimStateBadge state={esim.state} />
          <p className="text-sm text-slate-600">{t(`esim.stateHints.${esim.state}`, { defaultValue: '' })}</p>
        </div>
      </header>

      <div className="grid gap-6 border-t border-slate-100 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {esim.refund ? (
            <RefundFacts refund={esim.refund} language={language} />
          ) : (
            <div>
              <h4 className="sr-only">{t('usage.title')}</h4>
              <UsageMeter usage={esim.usage} label={t('usage.label')} />
              <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
                <DateFact
                  term={t('dates.start')}
                  value={start ?? t('dates.notStarted')}
                  iso={start ? esim.activatedAt : null}
                />
                <DateFact term={t('dates.end')} value={end ?? t('dates.noEnd')} iso={end ? esim.expiresAt : null} />
                <DateFact
                  term={t('dates.purchased')}
                  value={format.date(esim.purchasedAt) ?? '—'}
                  iso={esim.purchasedAt}
                />
              </dl>
              <p className="mt-3 text-xs text-slate-600">
                {synced ? t('dates.synced', { date: synced }) : t('dates.neverSynced')}
              </p>
            </div>
          )}

          <EsimActions
            access={access}
            iccid={esim.iccid}
            canTopUp={esim.canTopUp}
            archived={esim.archived}
            refunded={esim.refund !== null}
            titleId={titleId}
            onRefresh={onRefresh}
          />

          <div>
            <h4 className="font-semibold text-ink">{t('bundles.title')}</h4>
            <div className="mt-3">
              <BundleList bundles={esim.bundles} language={language} destinationOf={destinationOf} />
            </div>
          </div>
        </div>

        <div className="min-w-0">
          <NetworkInfo network={esim.network} destinationOf={destinationOf} />
        </div>
      </div>

      {install !== null && (
        <details className="group border-t border-slate-100">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold text-ink hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
            <span className="flex min-w-0 items-center gap-2.5">
              <QrCode aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <span className="min-w-0">
                {t('install.title')}
                <span className="block text-sm font-normal text-slate-600">{t('install.hint')}</span>
              </span>
            </span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-4 pb-5 sm:px-6">
            <EsimInstallDetails esim={install} />
          </div>
        </details>
      )}

      {esim.simulatorUrl !== null && (
        <p className="flex items-start gap-2 border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <a
            href={esim.simulatorUrl}
            target="_blank"
            rel="noopener"
            aria-describedby={titleId}
            className="inline-flex items-center gap-1 font-semibold underline underline-offset-2 hover:text-amber-800"
          >
            {t('install.simulator')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> {t('newTab')}</span>
          </a>
        </p>
      )}
    </article>
  );
}

/**
 * The refund of a refunded eSIM's order: the whole order's amount (integer cents, shown by the
 * store's price rule, `formatPrice`), the day it was made and the order, as the card's other facts.
 */
function RefundFacts({ refund, language }: { refund: PortalRefund; language: string }) {
  const { t } = useTranslation('portal');
  const format = usePortalFormat(language);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
        <Undo2 aria-hidden="true" className="size-5 shrink-0 text-red-700" />
        {t('esim.refund.title')}
      </h4>
      <p className="mt-1 text-sm text-slate-600">{t('esim.refund.body')}</p>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3 sm:gap-3">
        <DateFact term={t('esim.refund.amount')} value={formatPrice(refund.amountCents)} iso={null} />
        <DateFact term={t('esim.refund.date')} value={format.date(refund.refundedAt) ?? '—'} iso={refund.refundedAt} />
        <DateFact term={t('esim.refund.order')} value={refund.orderNumber} iso={null} />
      </dl>
    </section>
  );
}

function DateFact({ term, value, iso }: { term: string; value: string; iso: string | null }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200 sm:block">
      <dt className="shrink-0 text-xs font-medium text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right font-semibold break-words text-ink sm:mt-0.5 sm:text-left">
        {iso ? <time dateTime={iso}>{value}</time> : value}
      </dd>
    </div>
  );
}
