import type { Product } from '@esim/contract/catalog';
import { formatDataAmount, formatPrice } from '@esim/contract/format';
import { CalendarDays, Check, Infinity as InfinityIcon, Wifi } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/form/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import type { TopupFormValues } from '../hooks/topup-form.ts';

const optionCard =
  'relative flex h-full cursor-pointer flex-col rounded-2xl border border-slate-300 bg-white p-4 transition hover:border-brand-600 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

/**
 * The compatible plans as a radio group of cards (the top-up options of
 * `GET /api/portal/esims/{iccid}/topups`): data (in MB or GB; 'Unlimited' or 'Unlimited Plus'
 * with its daily fair use, `docs/product-rules.md#prices-and-currency`), validity, price (USD) and
 * discount.
 * Native radios (a `radiogroup` named by its legend): arrow keys move the choice; each radio
 * is transparent over its whole card, so a tap anywhere on the card chooses it.
 */
export function PlanOptions({ products, error }: { products: readonly Product[]; error: string | undefined }) {
  const { t } = useTranslation('portal');
  const { register } = useFormContext<TopupFormValues>();
  const registration = register('productId');
  return (
    <fieldset
      role="radiogroup"
      className="min-w-0"
      aria-describedby={cn('topup-plans-hint', error && 'topup-plans-error') || undefined}
    >
      <legend className="text-lg font-semibold text-ink">{t('topup.plans.legend')}</legend>
      <p id="topup-plans-hint" className="mt-1 text-sm text-slate-600">
        {t('topup.plans.hint')}
      </p>
      <div className="mt-4 grid gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3">
        {products.map((product) => {
          const { features } = product;
          const unlimited = features.bundleType === 'unlimited' || features.dataMb === null;
          const plus = features.tier === 'unlimited_plus';
          const data = unlimited
            ? plus
              ? t('topup.plans.unlimitedPlus')
              : t('topup.plans.unlimited')
            : formatDataAmount(features.dataMb);
          return (
            <label key={product.productId} className={optionCard}>
              <input
                type="radio"
                value={String(product.productId)}
                aria-invalid={error ? true : undefined}
                className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-2xl opacity-0"
                {...registration}
              />
              <span
                aria-hidden="true"
                className="absolute top-4 right-4 inline-flex size-5 items-center justify-center rounded-full border-2 border-slate-300 bg-white text-white peer-checked:border-brand-700 peer-checked:bg-brand-700"
              >
                <Check className="size-3" strokeWidth={3} />
              </span>
              <span className="flex items-center gap-2 pr-8 text-2xl font-extrabold tracking-tight text-ink">
                {unlimited && <InfinityIcon aria-hidden="true" className="size-6 text-brand-700" />}
                {data}
              </span>
              <span className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                <CalendarDays aria-hidden="true" className="size-4 text-brand-700" />
                {t('topup.plans.validity', { count: features.validityDays })}
              </span>
              {unlimited && (
                <span className="mt-1 text-sm text-slate-600">
                  {t(`topup.plans.fairUse.${plus ? 'unlimited_plus' : 'unlimited'}`)}
                </span>
              )}
              {features.hotspot && (
                <span className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                  <Wifi aria-hidden="true" className="size-4" />
                  {t('topup.plans.hotspot')}
                </span>
              )}
              <span className="mt-auto flex items-end justify-between gap-2 pt-4">
                <span className="text-xl font-bold text-ink">{formatPrice(product.priceCents, product.currency)}</span>
                {features.discountPercent > 0 && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {t('topup.plans.discount', { percent: features.discountPercent })}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && <FieldError id="topup-plans-error">{error}</FieldError>}
    </fieldset>
  );
}
