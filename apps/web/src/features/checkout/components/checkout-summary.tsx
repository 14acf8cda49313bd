import type { CartItem } from '@esim/contract/cart';
import { formatPrice } from '@esim/contract/format';
import { CalendarDays, PackageX, Pencil, Wifi } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Flag } from '../../../components/ui/flag.tsx';
import { usePlanLabel } from '../hooks/use-plan-label.ts';

/** A destination as the summary shows it: localised name and flag code (`null` for regions). */
export interface Destination {
  name: string;
  flag: string | null;
}

interface CheckoutSummaryProps {
  items: readonly CartItem[];
  totalCents: number;
  destinationOf: (code: string) => Destination;
}

/**
 * The order summary of the checkout: each cart line with
 * flag, destination, data, validity, quantity and line total, then the total in USD with taxes
 * included, and a link back to the cart to change it. Memoised, like the form: the cart's refetch
 * on the visit re-renders the page, not the summary (decision record 0028).
 */
export const CheckoutSummary = memo(function CheckoutSummary({
  items,
  totalCents,
  destinationOf,
}: CheckoutSummaryProps) {
  const { t } = useTranslation('checkout');
  const plan = usePlanLabel();
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="checkout-summary-heading" className="text-lg font-semibold text-ink">
          {t('summary.heading')}
        </h2>
        <Link
          href="/cart"
          className="inline-flex h-10 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 hover:underline"
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('summary.edit')}
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {items.map((item) => {
          const product = item.product;
          if (!product) {
            return (
              <li key={item.id} className="flex items-center gap-3 py-3 text-sm text-amber-900">
                <PackageX aria-hidden="true" className="size-5 shrink-0" />
                {t('summary.unavailable')}
              </li>
            );
          }
          const destination = destinationOf(product.countryCode);
          const facts = {
            dataMb: product.features.dataMb,
            unlimited: product.features.bundleType === 'unlimited',
            unlimitedPlus: product.features.tier === 'unlimited_plus',
            validityDays: product.features.validityDays,
          };
          return (
            <li key={item.id} className="flex gap-3 py-3">
              <Flag code={destination.flag} className="mt-0.5 h-6 w-8 shrink-0 rounded" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-ink">{destination.name}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-700">
                  <span className="inline-flex items-center gap-1">
                    <Wifi aria-hidden="true" className="size-3.5 text-brand-700" />
                    {plan.data(facts)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays aria-hidden="true" className="size-3.5 text-brand-700" />
                    {plan.validity(facts)}
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {t('summary.lineTotal', { quantity: item.quantity, price: formatPrice(product.priceCents) })}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-ink">{formatPrice(item.lineTotalCents)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
        <dt className="font-semibold text-ink">{t('summary.total')}</dt>
        <dd className="text-2xl font-extrabold tracking-tight text-ink">{formatPrice(totalCents)}</dd>
      </dl>
      <p className="mt-1 text-xs text-slate-600">{t('summary.taxes')}</p>
    </section>
  );
});
