import type { Country } from '@esim/contract/catalog';
import type { Language } from '@esim/contract/languages';
import { REGION_LABELS, REGION_NAMES, type RegionName } from '@esim/contract/regions';
import { SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { LightTabs } from '../../../components/ui/light-tabs.tsx';
import { cn } from '../../../lib/cn.ts';
import { DESTINATION_TABS, type DestinationTab } from '../hooks/catalog-state.ts';
import { matchesDestination } from '../hooks/destination-names.ts';
import { DestinationCard, DestinationGridSkeleton } from './destination-card.tsx';
import { CatalogueFallbackNotice } from './plan-list-states.tsx';

/** How many local destinations show before "Show all". */
const INITIAL_TILES = 24;

/** Destinations travellers buy most, shown first on the local tab. */
const POPULAR_CODES = [
  'TR',
  'US',
  'GB',
  'FR',
  'IT',
  'ES',
  'DE',
  'JP',
  'TH',
  'AE',
  'GR',
  'PT',
  'NL',
  'CH',
  'KR',
  'MX',
  'CA',
  'EG',
  'ID',
  'SG',
  'AU',
  'CN',
  'MA',
  'HR',
];
const POPULAR_RANK = new Map(POPULAR_CODES.map((code, i) => [code, i]));

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6';

/**
 * The first `count` of `list` in display order: with `popularFirst`, the popular destinations in
 * their rank, then the others by name in `lang`. Comparing names (ICU collation) was the costliest
 * step of the home page's first render on a phone, and the first tiles shown are all popular ones:
 * the others are sorted only when more are shown than there are popular ones.
 */
function orderByName(list: Country[], lang: Language, popularFirst: boolean, count = Infinity): Country[] {
  const popular = popularFirst ? list.filter((c) => POPULAR_RANK.has(c.code)).sort((a, b) => rank(a) - rank(b)) : [];
  if (popular.length >= count) return popular.slice(0, count);
  const collator = new Intl.Collator(lang);
  const others = (popularFirst ? list.filter((c) => !POPULAR_RANK.has(c.code)) : [...list]).sort((a, b) =>
    collator.compare(a.names[lang] || a.names.en, b.names[lang] || b.names.en),
  );
  return [...popular, ...others].slice(0, count);
}

const rank = (country: Country) => POPULAR_RANK.get(country.code) ?? Infinity;

interface DestinationBrowserProps {
  countries: Country[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The last known destinations stand in for a failed load: the fallback notice shows. */
  isFallback?: boolean;
  /** A retry is running. */
  isRetrying?: boolean;
  onRetry: () => void;
  lang: Language;
  tab: DestinationTab;
  region: RegionName | null;
  query: string;
  onTabChange: (tab: DestinationTab) => void;
  onRegionChange: (region: RegionName | null) => void;
  onClearQuery: () => void;
}

/**
 * The destination grid of the countries view (`#popular-destinations`): Local / Regional /
 * Global tabs (`LightTabs`: WAI-ARIA tabs with arrow keys, no UI library), region
 * chips on the local tab filtering by `country.region`, and, while the hero search has text,
 * the matching destinations of every type (in the current language and in English).
 */
export function DestinationBrowser(props: DestinationBrowserProps) {
  const {
    countries,
    isPending,
    isError,
    isFallback = false,
    isRetrying = false,
    onRetry,
    lang,
    tab,
    region,
    query,
    onTabChange,
    onRegionChange,
    onClearQuery,
  } = props;
  const { t } = useTranslation('catalog');
  const trimmed = query.trim();

  const byTab = useMemo(() => {
    const groups: Record<DestinationTab, Country[]> = { local: [], regional: [], global: [] };
    for (const c of countries ?? []) groups[c.type].push(c);
    return groups;
  }, [countries]);

  const searchResults = useMemo(
    () =>
      trimmed
        ? orderByName(
            (countries ?? []).filter((c) => matchesDestination(c, lang, trimmed)),
            lang,
            true,
          )
        : [],
    [countries, lang, trimmed],
  );

  return (
    <section
      id="popular-destinations"
      aria-labelledby="popular-destinations-heading"
      className="scroll-mt-[calc(var(--header-height)+1rem)]"
    >
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="max-w-2xl">
          <h2
            id="popular-destinations-heading"
            tabIndex={-1}
            className="text-2xl focus:outline-none font-bold tracking-tight text-ink sm:text-3xl"
          >
            {trimmed ? t('destinations.searchHeading') : t('destinations.heading')}
          </h2>
          {!trimmed && <p className="mt-2 text-slate-600">{t('destinations.description')}</p>}
        </div>

        {isFallback && <CatalogueFallbackNotice className="mt-6" onRetry={onRetry} retrying={isRetrying} />}
        {isError ? (
          <div
            role="alert"
            className="mt-6 flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-red-200"
          >
            <p className="font-medium text-red-800">{t('destinations.loadError')}</p>
            <Button variant="outline" onClick={onRetry}>
              {t('destinations.retry')}
            </Button>
          </div>
        ) : trimmed ? (
          <div className="mt-6">
            <p role="status" className="mb-4 text-sm text-slate-600">
              {isPending
                ? t('loadingDestinations')
                : searchResults.length > 0
                  ? t('destinations.searchResults', { count: searchResults.length, query: trimmed })
                  : ''}
            </p>
            {isPending ? (
              <DestinationGridSkeleton />
            ) : searchResults.length > 0 ? (
              <ul className={GRID}>
                {searchResults.map((c) => (
                  <DestinationCard key={c.code} country={c} lang={lang} />
                ))}
              </ul>
            ) : (
              <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center ring-1 ring-slate-200">
                <SearchX aria-hidden="true" className="size-10 text-slate-400" />
                <p className="mt-3 text-lg font-semibold text-ink">{t('destinations.noResults', { query: trimmed })}</p>
                <p className="mt-1 text-slate-600">{t('destinations.noResultsHint')}</p>
                <Button variant="secondary" className="mt-5" onClick={onClearQuery}>
                  {t('hero.clearSearch')}
                </Button>
              </div>
            )}
          </div>
        ) : (
          <LightTabs
            value={tab}
            onValueChange={onTabChange}
            tabs={DESTINATION_TABS.map((value) => ({ value, label: t(`destinations.tabs.${value}`) }))}
            label={t('destinations.tabsLabel')}
            className="mt-6"
            listClassName="grid w-full grid-cols-3 gap-1 rounded-2xl bg-slate-200/70 p-1 sm:inline-grid sm:w-auto"
            tabClassName="h-10 rounded-xl px-5 text-sm font-semibold text-slate-700 transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            panelClassName="mt-5 focus-visible:outline-offset-4"
          >
            {(value) => (
              <>
                <p className="mb-4 text-sm text-slate-600">{t(`destinations.tabHints.${value}`)}</p>
                {value === 'local' && <RegionChips lang={lang} region={region} onChange={onRegionChange} />}
                {isPending ? (
                  <DestinationGridSkeleton count={value === 'local' ? 12 : value === 'regional' ? 7 : 1} />
                ) : (
                  <DestinationGrid
                    key={`${value}-${region ?? 'all'}`}
                    list={value === 'local' && region ? byTab.local.filter((c) => c.region === region) : byTab[value]}
                    lang={lang}
                    popularFirst={value === 'local' && !region}
                    limit={value === 'local' && !region ? INITIAL_TILES : Infinity}
                  />
                )}
              </>
            )}
          </LightTabs>
        )}
      </div>
    </section>
  );
}

function DestinationGrid({
  list,
  lang,
  popularFirst,
  limit,
}: {
  list: Country[];
  lang: Language;
  popularFirst: boolean;
  limit: number;
}) {
  const { t } = useTranslation('catalog');
  const [expanded, setExpanded] = useState(false);
  const shown = useMemo(
    () => orderByName(list, lang, popularFirst, expanded ? Infinity : limit),
    [list, lang, popularFirst, expanded, limit],
  );
  if (list.length === 0)
    return <p className="rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">{t('destinations.empty')}</p>;
  return (
    <>
      <ul className={GRID}>
        {shown.map((c) => (
          <DestinationCard key={c.code} country={c} lang={lang} />
        ))}
      </ul>
      {list.length > limit && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
            {expanded ? t('destinations.showFewer') : t('destinations.showAll')}
          </Button>
        </div>
      )}
    </>
  );
}

/** "All regions" plus the seven regions; choosing one keeps the local tab and filters it. */
function RegionChips({
  lang,
  region,
  onChange,
}: {
  lang: Language;
  region: RegionName | null;
  onChange: (r: RegionName | null) => void;
}) {
  const { t } = useTranslation('catalog');
  const chip = (active: boolean) =>
    cn(
      'h-9 shrink-0 whitespace-nowrap rounded-full px-4 text-sm font-medium ring-1 transition',
      active
        ? 'bg-brand-700 text-white ring-brand-700'
        : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50 hover:ring-brand-500',
    );
  return (
    <div
      role="group"
      aria-label={t('destinations.regionFilterLabel')}
      className="-mx-4 mb-5 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      <button
        type="button"
        aria-pressed={region === null}
        className={chip(region === null)}
        onClick={() => onChange(null)}
      >
        {t('destinations.allRegions')}
      </button>
      {REGION_NAMES.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={region === name}
          className={chip(region === name)}
          onClick={() => onChange(name)}
        >
          {REGION_LABELS[name][lang]}
        </button>
      ))}
    </div>
  );
}
