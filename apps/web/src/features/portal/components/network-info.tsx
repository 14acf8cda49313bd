import type { PortalNetwork } from '@esim/contract/portal';
import { Antenna, Gauge, Smartphone, Wifi } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../../components/ui/flag.tsx';
import type { Destination } from '../hooks/portal-format.ts';

interface NetworkInfoProps {
  network: PortalNetwork;
  destinationOf: (code: string) => Destination;
}

/**
 * The network information card of an eSIM:
 * operators by country with their speeds, service type 'Data only' (travel eSIMs have no
 * number, calls or SMS: `docs/product-rules.md#storefront-pages`), hotspot yes or no, and the best speed.
 */
export function NetworkInfo({ network, destinationOf }: NetworkInfoProps) {
  const { t } = useTranslation('portal');
  const byCountry = new Map<string, PortalNetwork['operators']>();
  for (const operator of network.operators) {
    byCountry.set(operator.countryCode, [...(byCountry.get(operator.countryCode) ?? []), operator]);
  }
  return (
    <div className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
      <h4 className="flex items-center gap-2 font-semibold text-ink">
        <Antenna aria-hidden="true" className="size-5 text-brand-700" />
        {t('network.title')}
      </h4>
      <dl className="mt-3 grid grid-cols-1 gap-2 min-[400px]:grid-cols-3 lg:grid-cols-1">
        <Fact
          icon={<Smartphone aria-hidden="true" className="size-4" />}
          term={t('network.serviceType')}
          value={t('network.dataOnly')}
        />
        <Fact
          icon={<Wifi aria-hidden="true" className="size-4" />}
          term={t('network.hotspot')}
          value={network.hotspot ? t('network.yes') : t('network.no')}
        />
        <Fact icon={<Gauge aria-hidden="true" className="size-4" />} term={t('network.speed')} value={network.speed} />
      </dl>
      <h5 className="mt-4 text-sm font-semibold text-slate-700">{t('network.operators')}</h5>
      {byCountry.size === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('network.noOperators')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {[...byCountry].map(([code, operators]) => {
            const destination = destinationOf(code);
            return (
              <li key={code} className="flex items-start gap-2.5 text-sm">
                <Flag code={destination.flag} className="mt-0.5 h-4 w-5.5 shrink-0" />
                <div className="min-w-0">
                  <p className="font-medium break-words text-ink">{destination.name}</p>
                  <p className="text-slate-600">
                    {operators.map((o) => `${o.name}${o.speeds.length ? ` (${o.speeds.join(', ')})` : ''}`).join(' · ')}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function Fact({ icon, term, value }: { icon: ReactNode; term: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-white px-3 py-2 ring-1 ring-slate-200 min-[400px]:flex-col min-[400px]:items-start min-[400px]:justify-start lg:flex-row lg:items-center lg:justify-between">
      <dt className="flex items-center gap-1.5 text-sm text-slate-600">
        <span className="text-slate-500">{icon}</span>
        {term}
      </dt>
      <dd className="font-semibold text-ink">{value}</dd>
    </div>
  );
}
