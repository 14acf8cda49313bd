import type { Language } from '@esim/contract/languages';
import type { RegionName } from '@esim/contract/regions';
import { ArrowRight, Check, LayoutGrid, Search, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useCountries } from '../api/get-countries.ts';
import type { DestinationTab } from '../hooks/catalog-state.ts';
import { useDestinationFigure } from '../hooks/use-destination-figure.ts';
import { HydrateApart } from '../../../components/ui/hydrate-apart.tsx';
import { CatalogFaq } from './catalog-faq.tsx';
import { DestinationBrowser } from './destination-browser.tsx';
import { DestinationsCta, scrollToDestinations } from './destinations-cta.tsx';
import { HowItWorksSteps } from './how-it-works-steps.tsx';
import { SecurePaymentBadge } from './secure-payment-badge.tsx';
import { WhyChooseUs } from './why-choose-us.tsx';

interface CountriesViewProps {
  lang: Language;
  tab: DestinationTab;
  region: RegionName | null;
  query: string;
  onQueryChange: (query: string) => void;
  onTabChange: (tab: DestinationTab) => void;
  onRegionChange: (region: RegionName | null) => void;
  onBrowseAll: () => void;
}

const HIGHLIGHTS = ['instant', 'noRoaming', 'support'] as const;

/**
 * The countries view of the products page (`docs/product-rules.md#storefront-pages`): hero with the destination
 * search (its eyebrow states the catalogue's destination figure, `useDestinationFigure`), the
 * Local / Regional / Global destination grid, a "Browse all plans" switch to the
 * general list, why-choose-us, how-it-works, FAQ, secure payment and a call to action.
 */
export function CountriesView({
  lang,
  tab,
  region,
  query,
  onQueryChange,
  onTabChange,
  onRegionChange,
  onBrowseAll,
}: CountriesViewProps) {
  const { t } = useTranslation('catalog');
  const countries = useCountries();
  const figure = useDestinationFigure();

  useEffect(() => {
    if (window.location.hash === '#popular-destinations') window.requestAnimationFrame(scrollToDestinations);
  }, []);

  return (
    <>
      <section
        aria-labelledby="catalog-hero-heading"
        className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
      >
        <HeroDecoration />
        <div className="relative mx-auto max-w-7xl px-4 pb-12 pt-10 sm:px-6 sm:pb-16 sm:pt-16 lg:pb-20 lg:pt-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-200">
            {figure === undefined ? t('hero.eyebrowGeneric') : t('hero.eyebrow', { figure })}
          </p>
          <h1
            id="catalog-hero-heading"
            className="mt-3 max-w-3xl text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">{t('hero.subtitle')}</p>
          <form
            role="search"
            className="mt-8 max-w-xl"
            onSubmit={(e) => {
              e.preventDefault();
              scrollToDestinations();
            }}
          >
            <label htmlFor="destination-search" className="sr-only">
              {t('hero.searchLabel')}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-slate-500"
              />
              <input
                id="destination-search"
                type="search"
                autoComplete="off"
                enterKeyHint="search"
                value={query}
                onChange={(e) => onQueryChange(e.target.value)}
                placeholder={t('hero.searchPlaceholder')}
                className="h-14 w-full rounded-2xl border-0 bg-white pl-12 pr-12 text-base text-ink shadow-lg outline-none ring-2 ring-transparent placeholder:text-slate-500 focus:ring-brand-200 [&::-webkit-search-cancel-button]:hidden"
              />
              {query && (
                <button
                  type="button"
                  onClick={() => onQueryChange('')}
                  aria-label={t('hero.clearSearch')}
                  className="absolute right-3 top-1/2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-ink"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              )}
            </div>
          </form>
          <ul
            aria-label={t('hero.highlights.label')}
            className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium text-brand-50"
          >
            {HIGHLIGHTS.map((id) => (
              <li key={id} className="flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-brand-200" />
                {t(`hero.highlights.${id}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <DestinationBrowser
        countries={countries.data}
        isPending={countries.isPending}
        isError={countries.isError}
        isFallback={countries.isFallback}
        isRetrying={countries.isFetching}
        onRetry={() => void countries.refetch()}
        lang={lang}
        tab={tab}
        region={region}
        query={query}
        onTabChange={onTabChange}
        onRegionChange={onRegionChange}
        onClearQuery={() => onQueryChange('')}
      />

      <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm">
              <LayoutGrid aria-hidden="true" className="size-5" />
            </span>
            <p className="text-slate-700">{t('destinations.browseAllHint')}</p>
          </div>
          <Button onClick={onBrowseAll} size="lg" className="w-full sm:w-auto">
            {t('destinations.browseAll')}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>

      <HydrateApart>
        <WhyChooseUs />
        <HowItWorksSteps />
        <CatalogFaq />
        <SecurePaymentBadge />
        <DestinationsCta />
      </HydrateApart>
    </>
  );
}

/** Soft shapes behind the hero text (decorative). */
function HeroDecoration() {
  return (
    <svg
      aria-hidden="true"
      className="pointer-events-none absolute -right-24 -top-24 h-[28rem] w-[28rem] text-white/5 sm:h-[36rem] sm:w-[36rem]"
      viewBox="0 0 200 200"
    >
      <circle cx="100" cy="100" r="98" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="100" cy="100" r="70" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="100" cy="100" r="42" fill="currentColor" />
      <ellipse cx="100" cy="100" rx="30" ry="98" fill="none" stroke="currentColor" strokeWidth="2" />
      <line x1="2" y1="100" x2="198" y2="100" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
