import type { Country, Product } from '@esim/contract/catalog';
import { ChevronDown, Loader2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { HydrateApart } from '../../../components/ui/hydrate-apart.tsx';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { PLAN_LIST_PAGE_SIZE, type PlanListPreview, previewCount } from '../api/plan-list-preview.ts';
import type { CatalogueQueryResult } from '../api/use-last-known.ts';
import { type PlanFilters, hasActiveFilters } from '../hooks/catalog-state.ts';
import { applyPlanFilters, groupPlans } from '../hooks/plan-filters.ts';
import { useDestinationNames } from '../hooks/use-destination-names.ts';
import { PlanCard, PlanGridSkeleton } from './plan-card.tsx';
import { PlanFiltersBar } from './plan-filters-bar.tsx';
import { CatalogueFallbackNotice, PlansEmptyState, PlansErrorState } from './plan-list-states.tsx';
import { AllPlansHero, CountryHero } from './products-hero.tsx';

// Three columns at most: each card's two actions need about 300 px side by side.
const PLAN_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

interface ProductsViewProps {
  /** The selected destination, or undefined for the general list. */
  destination: Country | undefined;
  /** The plans; `isFallback` when the last known plans stand in for a failed load. */
  products: CatalogueQueryResult<Product[]>;
  /**
   * The server's preview of the unfiltered general list: shown while `products` holds no plans of
   * its own (the whole list is not loaded yet). Omitted when it does not apply.
   */
  preview?: PlanListPreview | undefined;
  /** 'Show more' was pressed: the whole list is needed (the preview holds only its first page). */
  onShowMore?: (() => void) | undefined;
  filters: PlanFilters;
  onFilterChange: (filters: Partial<PlanFilters>) => void;
  onClearFilters: () => void;
  /** Reset: clear everything and go to /products. */
  onReset: () => void;
  /** Puts one of a plan in the cart (each card's add button); omitted: cards have no add button. */
  onAddToCart?: ((product: Product) => void) | undefined;
}

/**
 * The products view (`docs/product-rules.md#storefront-pages`): for a destination, the short hero and its plans
 * in a prepaid and an unlimited group; without one, the tall hero and the general list (24 at a
 * time). Filters, empty result, load failure toast ('Error loading products') and inline retry;
 * when the load fails but the last known plans stand in, they are shown under the notice
 * 'Showing sample plans while we update our database'.
 */
export function ProductsView({
  destination,
  products,
  preview,
  onShowMore,
  filters,
  onFilterChange,
  onClearFilters,
  onReset,
  onAddToCart,
}: ProductsViewProps) {
  const { t } = useTranslation('catalog');
  const { nameOf, byCode, lang } = useDestinationNames();

  const { isError, isFallback, error, errorUpdatedAt } = products;
  useEffect(() => {
    if ((isError || isFallback) && error) {
      // Through `showToast`: the toast library loads on this first toast, not with the page.
      void showToast('error', t('toast.loadError.title'), { id: 'products-load-error', description: error.message });
    }
  }, [isError, isFallback, error, errorUpdatedAt, t]);

  // Another search's plans kept on screen while this list loads do not stand for it: the preview does.
  const data = preview && products.isPlaceholderData ? undefined : products.data;
  const shownPreview = data === undefined ? preview : undefined;
  const filtered = useMemo(() => applyPlanFilters(data ?? [], filters), [data, filters]);
  const countFor = useCallback(
    (f: PlanFilters) => (shownPreview ? previewCount(shownPreview, f) : applyPlanFilters(data ?? [], f).length),
    [data, shownPreview],
  );
  const active = hasActiveFilters(filters);
  const destinationName = destination ? destination.names[lang] || destination.names.en : '';
  const heroImage = destination ? (data?.find((p) => p.imageUrl)?.imageUrl ?? null) : null;
  const showEmpty = !shownPreview && products.isSuccess && filtered.length === 0;

  const card = (p: Product) => (
    <PlanCard
      key={p.productId}
      product={p}
      destinationName={nameOf(p.countryCode)}
      flag={byCode.get(p.countryCode)?.flag ?? flagOf(p.countryCode)}
      showDestination={!destination}
      onAddToCart={onAddToCart}
    />
  );

  let content;
  if (shownPreview) {
    content = (
      <GeneralPlanList
        key={JSON.stringify(filters)}
        plans={shownPreview.plans}
        total={previewCount(shownPreview, filters)}
        loadingMore={products.isFetching}
        onShowMore={onShowMore}
        renderCard={card}
      />
    );
  } else if (products.isPending) {
    content = (
      <>
        <p role="status" className="sr-only">
          {t('loadingPlans')}
        </p>
        {/* The heading that comes with the plans, as tall as it will be (no shift when they load). */}
        <span
          aria-hidden="true"
          className={cn(
            'block w-48 animate-pulse rounded bg-slate-200',
            destination ? 'mb-3 h-[4.5rem] sm:mb-4 sm:h-8' : 'mb-4 h-7 sm:h-8',
          )}
        />
        <PlanGridSkeleton count={destination ? 8 : 12} />
      </>
    );
  } else if (products.isError && !products.data) {
    content = <PlansErrorState onRetry={() => void products.refetch()} retrying={products.isFetching} />;
  } else if (showEmpty) {
    content = (
      <PlansEmptyState
        onViewAllCountries={destination ? undefined : onReset}
        onClearFilters={active ? onClearFilters : undefined}
      />
    );
  } else if (destination) {
    const groups = groupPlans(filtered);
    content = (
      <div className="space-y-10">
        {(['prepaid', 'unlimited'] as const).map((type) =>
          groups[type].length > 0 ? (
            <section key={type} aria-labelledby={`plans-${type}`}>
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 sm:mb-4">
                <h2 id={`plans-${type}`} className="text-xl font-bold text-ink sm:text-2xl">
                  {t(`products.${type}Heading`)}
                </h2>
                <p className="text-sm text-slate-600">{t(`products.${type}Hint`)}</p>
              </div>
              <ul className={PLAN_GRID}>{groups[type].map(card)}</ul>
            </section>
          ) : null,
        )}
      </div>
    );
  } else {
    content = (
      <GeneralPlanList key={JSON.stringify(filters)} plans={filtered} total={filtered.length} renderCard={card} />
    );
  }

  return (
    <>
      {destination ? (
        <CountryHero country={destination} name={destinationName} imageUrl={heroImage} onViewAllCountries={onReset} />
      ) : (
        <AllPlansHero onBrowseDestinations={onReset} />
      )}
      <div className="mx-auto max-w-7xl px-4 pb-8 pt-4 sm:px-6 sm:py-10">
        <PlanFiltersBar
          filters={filters}
          onChange={onFilterChange}
          onClear={onClearFilters}
          hideClear={showEmpty}
          summary={
            shownPreview || data
              ? t('products.resultCount', { count: shownPreview ? countFor(filters) : filtered.length })
              : ''
          }
          countFor={countFor}
        />
        {products.isFallback && (
          <CatalogueFallbackNotice
            className="mt-4"
            onRetry={() => void products.refetch()}
            retrying={products.isFetching}
          />
        )}
        <div
          className={cn(
            'mt-4 transition-opacity sm:mt-8',
            data !== undefined && products.isPlaceholderData && products.isFetching && 'opacity-60',
          )}
          aria-busy={products.isFetching}
        >
          {/* The plans hydrate after the hero and the filters (decision record 0028). */}
          <HydrateApart>{content}</HydrateApart>
        </div>
      </div>
    </>
  );
}

/** Flag code for a plain ISO alpha-2 destination code; `null` for regions, Global and special codes. */
function flagOf(code: string): string | null {
  return /^[A-Za-z]{2}$/.test(code) ? code.toLowerCase() : null;
}

/**
 * The general plan list, 24 at a time with a 'Show more' button. `plans` may be only the first of
 * `total` plans (the server's preview): 'Show more' then asks for the rest (`onShowMore`) and
 * shows them once they are there, busy meanwhile (`loadingMore`).
 */
function GeneralPlanList({
  plans,
  total,
  loadingMore = false,
  onShowMore,
  renderCard,
}: {
  plans: Product[];
  total: number;
  loadingMore?: boolean | undefined;
  onShowMore?: (() => void) | undefined;
  renderCard: (p: Product) => ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const [shown, setShown] = useState(PLAN_LIST_PAGE_SIZE);
  const visible = plans.slice(0, shown);
  const waiting = loadingMore && visible.length < Math.min(shown, total);
  return (
    <section aria-labelledby="all-plans-list-heading">
      <h2 id="all-plans-list-heading" className="mb-4 text-xl font-bold text-ink sm:text-2xl">
        {t('products.allPlansHeading')}
      </h2>
      <ul className={PLAN_GRID}>{visible.map(renderCard)}</ul>
      {total > visible.length && (
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm text-slate-600">{t('products.showingCount', { shown: visible.length, total })}</p>
          <Button
            variant="outline"
            size="lg"
            aria-disabled={waiting || undefined}
            onClick={() => {
              if (waiting) return;
              setShown(visible.length + PLAN_LIST_PAGE_SIZE);
              onShowMore?.();
            }}
          >
            {t('products.showMore')}
            {waiting ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-4" />
            )}
          </Button>
        </div>
      )}
    </section>
  );
}
