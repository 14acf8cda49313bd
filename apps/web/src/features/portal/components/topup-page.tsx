import type { Language } from '@esim/contract/languages';
import { ArrowLeft, Lock, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PaypalCancelledNotice, useRecordPaypalCancel } from '../../../components/payment/paypal-return.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { captureTopupPaypal } from '../api/capture-topup-paypal.ts';
import { type PortalAccess, accessId } from '../api/access-headers.ts';
import { useTopupOptions } from '../api/get-topup-options.ts';
import type { Destination } from '../hooks/portal-format.ts';
import { type PortalAccount, usePortalAccess } from '../hooks/use-portal-access.ts';
import { EsimSummary } from './esim-summary.tsx';
import { PortalShell } from './portal-page.tsx';
import { LoadErrorPanel, StatePanel } from './state-panel.tsx';
import { TokenForm } from './token-form.tsx';
import { TopupForm } from './topup-form.tsx';

const ICCID = /^\d{19,20}$/;

interface TopupPageProps {
  language: Language;
  destinationOf: (code: string) => Destination;
  /** The signed-in account's user id, `null` signed out, `undefined` while loading (from the route). */
  account: PortalAccount;
}

/**
 * The top-up page (`/portal/topup?iccid=…`): asks for
 * the access token when the tab has none and nobody is signed in (a signed-in user tops up the
 * eSIMs of their account, `docs/product-rules.md#customer-portal-and-access-tokens`), then shows the eSIM being topped up and the top-up
 * form. Only active eSIMs can be topped up (`docs/product-rules.md#top-ups`: otherwise
 * 'Activate to Top-Up'). Back from a cancelled PayPal payment (`&paypal=cancelled&order=…`) it says so and
 * records the cancellation once.
 */
export function TopupPage({ language, destinationOf, account }: TopupPageProps) {
  // The shared card fields' texts load with the portal's own, so the page suspends once.
  const { t } = useTranslation(['portal', 'payment']);
  const params = new URLSearchParams(useSearch());
  const iccid = params.get('iccid') ?? '';
  const paypalCancelled = params.get('paypal') === 'cancelled';
  const { access, token, setToken, clearToken } = usePortalAccess(account);
  useRecordPaypalCancel(
    paypalCancelled ? params.get('order') : null,
    useMemo(() => (access ? (orderNumber: string) => captureTopupPaypal(access, orderNumber) : null), [access]),
  );

  let body;
  if (!ICCID.test(iccid)) body = <EsimNotFound />;
  else if (access === undefined) body = <Spinner label={t('topup.loading')} className="min-h-[30vh]" />;
  else if (access === null) body = <TokenForm onSubmit={setToken} />;
  else
    body = (
      <TopupContent
        key={`${accessId(access)}:${iccid}`}
        access={access}
        iccid={iccid}
        language={language}
        destinationOf={destinationOf}
        onChangeToken={token ? clearToken : undefined}
      />
    );

  return (
    <PortalShell
      title={t('topup.title')}
      lead={t('topup.lead')}
      back={
        <Link
          href="/portal"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg font-semibold text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('topup.back')}
        </Link>
      }
    >
      {paypalCancelled && (
        <PaypalCancelledNotice
          className="mb-6"
          title={t('topup.paypalCancelled.title')}
          body={t('topup.paypalCancelled.body')}
        />
      )}
      {body}
    </PortalShell>
  );
}

interface TopupContentProps {
  access: PortalAccess;
  iccid: string;
  language: Language;
  destinationOf: (code: string) => Destination;
  onChangeToken: (() => void) | undefined;
}

/** The eSIM and its plans once loaded, or why they cannot be shown. */
function TopupContent({ access, iccid, language, destinationOf, onChangeToken }: TopupContentProps) {
  const { t } = useTranslation('portal');
  const options = useTopupOptions(access, iccid);
  if (!options.data) {
    if (options.isPending) return <Spinner label={t('topup.loading')} className="min-h-[30vh]" />;
    const info = readApiError(options.error);
    if (info?.status === 409 && info.code === 'esim_refunded') {
      return (
        <StatePanel
          tone="neutral"
          icon={<Lock aria-hidden="true" className="size-8" />}
          title={t('topup.refunded.title')}
          body={[t('topup.refunded.body')]}
        >
          <Link href="/portal" className={buttonClass('primary', 'lg')}>
            {t('topup.back')}
          </Link>
        </StatePanel>
      );
    }
    if (info?.status === 409) {
      return (
        <StatePanel
          tone="neutral"
          icon={<Lock aria-hidden="true" className="size-8" />}
          title={t('topup.unavailable.title')}
          body={[t('topup.unavailable.body')]}
        >
          <Link href="/portal" className={buttonClass('primary', 'lg')}>
            {t('topup.back')}
          </Link>
        </StatePanel>
      );
    }
    if (info?.status === 404 || info?.status === 400) return <EsimNotFound />;
    return (
      <LoadErrorPanel
        error={options.error}
        onRetry={() => void options.refetch()}
        retrying={options.isFetching}
        onChangeToken={onChangeToken}
      />
    );
  }
  const { esim, products } = options.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-8">
      <div className="min-w-0 lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:col-start-2 lg:row-start-1">
        <EsimSummary esim={esim} language={language} destination={destinationOf(esim.countryCode)} />
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        {products.length === 0 ? (
          <p className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
            {t('topup.plans.empty')}
          </p>
        ) : (
          <TopupForm access={access} iccid={iccid} products={products} language={language} />
        )}
      </div>
    </div>
  );
}

/** An ICCID missing from the link, malformed, or not this token's. */
function EsimNotFound() {
  const { t } = useTranslation('portal');
  return (
    <StatePanel
      tone="neutral"
      icon={<SearchX aria-hidden="true" className="size-8" />}
      title={t('topup.notFound.title')}
      body={[t('topup.notFound.body')]}
    >
      <Link href="/portal" className={buttonClass('primary', 'lg')}>
        {t('topup.back')}
      </Link>
    </StatePanel>
  );
}
