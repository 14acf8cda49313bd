import { formatPrice } from '@esim/contract/format';
import type { PortalTopup } from '@esim/contract/portal';
import { ArrowLeft, CheckCircle2, CircleAlert, Clock, RefreshCw, SearchX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { type PortalAccess, accessId } from '../api/access-headers.ts';
import { useCaptureTopupPaypal } from '../api/capture-topup-paypal.ts';
import { useTopup } from '../api/get-topup.ts';
import type { Destination } from '../hooks/portal-format.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { usePortalFormat } from '../hooks/use-portal-format.ts';
import { type PortalAccount, usePortalAccess } from '../hooks/use-portal-access.ts';
import { PortalShell } from './portal-page.tsx';
import { LoadErrorPanel, StatePanel } from './state-panel.tsx';
import { TokenForm } from './token-form.tsx';

const ORDER_NUMBER = /^ORD-[A-Z0-9-]{6,40}$/;

/** Seconds before the success screen returns to the portal. */
export const TOPUP_REDIRECT_SECONDS = 8;

/**
 * The top-up confirmation (`/portal/topup-confirmation?order=…`), which returns
 * to the portal by itself. Back from PayPal (the top-up still
 * `requires_approval`) it captures the payment first. Then it shows 'Top-up purchased' with the
 * plan and amount and that the bundle appears on the eSIM as queued or active, and returns to
 * `/portal` after {@link TOPUP_REDIRECT_SECONDS} seconds, with 'Back to my eSIMs' at once and
 * 'Stay on this page' to stop the countdown. Failed, cancelled and unknown top-ups are explained.
 * A signed-in user without a token reads the top-up through their account (`docs/product-rules.md#customer-portal-and-access-tokens`).
 */
export function TopupConfirmation({
  account,
  language,
  destinationOf,
}: {
  account: PortalAccount;
  /** Interface language, for the plan's name. */
  language: string;
  /** A destination code's name in the interface language, for the plan's name. */
  destinationOf: (code: string) => Destination;
}) {
  const { t } = useTranslation('portal');
  const orderNumber = new URLSearchParams(useSearch()).get('order') ?? '';
  const { access, token, setToken, clearToken } = usePortalAccess(account);
  let body;
  if (!ORDER_NUMBER.test(orderNumber)) body = <TopupNotFound />;
  else if (access === undefined) body = <Spinner label={t('confirmation.loading')} className="min-h-[30vh]" />;
  else if (access === null) body = <TokenForm onSubmit={setToken} />;
  else
    body = (
      <ConfirmationContent
        key={`${accessId(access)}:${orderNumber}`}
        access={access}
        orderNumber={orderNumber}
        onChangeToken={token ? clearToken : undefined}
        language={language}
        destinationOf={destinationOf}
      />
    );
  return (
    <PortalShell title={t('confirmation.heading')} centered>
      {body}
    </PortalShell>
  );
}

function ConfirmationContent({
  access,
  orderNumber,
  onChangeToken,
  language,
  destinationOf,
}: {
  access: PortalAccess;
  orderNumber: string;
  onChangeToken: (() => void) | undefined;
  language: string;
  destinationOf: (code: string) => Destination;
}) {
  const { t } = useTranslation('portal');
  const topup = useTopup(access, orderNumber);
  const capture = useCaptureTopupPaypal(access, orderNumber);
  const started = useRef(false);
  const { mutate } = capture;
  const needsCapture = topup.data?.paymentStatus === 'requires_approval';
  useEffect(() => {
    if (!needsCapture || started.current) return;
    started.current = true;
    mutate();
  }, [mutate, needsCapture]);

  if (capture.isPending) return <Spinner label={t('confirmation.capturing')} className="min-h-[30vh]" />;
  if (capture.isError) {
    const status = readApiError(capture.error)?.status;
    if (status === 402) return <PaymentNotCompleted iccid={topup.data?.iccid} />;
    const waiting = status === 409;
    return (
      <StatePanel
        tone={waiting ? 'neutral' : 'error'}
        icon={
          waiting ? (
            <Clock aria-hidden="true" className="size-8" />
          ) : (
            <CircleAlert aria-hidden="true" className="size-8" />
          )
        }
        title={waiting ? t('confirmation.waiting.title') : t('confirmation.error.title')}
        body={[waiting ? t('confirmation.waiting.body') : t('confirmation.error.body')]}
      >
        <Button size="lg" onClick={() => capture.mutate()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('confirmation.retry')}
        </Button>
        <BackLink />
      </StatePanel>
    );
  }
  if (!topup.data) {
    if (topup.isPending) return <Spinner label={t('confirmation.loading')} className="min-h-[30vh]" />;
    if (readApiError(topup.error)?.status === 404) return <TopupNotFound />;
    return (
      <LoadErrorPanel
        error={topup.error}
        onRetry={() => void topup.refetch()}
        retrying={topup.isFetching}
        onChangeToken={onChangeToken}
      />
    );
  }
  const data = topup.data;
  if (data.paymentStatus === 'failed' || data.paymentStatus === 'cancelled')
    return <PaymentNotCompleted iccid={data.iccid} />;
  if (data.paymentStatus === 'requires_approval')
    return <Spinner label={t('confirmation.capturing')} className="min-h-[30vh]" />;
  return <TopupPurchased topup={data} language={language} destinationOf={destinationOf} />;
}

/** 'Top-up purchased': plan, amount, where it shows, and the countdown back to the portal. */
function TopupPurchased({
  topup,
  language,
  destinationOf,
}: {
  topup: PortalTopup;
  language: string;
  destinationOf: (code: string) => Destination;
}) {
  const { t } = useTranslation('portal');
  const format = usePortalFormat(language);
  const plan = format.planName(topup.plan, destinationOf(topup.plan.countryCode));
  const [, navigate] = useLocation();
  const [staying, setStaying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const goToPortal = useCallback(() => navigate('/portal', { replace: true }), [navigate]);
  const left = useCountdown(TOPUP_REDIRECT_SECONDS, !staying, goToPortal);
  return (
    <section
      aria-labelledby="topup-done-title"
      className="flex flex-col items-center rounded-2xl bg-white px-5 py-10 text-center shadow-sm ring-1 ring-slate-200 sm:px-10"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <CheckCircle2 aria-hidden="true" className="size-9" />
      </span>
      <h2
        id="topup-done-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-3xl font-extrabold tracking-tight text-ink outline-none"
      >
        {t('confirmation.title')}
      </h2>
      <p className="mt-3 text-lg font-semibold break-words text-ink">
        {t('confirmation.summary', { plan, amount: formatPrice(topup.totalCents, topup.currency) })}
      </p>
      <p className="mt-2 max-w-prose text-slate-600">
        {topup.applied ? t('confirmation.applied') : t('confirmation.pending')}
      </p>
      <dl className="mt-5 rounded-xl bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200">
        <dt className="text-slate-600">{t('confirmation.order')}</dt>
        <dd className="font-mono font-semibold break-all text-ink">{topup.orderNumber}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">{t('confirmation.email')}</p>
      <div className="mt-7 flex w-full flex-col items-center gap-3 sm:w-auto sm:flex-row">
        <BackLink primary />
        {!staying && (
          <Button variant="ghost" size="lg" onClick={() => setStaying(true)} className="w-full sm:w-auto">
            {t('confirmation.stay')}
          </Button>
        )}
      </div>
      {!staying && (
        <p className="mt-4 text-sm text-slate-600" aria-live="off">
          {t('confirmation.redirect', { count: Math.max(left, 0) })}
        </p>
      )}
    </section>
  );
}

function BackLink({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('portal');
  return (
    <Link href="/portal" className={buttonClass(primary ? 'primary' : 'outline', 'lg', cn('w-full sm:w-auto'))}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('confirmation.back')}
    </Link>
  );
}

/** A payment cancelled on PayPal or declined: nothing charged; choose another payment. */
function PaymentNotCompleted({ iccid }: { iccid: string | undefined }) {
  const { t } = useTranslation('portal');
  return (
    <StatePanel
      tone="error"
      icon={<CircleAlert aria-hidden="true" className="size-8" />}
      title={t('confirmation.failed.title')}
      body={[t('confirmation.failed.body')]}
    >
      {iccid && (
        <Link href={`/portal/topup?iccid=${encodeURIComponent(iccid)}`} className={buttonClass('primary', 'lg')}>
          {t('confirmation.failed.retry')}
        </Link>
      )}
      <BackLink />
    </StatePanel>
  );
}

function TopupNotFound() {
  const { t } = useTranslation('portal');
  return (
    <StatePanel
      tone="neutral"
      icon={<SearchX aria-hidden="true" className="size-8" />}
      title={t('confirmation.notFound.title')}
      body={[t('confirmation.notFound.body')]}
    >
      <BackLink primary />
    </StatePanel>
  );
}
