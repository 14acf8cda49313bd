import type { Country } from '@esim/contract/catalog';
import { type Language, isLanguage } from '@esim/contract/languages';
import { GLOBAL, GLOBAL_SLUG, REGION_LABELS, regionBySlug } from '@esim/contract/regions';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCountries } from '../../features/catalog/api/get-countries.ts';
import { CatalogPage } from '../../features/catalog/components/catalog-page.tsx';
import { useCatalogLanguage } from '../../features/catalog/hooks/use-catalog-language.ts';
import { usePageMeta } from '../page-meta.tsx';
import { NotFoundRoute } from './not-found.tsx';

/**
 * The destination a slug names: a country, region or Global from the destination list, or, when
 * the list lacks it (no plans yet), a region slug or `global` from the region table.
 */
function resolveDestination(slug: string, countries: readonly Country[]): Country | undefined {
  const key = slug.toLowerCase();
  const listed = countries.find((c) => c.slug === key);
  if (listed) return listed;
  const region = regionBySlug(key);
  const name = region ? region.name : key === GLOBAL_SLUG ? GLOBAL : undefined;
  if (!name) return undefined;
  return {
    code: name,
    slug: key,
    names: REGION_LABELS[name],
    type: name === GLOBAL ? 'global' : 'regional',
    region: null,
    planCount: 0,
    fromPriceCents: null,
    flag: null,
  };
}

/**
 * `/{lang}/{country}` (specification section 2 "Localized country route"): switches the
 * interface language to `{lang}`, resolves the country or region slug, and shows that
 * destination's products view. An unknown slug shows the not-found screen.
 */
export function CountryRoute() {
  const params = useParams<{ lang: string; country: string }>();
  const { t, i18n } = useTranslation('catalog');
  const lang: Language = isLanguage(params.lang) ? params.lang : 'en';
  const slug = params.country ?? '';
  const countries = useCountries();

  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);

  const destination = useMemo(
    () => (countries.data ? resolveDestination(slug, countries.data) : undefined),
    [countries.data, slug],
  );

  if (countries.isPending) return <Spinner label={t('loading')} className="min-h-[60vh]" />;
  if (countries.isError) {
    const fallback = resolveDestination(slug, []);
    if (!fallback) {
      return (
        <div
          role="alert"
          className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
        >
          <p className="text-lg font-semibold text-ink">{t('country.loadError')}</p>
          <Button onClick={() => void countries.refetch()}>{t('destinations.retry')}</Button>
        </div>
      );
    }
    return <CountryPage destination={fallback} />;
  }
  if (!destination) return <NotFoundRoute />;
  return <CountryPage key={destination.slug} destination={destination} />;
}

/** A resolved destination's products view, with the country page metadata (in the interface language). */
function CountryPage({ destination }: { destination: Country }) {
  const lang = useCatalogLanguage();
  usePageMeta({ kind: 'country', name: destination.names[lang] || destination.names.en });
  return <CatalogPage destination={destination} />;
}
