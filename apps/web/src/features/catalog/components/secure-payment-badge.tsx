import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

/** The payment options the store accepts, as shown. */
const METHODS = ['visa', 'mastercard', 'amex', 'debit', 'applePay', 'googlePay', 'paypal'] as const;

/**
 * The secure-payment badge: a lock, the reassurance text and the accepted payment methods as
 * text badges. `compact` drops the heading and body (used beside the add-to-cart button).
 */
export function SecurePaymentBadge({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation('catalog');
  const methods = (
    <ul
      aria-label={t('payment.methodsLabel')}
      className={cn('flex flex-wrap gap-1.5', compact ? 'mt-3' : 'mt-4 justify-center sm:justify-start')}
    >
      {METHODS.map((m) => (
        <li
          key={m}
          className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-semibold text-slate-700"
        >
          {t(`payment.methods.${m}`)}
        </li>
      ))}
    </ul>
  );
  if (compact) return <div className={className}>{methods}</div>;
  return (
    <section aria-labelledby="payment-heading" className={className}>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start sm:text-left">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 id="payment-heading" className="text-lg font-semibold text-ink">
              {t('payment.heading')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('payment.body')}</p>
            {methods}
          </div>
        </div>
      </div>
    </section>
  );
}
