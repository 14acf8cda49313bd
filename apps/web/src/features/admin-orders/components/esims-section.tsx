import type { AdminEsim } from '@esim/contract/admin-orders';
import { formatDataAmount } from '@esim/contract/format';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Badge } from '../../../admin-kit/components/badge.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';

const BYTES_PER_MB = 1_048_576;
const data = (bytes: number | null) => (bytes === null ? '—' : formatDataAmount(bytes / BYTES_PER_MB));

/** One bundle's usage: "1.2GB of 5GB used" and a bar, or "Unlimited". */
function Usage({ bundle }: { bundle: AdminEsim['bundles'][number] }) {
  const { t } = useTranslation('admin-orders');
  if (bundle.unlimited || !bundle.initialBytes) {
    return <p className="text-xs text-slate-600">{t('esims.unlimitedUsed', { used: data(bundle.usedBytes) })}</p>;
  }
  const percent = Math.min(100, Math.round((bundle.usedBytes / bundle.initialBytes) * 100));
  return (
    <div>
      <p className="text-xs text-slate-600">
        {t('esims.used', { used: data(bundle.usedBytes), total: data(bundle.initialBytes), percent })}
      </p>
      <div
        role="meter"
        aria-label={t('esims.usageOf', { name: bundle.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The order's eSIMs on the order screen: ICCID (copyable), display and provider states, when
 * it was first used and last synced, and each bundle with its provider state and usage as last
 * synced. Top-ups show the eSIM they were added to on their parent order.
 */
export function EsimsSection({ esims }: { esims: readonly AdminEsim[] }) {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  if (esims.length === 0) return <p className="text-sm text-slate-600">{t('esims.none')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {esims.map((esim) => (
        <li key={esim.iccid} className="rounded-xl border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 font-mono text-sm font-semibold break-all text-ink">
              <span className="sr-only">{t('esims.iccid')} </span>
              {esim.iccid}
            </p>
            <div className="flex items-center gap-2">
              <Badge tone={esim.status === 'Active' ? 'success' : esim.status === 'Expired' ? 'neutral' : 'info'}>
                {esim.status}
              </Badge>
              <CopyButton text={esim.iccid} label={t('esims.iccid')} />
            </div>
          </div>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-0.5 text-xs text-slate-600 sm:grid-cols-3">
            <div>
              <dt className="inline">{t('esims.profile')}: </dt>
              <dd className="inline">{esim.profileState}</dd>
            </div>
            <div>
              <dt className="inline">{t('esims.activated')}: </dt>
              <dd className="inline">
                {esim.activatedAt ? format.dateTime(esim.activatedAt) : t('esims.notActivated')}
              </dd>
            </div>
            <div>
              <dt className="inline">{t('esims.synced')}: </dt>
              <dd className="inline">{esim.syncedAt ? format.relative(esim.syncedAt) : t('esims.neverSynced')}</dd>
            </div>
          </dl>
          {esim.syncError ? <p className="mt-1 text-xs text-red-800">{esim.syncError}</p> : null}
          {esim.bundles.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-2">
              {esim.bundles.map((bundle, i) => (
                <li key={`${bundle.name}-${i}`} className="rounded-lg bg-slate-50 p-2">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="font-medium text-ink">
                      {bundle.name}
                      {bundle.kind === 'topup' ? <span className="text-slate-600"> · {t('kinds.topup')}</span> : null}
                    </span>
                    <Badge tone={bundle.state === 'active' ? 'success' : 'neutral'}>{bundle.state}</Badge>
                  </div>
                  <Usage bundle={bundle} />
                  {bundle.endsAt ? (
                    <p className="text-xs text-slate-600">
                      {t('esims.ends', { date: format.dateTime(bundle.endsAt) })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
