import type { Country } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import { ArrowLeft, Globe2, LayoutGrid } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { flagUrl } from '../../../components/ui/flag.tsx';

interface CountryHeroProps {
  country: Country;
  name: string;
  /** A destination photo when the catalogue has one, behind the text; the flag shows either way. */
  imageUrl: string | null;
  onViewAllCountries: () => void;
}

/**
 * The shorter hero of a destination's plans: the destination image
 * behind it when there is one, its flag (a globe for regions and Global), the heading 'eSIM plans for
 * {country}' and the 'View all countries' button that resets the page. On a phone it is compact
 * (small flag, no subtitle, small button) so that the first plan shows in the first screen.
 */
export function CountryHero({ country, name, imageUrl, onViewAllCountries }: CountryHeroProps) {
  const { t } = useTranslation('catalog');
  return (
    <section
      aria-labelledby="country-hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-brand-900 to-brand-700 text-white"
    >
      {imageUrl && (
        <>
          <img src={imageUrl} alt="" className="absolute inset-0 size-full object-cover" fetchPriority="high" />
          <span
            aria-hidden="true"
            className="absolute inset-0 bg-gradient-to-r from-brand-900/95 via-brand-900/80 to-brand-900/40"
          />
        </>
      )}
      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-4 sm:flex-nowrap sm:gap-5 sm:px-6 sm:py-12">
        {/* Shown over a photo too, so the layout is the same whether or not the plans bring one. */}
        <div className="shrink-0 self-start sm:self-center">
          {country.flag ? (
            <img
              src={flagUrl(country.flag, 'large')}
              srcSet={`${flagUrl(country.flag)} 96w, ${flagUrl(country.flag, 'large')} 320w`}
              sizes="(min-width: 640px) 148px, 48px"
              alt=""
              width={160}
              height={120}
              fetchPriority="high"
              className="h-9 w-12 rounded-md object-cover shadow-lg ring-1 ring-white/30 sm:h-28 sm:w-[9.25rem] sm:rounded-xl"
            />
          ) : (
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/30 sm:size-28 sm:rounded-2xl"
            >
              <Globe2 className="size-6 text-brand-100 sm:size-16" />
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h1 id="country-hero-heading" className="text-2xl font-extrabold leading-tight tracking-tight sm:text-4xl">
            {t('products.countryTitle', { country: name })}
          </h1>
          {/* On a phone the first plan must fit in the first screen: the summary says enough. */}
          <p className="mt-2 hidden max-w-2xl text-brand-100 sm:block">
            {t('products.countrySubtitle', { country: name })}
          </p>
          {country.fromPriceCents !== null && country.planCount > 0 && (
            <p className="mt-2 inline-flex rounded-full bg-white/10 px-2.5 py-0.5 text-xs font-semibold text-white ring-1 ring-white/20 sm:mt-3 sm:px-3 sm:py-1 sm:text-sm">
              {t('products.countrySummary', { count: country.planCount, price: formatPrice(country.fromPriceCents) })}
            </p>
          )}
        </div>
        <div className="basis-full sm:shrink-0 sm:basis-auto">
          <Button
            variant="outline"
            size="sm"
            onClick={onViewAllCountries}
            className="border-white/40 bg-white/10 text-white hover:bg-white/20 sm:h-11 sm:px-4"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('products.viewAllCountries')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The tall hero of the general plan list: title, paragraph, back to destinations. */
export function AllPlansHero({ onBrowseDestinations }: { onBrowseDestinations: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <section
      aria-labelledby="all-plans-heading"
      className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:py-24">
        <h1 id="all-plans-heading" className="max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">
          {t('products.allTitle')}
        </h1>
        <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">{t('products.allSubtitle')}</p>
        <Button
          variant="outline"
          onClick={onBrowseDestinations}
          className="mt-8 border-white/40 bg-white/10 text-white hover:bg-white/20"
        >
          <LayoutGrid aria-hidden="true" className="size-4" />
          {t('products.browseDestinations')}
        </Button>
      </div>
    </section>
  );
}
