import { MAX_LINE_QUANTITY } from '@esim/contract/cart-rules';
import type { CartItem } from '@esim/contract/cart';
import { CalendarDays, PackageX, Trash2, Wifi } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Flag } from '../../../components/ui/flag.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { isPendingLine } from '../hooks/optimistic-cart.ts';
import { useLineFormat } from '../hooks/use-line-format.ts';

/** A destination as the cart shows it: localised name and flag code (`null` for regions and Global). */
export interface CartDestination {
  name: string;
  flag: string | null;
}

interface CartLineProps {
  item: CartItem;
  /** Name and flag of a destination code (the route supplies the catalogue's names). */
  destinationOf: (code: string) => CartDestination;
  onQuantityChange: (itemId: number, quantity: number) => void;
  onRemove: (itemId: number) => void;
}

const removeButton =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium text-slate-600 transition hover:bg-red-50 hover:text-red-800 disabled:cursor-not-allowed disabled:opacity-40 sm:px-3';

/**
 * One cart line: flag, destination, data amount or
 * 'Unlimited', validity in days, unit price, a quantity stepper (1 to 99; the remove button
 * takes a line out), the line total and a remove button. Every control names the plan it acts
 * on. A plan that is no longer sold is shown as unavailable with only the remove button.
 */
export function CartLine({ item, destinationOf, onQuantityChange, onRemove }: CartLineProps) {
  const { t } = useTranslation('cart');
  const format = useLineFormat();
  const id = useId();
  const { product } = item;
  const pending = isPendingLine(item);

  if (!product) {
    return (
      <li>
        <article
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-body`}
          className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-amber-300 sm:gap-4 sm:p-5"
        >
          <span
            aria-hidden="true"
            className="inline-flex h-8 w-11 shrink-0 items-center justify-center rounded-md bg-amber-50 text-amber-800"
          >
            <PackageX className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-2">
              <h3 id={`${id}-title`} className="font-semibold text-ink">
                {t('line.unavailable')}
              </h3>
              <button
                type="button"
                className={removeButton}
                aria-label={t('line.removeUnavailable')}
                onClick={() => onRemove(item.id)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="max-sm:sr-only">{t('line.removeShort')}</span>
              </button>
            </div>
            <p id={`${id}-body`} className="mt-1 text-sm text-slate-700">
              {t('line.unavailableBody')}
            </p>
            <p className="mt-2 text-sm text-slate-600">{t('line.quantityValue', { count: item.quantity })}</p>
          </div>
        </article>
      </li>
    );
  }

  const destination = destinationOf(product.countryCode);
  const data = format.data(product);
  const validity = format.validity(product);
  const plan = format.name(product, destination.name);
  return (
    <li>
      <article
        aria-labelledby={`${id}-title`}
        aria-busy={pending}
        className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:gap-4 sm:p-5"
      >
        <Flag code={destination.flag} className="mt-0.5 h-8 w-11 shrink-0 rounded-md" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={`${id}-title`} className="font-semibold text-ink">
                <Link
                  href={`/products/${product.productId}`}
                  className="rounded break-words hover:text-brand-700 hover:underline"
                >
                  {destination.name}
                  <span className="sr-only">
                    {' '}
                    {data}, {validity}
                  </span>
                </Link>
              </h3>
              <p aria-hidden="true" className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                <span className="inline-flex items-center gap-1">
                  <Wifi className="size-4 text-brand-700" />
                  {data}
                </span>
                <span className="inline-flex items-center gap-1">
                  <CalendarDays className="size-4 text-brand-700" />
                  {validity}
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {t('line.unitPrice', { price: format.price(product.priceCents) })}
              </p>
            </div>
            <button
              type="button"
              className={removeButton}
              aria-label={t('line.remove', { plan })}
              disabled={pending}
              onClick={() => onRemove(item.id)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{t('line.removeShort')}</span>
            </button>
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <QuantityStepper
              size="sm"
              hideLabel
              value={item.quantity}
              min={1}
              max={MAX_LINE_QUANTITY}
              disabled={pending}
              label={t('line.quantity', { plan })}
              decreaseLabel={t('line.decrease', { plan })}
              increaseLabel={t('line.increase', { plan })}
              onChange={(quantity) => onQuantityChange(item.id, quantity)}
            />
            <p className="text-right">
              <span className="sr-only">{t('line.lineTotal')}: </span>
              <span className="text-lg font-bold text-ink">{format.price(item.lineTotalCents)}</span>
            </p>
          </div>
          {pending && <p className="mt-2 text-sm text-slate-600">{t('line.adding')}</p>}
        </div>
      </article>
    </li>
  );
}
