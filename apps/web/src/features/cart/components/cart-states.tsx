import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

const bone = 'animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none';

/** Placeholder of the cart while it first loads: two lines and the summary, announced once. */
export function CartSkeleton() {
  const { t } = useTranslation('cart');
  return (
    <div aria-busy="true" className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <ul aria-hidden="true" className="space-y-4">
        {[0, 1].map((key) => (
          <li key={key} className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
            <span className={`${bone} h-8 w-11 shrink-0`} />
            <span className="flex flex-1 flex-col gap-3">
              <span className={`${bone} h-5 w-2/5`} />
              <span className={`${bone} h-4 w-3/5`} />
              <span className="mt-2 flex items-center justify-between">
                <span className={`${bone} h-10 w-32 rounded-xl`} />
                <span className={`${bone} h-6 w-16`} />
              </span>
            </span>
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <span className={`${bone} block h-6 w-1/2`} />
        <span className={`${bone} block h-4 w-full`} />
        <span className={`${bone} block h-8 w-2/3`} />
        <span className={`${bone} block h-12 w-full rounded-xl`} />
      </div>
    </div>
  );
}

/** The cart could not be loaded: what happened and a retry (`GET /api/cart` again). */
export function CartErrorState({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('cart');
  return (
    <div
      role="alert"
      className="mx-auto mt-8 flex max-w-lg flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-red-200"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-ink">{t('error.title')}</h2>
      <p className="mt-1 max-w-md text-slate-600">{t('error.body')}</p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {t('error.retry')}
      </Button>
    </div>
  );
}
