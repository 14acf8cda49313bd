import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatPrice } from '@esim/contract/format';
import { useCart } from '../hooks/use-cart.ts';
import { type CartDestination, CartLine } from './cart-line.tsx';
import { CartRefetchOnVisit } from './cart-refetch-on-visit.tsx';
import { CartErrorState, CartSkeleton } from './cart-states.tsx';
import { CartSummary } from './cart-summary.tsx';
import { ClearCartButton } from './clear-cart-button.tsx';
import { EmptyCart } from './empty-cart.tsx';

/**
 * The text for a polite live region: nothing for the first value (the page itself says it), then
 * every later value, so that a screen reader hears each change of count and total once.
 */
function useChangeAnnouncement(text: string): string {
  const [initial, setInitial] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  if (initial === null) {
    if (text) setInitial(text);
  } else if (!changed && text !== initial) {
    setChanged(true);
  }
  return changed ? text : '';
}

/**
 * The cart screen: the lines, the number of items, the order summary with 'Checkout', 'Clear
 * cart', and the loading, error and empty states. Changes are optimistic and the new count and
 * total are read out by a polite live region. The cart is refetched on every visit (always
 * stale). The page is at least a screen high and its skeleton has the loaded layout, so the
 * cart's arrival shifts nothing (CLS budget, decision record 0023).
 */
export function CartPage({ destinationOf }: { destinationOf: (code: string) => CartDestination }) {
  const { t } = useTranslation('cart');
  const cart = useCart();
  const hasItems = cart.items.length > 0;
  const itemCount = t('itemCount', { count: cart.totalCount });
  const announcement = useChangeAnnouncement(
    !cart.cart
      ? ''
      : hasItems
        ? t('announce', { items: itemCount, total: formatPrice(cart.totalCents) })
        : t('empty.title'),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lineCount = cart.items.length;
  const previousLineCount = useRef(lineCount);
  useEffect(() => {
    // A removed line (or a cleared cart) takes the focused button with it: keep keyboard users
    // on the page instead of at the start of the document.
    const removed = lineCount < previousLineCount.current;
    previousLineCount.current = lineCount;
    const active = document.activeElement;
    if (removed && (!active || active === document.body)) headingRef.current?.focus();
  }, [lineCount]);

  let body;
  if (!cart.cart) {
    body = cart.isError ? <CartErrorState onRetry={cart.refetch} retrying={cart.isFetching} /> : <CartSkeleton />;
  } else if (!hasItems) {
    body = <EmptyCart />;
  } else {
    body = (
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="cart-lines-heading" className="min-w-0">
          <h2 id="cart-lines-heading" className="sr-only">
            {t('linesHeading')}
          </h2>
          <ul className="space-y-4">
            {cart.items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                destinationOf={destinationOf}
                onQuantityChange={cart.updateQuantity}
                onRemove={cart.removeItem}
              />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <Link
              href="/products"
              className="inline-flex h-11 items-center gap-2 rounded-xl px-1 text-sm font-semibold text-brand-800 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('continueShopping')}
            </Link>
            <ClearCartButton totalCount={cart.totalCount} onConfirm={cart.clearCart} clearing={cart.isClearing} />
          </div>
        </section>
        <CartSummary
          totalCount={cart.totalCount}
          totalCents={cart.totalCents}
          hasUnavailable={cart.items.some((item) => item.product === null)}
        />
      </div>
    );
  }

  // At least a screen high: the cart's arrival (lines, summary, or the empty state) moves no footer into view.
  return (
    <div className="mx-auto min-h-screen max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-extrabold tracking-tight text-ink focus:outline-none sm:text-4xl"
        >
          {t('title')}
        </h1>
        {hasItems && <p className="text-slate-600">{itemCount}</p>}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {body}
      <CartRefetchOnVisit />
    </div>
  );
}
