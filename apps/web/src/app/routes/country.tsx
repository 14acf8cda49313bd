import type { Country } from '@esim/contract/catalog';
import { REGION_DESTINATIONS, canonicalDestinationSlug } from '@esim/contract/destination-alias';
import { type Language, isLanguage } from '@esim/contract/languages';
import { GLOBAL, GLOBAL_SLUG, REGION_LABELS, regionBySlug } from '@esim/contract/regions';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useParams, useSearch } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCountries } from '../../features/catalog/api/get-countries.ts';
import { useCartActions } from '../../features/cart/hooks/use-cart.ts';
import { PlansPage } from '../../features/catalog/components/plans-page.tsx';
import { useCatalogLanguage } from '../../features/catalog/hooks/use-catalog-language.ts';
import { useSamePageNavigationCount } from '../navigation-key.ts';
import { usePageMeta } from '../page-meta.tsx';
import { NotFoundRoute } from './not-found.tsx';

/** The destination list when it cannot be loaded: only the region table resolves slugs. */
const NO_COUNTRIES: readonly Country[] = [];

/**
 * The canonical slug of the destination a path segment names (its slug in any case, code, common
 * alias or name in one of the five languages): from the destination list, or,
 * when the list lacks it (no plans yet, or not loaded), from the region table.
 */
function canonicalSlug(segment: string, countries: readonly Country[]): string | undefined {
  return canonicalDestinationSlug(segment, countries) ?? canonicalDestinationSlug(segment, REGION_DESTINATIONS);
}

/**
 * The destination a canonical slug names: a country, region or Global from the destination list,
 * or, when the list lacks it (no plans yet), a region slug or `global` from the region table.
 */
function resolveDestination(key: string, countries: readonly Country[]): Country | undefined {
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
 * `/{lang}/{country}` (`docs/product-rules.md#storefront-pages`): switches the
 * interface language to `{lang}`, resolves the country or region slug, and shows that
 * destination's products view. A segment that names a destination other than by its canonical
 * slug (`Turkey`, `uk`, `united-states`, `türkei`) is replaced by the canonical path
 * `/{lang}/{slug}` (the server answers such paths with a 301 itself). An
 * unknown slug shows the not-found screen.
 */
export function CountryRoute() {
  const params = useParams<{ lang: string; country: string }>();
  const search = useSearch();
  const { t, i18n } = useTranslation('catalog');
  const lang: Language = isLanguage(params.lang) ? params.lang : 'en';
  const segment = params.country ?? '';
  const countries = useCountries();
  const samePage = useSamePageNavigationCount();

  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);

  const known = countries.isError ? NO_COUNTRIES : countries.data;
  const slug = useMemo(() => (known ? canonicalSlug(segment, known) : undefined), [known, segment]);
  const destination = useMemo(() => (known && slug ? resolveDestination(slug, known) : undefined), [known, slug]);

  if (slug && slug !== segment) {
    return <Redirect to={`/${lang}/${slug}${search ? `?${search}` : ''}`} replace />;
  }
  if (countries.isPending) return <Spinner label={t('loading')} className="min-h-[60vh]" />;
  if (countries.isError) {
    const fallback = slug ? resolveDestination(slug, []) : undefined;
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
  // Keyed by the links followed to this very page too, so that they start it afresh.
  return <CountryPage key={`${destination.slug}#${samePage}`} destination={destination} />;
}

/** A resolved destination's products view, with the country page metadata (in the interface language). */
function CountryPage({ destination }: { destination: Country }) {
  const lang = useCatalogLanguage();
  usePageMeta({ kind: 'country', name: destination.names[lang] || destination.names.en });
  const { addItem } = useCartActions();
  return (
    <PlansPage
      destination={destination}
      onAddToCart={(product) => addItem({ productId: product.productId, quantity: 1, product })}
    />
  );
}
