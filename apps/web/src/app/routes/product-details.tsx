import { PackageX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isProductNotFound, useProduct } from '../../features/catalog/api/get-product.ts';
import { ProductDetails, usePlanTitle } from '../../features/catalog/components/product-details.tsx';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { usePageMeta } from '../page-meta.tsx';

/** Whole positive ids only; anything else is not found without asking the API. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * `/products/{id}`: the product details screen, adding through the
 * cart provider (optimistic, so the header badge moves at once). An unknown id shows a not-found
 * state with a link back to the destinations.
 */
export function ProductDetailsRoute() {
  const params = useParams<{ id: string }>();
  const id = parseId(params.id);
  const { t } = useTranslation('catalog');
  const product = useProduct(id ?? 0, { enabled: id !== null });
  const planTitle = usePlanTitle();
  const { addItem, isAdding } = useCart();
  const notFound = id === null || (product.isError && isProductNotFound(product.error));

  usePageMeta(
    notFound
      ? { kind: 'not-found' }
      : product.data
        ? { kind: 'product', name: planTitle(product.data) }
        : { kind: 'default' },
  );

  if (notFound) {
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <PackageX aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-5 text-2xl font-bold text-ink">{t('details.notFound.title')}</h1>
        <p className="mt-2 text-slate-600">{t('details.notFound.body')}</p>
        <Link href="/products" className={buttonClass('primary', 'lg', 'mt-6')}>
          {t('details.notFound.action')}
        </Link>
      </div>
    );
  }
  if (product.data) {
    const plan = product.data;
    return (
      <ProductDetails
        product={plan}
        adding={isAdding}
        onAddToCart={(quantity) => addItem({ productId: plan.productId, quantity, product: plan })}
      />
    );
  }
  if (product.isError) {
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
      >
        <h1 className="text-2xl font-bold text-ink">{t('details.error.title')}</h1>
        <p className="text-slate-600">{product.error.message}</p>
        <Button onClick={() => void product.refetch()}>{t('details.error.retry')}</Button>
      </div>
    );
  }
  return <Spinner label={t('loading')} className="min-h-[60vh]" />;
}
