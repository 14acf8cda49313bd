import type { Product } from '@esim/contract/catalog';
import {
  BatteryCharging,
  CalendarDays,
  ChevronRight,
  Gauge,
  Globe2,
  Loader2,
  MapPin,
  MessageSquareOff,
  RotateCcw,
  ShieldCheck,
  ShoppingCart,
  Wifi,
  Zap,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Flag } from '../../../components/ui/flag.tsx';
import { HydrateApart } from '../../../components/ui/hydrate-apart.tsx';
import { useDestinationNames } from '../hooks/use-destination-names.ts';
import { usePlanFormat, usePlanName } from '../hooks/use-plan-format.ts';
import { CoverageList, LocalNetworks } from './coverage-list.tsx';
import { MIN_QUANTITY, QuantityStepper } from './quantity-stepper.tsx';
import { SecurePaymentBadge } from './secure-payment-badge.tsx';

/**
 * The localised title of a plan, e.g. "Japan eSIM: Unlimited Plus, 1 day" (also the page title):
 * the store's one naming rule, see {@link usePlanName}.
 */
export function usePlanTitle(): (product: Product) => string {
  return usePlanName();
}

/**
 * The product details screen: breadcrumb back to the destination, plan facts (data, validity,
 * coverage, type), the unlimited speed policy, what's included (data only, hotspot, instant
 * activation, activation on first use at the destination), networks and covered countries, and
 * the purchase card with a 1–10 quantity stepper and 'Add to cart'. Adding is the caller's (the
 * route hands in the cart's add, so that this feature does not depend on the cart feature).
 */
