import type { Product } from '@esim/contract/catalog';
import { ArrowRight, CalendarDays, Gauge, ShoppingCart } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Flag } from '../../../components/ui/flag.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePlanFormat, usePlanName } from '../hooks/use-plan-format.ts';

const COVERAGE_BADGE = {
  local: 'bg-sky-50 text-sky-800 ring-sky-200',
  regional: 'bg-violet-50 text-violet-800 ring-violet-200',
  global: 'bg-amber-50 text-amber-900 ring-amber-200',
} as const;

/**
 * The card's two actions, side by side even at 360 px: the store's button look (`buttonClass`)
 * with tighter padding, and a minimum rather than a fixed height so that a long label
 * ("In den Warenkorb") wraps inside the button instead of overflowing it.
 */
const CARD_ACTION =
  'inline-flex min-h-11 min-w-0 items-center justify-center gap-1.5 rounded-xl px-3 py-1.5 text-center text-sm font-semibold leading-tight transition-colors';

interface PlanCardProps {
  product: Product;
  /** Localised destination name. */
  destinationName: string;
  /** Flag code of the destination, `null` for regions and Global. */
  flag: string | null;
  /** Shows the destination line (general list); on a destination's page it is only read out. */
  showDestination?: boolean;
  /**
   * Puts one of this plan in the cart (the route hands in the cart's add, whose toasts and
   * optimistic badge are the cart's). Without it the card has no add button.
   */
  onAddToCart?: ((product: Product) => void) | undefined;
}

/**
 * The one place a plan card names its plan (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`): the large headline (data amount, or the
 * tier where the data amount would not tell Unlimited and Unlimited Plus apart), the validity,
 * and the full name read out by the add button, from the shared plan-name function
 * (`@esim/contract/plan-name` through `usePlanName`: "Turkey eSIM: 1GB, 7 days").
 */
function useCardPlanName() {
  const { t } = useTranslation('catalog');
  const format = usePlanFormat();
  const planName = usePlanName();
  return (product: Product) => {
    const { features } = product;
    const tier = features.bundleType === 'unlimited' ? (features.tier ?? 'unlimited') : null;
    const headline = tier === 'unlimited_plus' ? t('plan.tier.unlimited_plus') : format.data(product);
    const validity = format.validity(product);
    return { headline, validity, full: planName(product) };
  };
}

/**
 * A plan tile: destination, coverage badge, the data amount large, validity, the unlimited tier
 * with its speed policy, price, a 'View details' link to `/products/{id}` (described by the
 * plan's heading so that each link is distinguishable) and, beside it rather than inside it, an
 * 'Add to cart' button named after the plan ("Add to cart: Turkey 1GB 7 days"), so that each
 * button's name is unique.
 */
export function PlanCard({ product, destinationName, flag, showDestination = true, onAddToCart }: PlanCardProps) {
  const { t } = useTranslation('catalog');
  const format = usePlanFormat();
  const name = useCardPlanName()(product);
  const id = useId();
  const { features } = product;
  const tier = features.bundleType === 'unlimited' ? (features.tier ?? 'unlimited') : null;
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={`${id}-title`}
        className="flex h-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:gap-4 sm:p-5 ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-500"
      >
        <p className={cn('flex min-w-0 items-center gap-2', !showDestination && 'sr-only')}>
          <Flag code={flag} className="h-5 w-7 shrink-0 rounded" />
          <span id={`${id}-dest`} className="truncate text-sm font-medium text-slate-700">
            {destinationName}
          </span>
        </p>
        <div className="flex items-start justify-between gap-3">
          <h3 id={`${id}-title`} className="min-w-0">
            <span
              className={cn(
                'block font-extrabold tracking-tight text-ink',
                features.bundleType === 'unlimited' ? 'text-2xl leading-9' : 'text-3xl',
              )}
            >
              {name.headline}
            </span>
            <span className="mt-1 flex items-center gap-1.5 text-sm font-medium text-slate-600">
              <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
              {name.validity}
            </span>
          </h3>
          <div className="flex shrink-0 flex-col items-end gap-1.5 text-right">
            <p>
              <span className="sr-only">{t('plan.priceLabel')}: </span>
              <span className="text-2xl font-bold text-ink">{format.price(product.priceCents)}</span>
            </p>
            <span
              className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1', COVERAGE_BADGE[features.type])}
            >
              {t(`plan.coverage.${features.type}`)}
            </span>
            {features.discountPercent > 0 && (
              <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-rose-800 ring-1 ring-rose-200">
                {t('plan.discount', { percent: features.discountPercent })}
              </span>
            )}
          </div>
        </div>

        {tier && (
          <div className="rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
            <span className="inline-flex rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-bold text-white">
              {t(`plan.tier.${tier}`)}
            </span>
            <p className="mt-1.5 flex items-start gap-1.5 text-xs text-brand-900">
              <Gauge aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              {t(`plan.tierPolicy.${tier}`)}
            </p>
          </div>
        )}

        <div className={cn('mt-auto grid gap-2', onAddToCart && 'grid-cols-2')}>
          <Link
            href={`/products/${product.productId}`}
            aria-describedby={`${id}-dest ${id}-title`}
            className={cn(CARD_ACTION, 'bg-brand-50 text-brand-800 hover:bg-brand-100')}
          >
            {t('plan.viewDetails')}
            <ArrowRight aria-hidden="true" className={cn('size-4 shrink-0', onAddToCart && 'hidden xl:block')} />
          </Link>
          {onAddToCart && (
            <button
              type="button"
              className={cn(CARD_ACTION, 'bg-brand-700 text-white shadow-sm hover:bg-brand-800')}
              aria-label={t('plan.addToCartLabel', { plan: name.full })}
              onClick={() => onAddToCart(product)}
            >
              <ShoppingCart aria-hidden="true" className="size-4 shrink-0" />
              {t('plan.addToCart')}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

/** Placeholder plan tiles while plans load (same height as real ones, so nothing shifts). */
export function PlanGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className="h-[9.25rem] animate-pulse rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:h-[10.25rem] sm:p-5"
        >
          <span className="block h-8 w-1/3 rounded bg-slate-200" />
          <span className="mt-2 block h-4 w-1/4 rounded bg-slate-100" />
          <span className="mt-6 block h-11 w-full rounded-xl bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
