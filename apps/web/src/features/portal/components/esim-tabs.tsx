import type { PortalEsim } from '@esim/contract/portal';
import { Archive, Smartphone } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalAccess } from '../api/access-headers.ts';
import { ESIM_TABS, type EsimTab, initialEsimTab, splitEsimsByTab } from '../hooks/esim-tabs.ts';
import type { Destination } from '../hooks/portal-format.ts';
import { EsimCard } from './esim-card.tsx';

interface EsimTabsProps {
  esims: readonly PortalEsim[];
  access: PortalAccess;
  language: string;
  destinationOf: (code: string) => Destination;
  onRefresh: () => Promise<unknown>;
}

/**
 * The eSIMs in two tabs, 'Active & Pending' and 'Archived' (expired, archived
 * and refunded ones under Archived, `docs/product-rules.md#customer-portal-and-access-tokens`), with their counts. Radix Tabs: the ARIA tabs pattern with arrow
 * keys, Home and End; the panel follows the focused tab.
 */
export function EsimTabs({ esims, access, language, destinationOf, onRefresh }: EsimTabsProps) {
  const { t } = useTranslation('portal');
  const split = splitEsimsByTab(esims);
  const [tab, setTab] = useState<EsimTab>(() => initialEsimTab(split));
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as EsimTab)}>
      <Tabs.List
        aria-label={t('tabs.label')}
        className="grid w-full grid-cols-2 gap-1 rounded-2xl bg-slate-200/70 p-1 sm:inline-grid sm:w-auto"
      >
        {ESIM_TABS.map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="group inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-700 transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm sm:px-5"
          >
            {t(`tabs.${value}`)}
            <span
              aria-hidden="true"
              className="rounded-full bg-slate-300/60 px-2 py-0.5 text-xs tabular-nums text-slate-800 group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-900"
            >
              {split[value].length}
            </span>
            <span className="sr-only">({split[value].length})</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {ESIM_TABS.map((value) => (
        <Tabs.Content key={value} value={value} className="mt-5 rounded-2xl focus-visible:outline-offset-4">
          {split[value].length === 0 ? (
            <p className="flex items-start gap-3 rounded-2xl bg-white p-5 text-slate-600 shadow-sm ring-1 ring-slate-200">
              {value === 'current' ? (
                <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              ) : (
                <Archive aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              )}
              {value === 'current' ? t('tabs.emptyCurrent') : t('tabs.emptyArchived')}
            </p>
          ) : (
            <ul className="space-y-5">
              {split[value].map((esim) => (
                <li key={esim.iccid}>
                  <EsimCard
                    esim={esim}
                    access={access}
                    language={language}
                    destinationOf={destinationOf}
                    onRefresh={onRefresh}
                  />
                </li>
              ))}
            </ul>
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