export function ProductDetails({
  product,
  onAddToCart,
  adding = false,
}: {
  product: Product;
  /** Adds `quantity` of this plan to the cart. */
  onAddToCart: (quantity: number) => void;
  /** An add is in flight: the button shows a spinner and is disabled. */
  adding?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { nameOf, byCode, lang } = useDestinationNames();
  const format = usePlanFormat();
  const title = usePlanTitle()(product);
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const { features } = product;
  const destination = byCode.get(product.countryCode);
  const destinationName = nameOf(product.countryCode);
  const flag =
    destination?.flag ?? (/^[A-Z]{2}$/i.test(product.countryCode) ? product.countryCode.toLowerCase() : null);
  const tier = features.bundleType === 'unlimited' ? (features.tier ?? 'unlimited') : null;
  const covered = features.coveredCountries.length > 0 ? features.coveredCountries : [product.countryCode];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <nav aria-label={t('details.breadcrumb')} className="text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600">
          <li>
            <Link href="/products" className="rounded hover:text-brand-700 hover:underline">
              {t('details.allDestinations')}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4 text-slate-400" />
          </li>
          <li>
            {destination ? (
              <Link
                href={`/${lang}/${encodeURIComponent(destination.slug)}`}
                className="rounded hover:text-brand-700 hover:underline"
              >
                {destinationName}
              </Link>
            ) : (
              destinationName
            )}
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4 text-slate-400" />
          </li>
          <li aria-current="page" className="font-medium text-ink">
            {format.tierData(product)}, {format.validity(product)}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section
          aria-labelledby="plan-title"
          className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <div className="bg-gradient-to-br from-brand-900 to-brand-700 p-5 text-white sm:p-6">
            <div className="flex items-center gap-3">
              <Flag code={flag} className="h-9 w-12 rounded-md ring-2 ring-white/30" />
              <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold">
                {t(`plan.coverage.${features.type}`)}
              </span>
              {tier && (
                <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-bold text-brand-800">
                  {t(`plan.tier.${tier}`)}
                </span>
              )}
            </div>
            <h1 id="plan-title" className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
              {title}
            </h1>
          </div>
          <dl className="grid grid-cols-2 gap-px bg-slate-200 sm:grid-cols-4">
            <Fact icon={<Wifi className="size-4" />} label={t('details.facts.data')} value={format.tierData(product)} />
            <Fact
              icon={<CalendarDays className="size-4" />}
              label={t('details.facts.validity')}
              value={format.validity(product)}
            />
            <Fact
              icon={<Globe2 className="size-4" />}
              label={t('details.facts.coverage')}
              value={
                features.type === 'local' ? destinationName : t('plan.coverageCountries', { count: covered.length })
              }
            />
            <Fact
              icon={<Zap className="size-4" />}
              label={t('details.facts.type')}
              value={t(`details.facts.${features.bundleType}`)}
            />
          </dl>
        </section>

        <aside
          aria-labelledby="purchase-heading"
          className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="purchase-heading" className="text-lg font-semibold text-ink">
            {t('details.purchase.heading')}
          </h2>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="sr-only">{t('plan.priceLabel')}: </span>
            <span className="text-4xl font-extrabold tracking-tight text-ink">{format.price(product.priceCents)}</span>
            {features.discountPercent > 0 && (
              <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-rose-800 ring-1 ring-rose-200">
                {t('plan.discount', { percent: features.discountPercent })}
              </span>
            )}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('details.purchase.taxes')}</p>
          <div className="mt-5 flex items-end justify-between gap-4">
            <QuantityStepper value={quantity} onChange={setQuantity} />
            <p className="text-right">
              <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">
                {t('details.purchase.total')}
              </span>
              <span className="text-xl font-bold text-ink" aria-live="polite">
                {format.price(product.priceCents * quantity)}
              </span>
            </p>
          </div>
          <Button
            size="lg"
            className="mt-5 w-full"
            aria-busy={adding}
            disabled={adding}
            onClick={() => onAddToCart(quantity)}
          >
            {adding ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <ShoppingCart aria-hidden="true" className="size-5" />
            )}
            {t('details.purchase.addToCart')}
          </Button>
          <p className="mt-4 flex items-start gap-2 text-xs text-slate-600">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {t('details.purchase.secure')}
          </p>
          <SecurePaymentBadge compact />
        </aside>

        <div className="space-y-6 lg:col-start-1">
          {/* The plan's policy, what is included and its networks hydrate after the rest (decision record 0028). */}
          <HydrateApart>
            {tier && (
              <section
                aria-labelledby="policy-heading"
                className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6"
              >
                <h2 id="policy-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
                  <Gauge aria-hidden="true" className="size-5 text-brand-700" />
                  {t('details.policy.heading')}
                </h2>
                <p className="mt-2 text-brand-900">{t(`details.policy.${tier}`)}</p>
                <p className="mt-1 text-sm text-slate-700">{t('details.policy.renewal')}</p>
              </section>
            )}

            <section
              aria-labelledby="included-heading"
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
            >
              <h2 id="included-heading" className="text-lg font-semibold text-ink">
                {t('details.included.heading')}
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                <Included icon={<MessageSquareOff className="size-4" />}>{t('details.included.dataOnly')}</Included>
                <Included icon={<BatteryCharging className="size-4" />}>
                  {features.hotspot ? t('details.included.hotspot') : t('details.included.noHotspot')}
                </Included>
                <Included icon={<Zap className="size-4" />}>{t('details.included.instant')}</Included>
                <Included icon={<MapPin className="size-4" />}>{t('details.included.activation')}</Included>
                <Included icon={<RotateCcw className="size-4" />}>{t('details.included.refund')}</Included>
              </ul>
            </section>

            {features.type === 'local' ? (
              <LocalNetworks countryCode={covered[0] ?? product.countryCode} networks={features.networks} />
            ) : (
              <CoverageList countries={covered} networks={features.networks} />
            )}
          </HydrateApart>
        </div>
      </div>
    </div>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="bg-white p-4">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-600">
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-lg font-bold break-words text-ink">{value}</dd>
    </div>
  );
}

function Included({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
      >
        {icon}
      </span>
      <span className="pt-1.5">{children}</span>
    </li>
  );
}
