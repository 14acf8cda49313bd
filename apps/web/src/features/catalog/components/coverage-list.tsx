import type { Network } from '@esim/contract/catalog';
import { ChevronDown, Signal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../../components/ui/flag.tsx';
import { useDestinationNames } from '../hooks/use-destination-names.ts';

/** Networks grouped by upper-cased country code. */
function networksByCountry(networks: readonly Network[]): Map<string, Network[]> {
  const map = new Map<string, Network[]>();
  for (const n of networks) {
    const key = n.countryCode.toUpperCase();
    map.set(key, [...(map.get(key) ?? []), n]);
  }
  return map;
}

/** One network with its radio generations, e.g. "Turkcell 4G 5G". */
function NetworkChips({ networks }: { networks: readonly Network[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {networks.map((n) => (
        <li
          key={n.name}
          className="inline-flex items-center gap-1.5 rounded-lg bg-slate-50 px-2 py-1 text-xs text-slate-700 ring-1 ring-slate-200"
        >
          <span className="font-semibold">{n.name}</span>
          <span className="text-slate-600">
            {n.speeds.filter((s) => s === '4G' || s === '5G' || s === 'LTE').join(' · ') || n.speeds.join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Networks of a single-country plan, listed openly. */
export function LocalNetworks({ countryCode, networks }: { countryCode: string; networks: readonly Network[] }) {
  const { t } = useTranslation('catalog');
  const { nameOf } = useDestinationNames();
  const country = nameOf(countryCode);
  return (
    <section
      aria-labelledby="networks-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="networks-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Signal aria-hidden="true" className="size-5 text-brand-700" />
        {t('details.networks.headingIn', { country })}
      </h2>
      <div className="mt-3">
        {networks.length > 0 ? (
          <NetworkChips networks={networks} />
        ) : (
          <p className="text-sm text-slate-600">{t('details.networks.none')}</p>
        )}
      </div>
    </section>
  );
}

/**
 * The covered countries of a regional or Global plan: a disclosure (a button with
 * `aria-expanded`, no UI library, to keep the page's JavaScript small) showing the flags and localised names, sorted by
 * name, each with its networks and speeds. The list is rendered only while open, so the
 * server-rendered page stays small for a Global plan's 100+ countries.
 */
export function CoverageList({ countries, networks }: { countries: readonly string[]; networks: readonly Network[] }) {
  const { t } = useTranslation('catalog');
  const { nameOf, byCode, lang } = useDestinationNames();
  const [open, setOpen] = useState(false);
  const listId = useId();
  // Sorted by name only once open: a browser loads the locale data for its first `Intl.Collator`
  // (some 20 ms on a phone), which the closed disclosure does not need.
  const rows = useMemo(() => {
    if (!open) return [];
    const byCountry = networksByCountry(networks);
    const collator = new Intl.Collator(lang);
    return countries
      .map((code) => ({
        code,
        name: nameOf(code),
        flag: byCode.get(code)?.flag ?? (/^[A-Z]{2}$/i.test(code) ? code.toLowerCase() : null),
        networks: byCountry.get(code.toUpperCase()) ?? [],
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [open, countries, networks, nameOf, byCode, lang]);

  return (
    <section
      aria-labelledby="coverage-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="coverage-heading" className="text-lg font-semibold text-ink">
        {t('details.coverage.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('details.coverage.intro', { count: countries.length })}</p>
      <div className="mt-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex h-11 items-center gap-2 rounded-xl bg-brand-50 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          {open ? t('details.coverage.hide') : t('details.coverage.show', { count: countries.length })}
          <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        {open && (
          <ul id={listId} className="mt-4 divide-y divide-slate-100">
            {rows.map((row) => (
              <li key={row.code} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="flex items-center gap-2.5 font-medium text-ink">
                  <Flag code={row.flag} className="h-5 w-7 rounded" />
                  {row.name}
                </span>
                {row.networks.length > 0 && <NetworkChips networks={row.networks} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
