import { ArrowRight, CircleAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { useLineFormat } from '../hooks/use-line-format.ts';

interface CartSummaryProps {
  totalCount: number;
  totalCents: number;
  /** Some line's plan is no longer sold: checkout waits until it is removed. */
  hasUnavailable: boolean;
}

/**
 * The order summary: number of eSIMs, the total (USD, taxes included) and 'Checkout' linking to
 * /checkout. With an unavailable plan in the cart the checkout button is disabled and says why.
 */
export function CartSummary({ totalCount, totalCents, hasUnavailable }: CartSummaryProps) {
  const { t } = useTranslation('cart');
  const format = useLineFormat();
  return (
    <section
      aria-labelledby="cart-summary-heading"
      className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)]"
    >
      <h2 id="cart-summary-heading" className="text-lg font-semibold text-ink">
        {t('summary.heading')}
      </h2>
      <dl className="mt-4 space-y-3">
        <div className="flex items-baseline justify-between gap-4 text-sm text-slate-700">
          <dt>{t('summary.items')}</dt>
          <dd className="font-medium text-ink">{totalCount}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="font-semibold text-ink">{t('summary.total')}</dt>
          <dd className="text-2xl font-extrabold tracking-tight text-ink">{format.price(totalCents)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-600">{t('summary.taxes')}</p>
      {hasUnavailable ? (
        <>
          <p
            id="cart-unavailable-notice"
            className="mt-5 flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('summary.unavailableNotice')}
          </p>
          <Button size="lg" className="mt-3 w-full" disabled aria-describedby="cart-unavailable-notice">
            {t('summary.checkout')}
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
        </>
      ) : (
        <Link href="/checkout" className={buttonClass('primary', 'lg', 'mt-5 w-full')}>
          {t('summary.checkout')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      )}
      <p className="mt-4 flex items-start gap-2 text-xs text-slate-600">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
        {t('summary.secure')}
      </p>
    </section>
  );
}
