import { formatPrice } from '@esim/contract/format';
import type { Language } from '@esim/contract/languages';
import type { OrderLine, OrderView } from '@esim/contract/order';
import { CheckCircle2, CircleAlert, Clock, KeyRound, Printer, RefreshCw, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Flag } from '../../../components/ui/flag.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { clearHashFromAddressBar, tokenFromHash, tokenHash } from '../../../lib/access-token.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { brandDisplayName } from '../../../lib/card-number.ts';
import { useOrder } from '../api/use-order.ts';
import { forgetAccessToken, loadAccessToken, saveCheckout } from '../hooks/checkout-storage.ts';
import { isPreparing } from '../hooks/order-progress.ts';
import { usePlanLabel } from '../hooks/use-plan-label.ts';
import type { Destination } from './checkout-summary.tsx';
import { EsimCard } from './esim-card.tsx';
import { OrderPrivate } from './order-private.tsx';

const ORDER_NUMBER = /^ORD-[A-Z0-9-]{6,40}$/;

interface OrderConfirmationProps {
  orderNumber: string;
  language: Language;
  destinationOf: (code: string) => Destination;
  /** Whether someone is signed in (their orders open by the session cookie); `undefined` while loading. */
  signedIn: boolean | undefined;
  /** The sign-in page that comes back here (`/auth?next=…`), offered when the order page is private. */
  signInHref: string;
}

/** Answers that mean "not for you" (the API's 404 for unknown and foreign orders alike). */
const PRIVATE_STATUSES = new Set([400, 401, 403, 404]);

/**
 * The access token of the page: from the URL fragment (`#token=`, the e-mail's link; removed from
 * the address bar at once), the checkout in this tab, or the private page's field (`setToken`).
 * Nothing else of the buyer's is needed here: their browser reads the order with its visitor
 * session (`X-Session-Id`, local storage) or their account's cookie.
 */
function useAccessToken(orderNumber: string) {
  // The server's render (no window) has no token: the page shows its loading state until the browser reads it.
  const [token, setToken] = useState(() =>
    typeof window === 'undefined' ? null : (tokenFromHash(window.location.hash) ?? loadAccessToken(orderNumber)),
  );
  useEffect(() => {
    if (tokenFromHash(window.location.hash)) clearHashFromAddressBar();
  }, []);
  return { token, setToken };
}

/**
 * Keeps `token` for the tab once the order has been read with it, and forgets it as soon as the
 * order answers "not for you" with it: a wrong, expired or revoked token is never sent again.
 */
function useRememberedToken(orderNumber: string, token: string | null, opened: boolean, refused: boolean) {
  useEffect(() => {
    if (token === null) return;
    if (opened) saveCheckout({ orderNumber, accessToken: token });
    else if (refused) forgetAccessToken(orderNumber, token);
  }, [orderNumber, token, opened, refused]);
}

/**
 * The order confirmation (`/order-confirmation/{orderNumber}`): order
 * number, date, items, total and payment; a 'Preparing your eSIMs' state polled while
 * fulfilment runs; one card per eSIM with QR code and activation details; and the portal access
 * token with a link to the portal. An order this browser may not read, an unknown one and a
 * malformed number alike show the private page ({@link OrderPrivate}), never 'Order Not Found':
 * the link is often opened on another device, and the page must not tell which numbers exist.
 */
export function OrderConfirmation({
  orderNumber,
  language,
  destinationOf,
  signedIn,
  signInHref,
}: OrderConfirmationProps) {
  // The shared install details' texts load with the page's own, so the page suspends once.
  const { t } = useTranslation(['checkout', 'esim']);
  const valid = ORDER_NUMBER.test(orderNumber);
  const { token: accessToken, setToken } = useAccessToken(orderNumber);
  const order = useOrder(orderNumber, accessToken, valid);
  // A token typed into the private page: while it is tried the page stays, its button busy.
  const [pasted, setPasted] = useState(false);
  const status = readApiError(order.error)?.status;
  const isPrivate = !valid || (!order.data && status !== undefined && PRIVATE_STATUSES.has(status));
  const opened = order.data !== undefined;
  useRememberedToken(orderNumber, accessToken, opened, isPrivate);
  // The order replaces the private page further down the screen: show it from its top.
  useEffect(() => {
    if (pasted && opened) window.scrollTo({ top: 0 });
  }, [pasted, opened]);
  const { refetch } = order;
  const tryToken = useCallback(
    (token: string) => {
      setPasted(true);
      if (token === accessToken) void refetch();
      else setToken(token);
    },
    [accessToken, refetch, setToken],
  );

  if (!order.data) {
    if (isPrivate || (pasted && order.isPending)) {
      const checking = valid && order.isFetching;
      return (
        <OrderPrivate
          onToken={tryToken}
          checking={checking}
          refused={accessToken !== null && isPrivate && !checking}
          signedIn={signedIn}
          signInHref={signInHref}
        />
      );
    }
    if (order.isPending) return <Spinner label={t('order.loading')} className="min-h-[60vh]" />;
    return (
      <div
        role="alert"
        className="mx-auto my-16 max-w-lg rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
      >
        <h1 className="text-2xl font-bold text-ink">{t('order.error.title')}</h1>
        <p className="mt-2 text-slate-600">{t('order.error.body')}</p>
        <Button
          className="mt-5"
          onClick={() => void order.refetch()}
          disabled={order.isFetching}
          aria-busy={order.isFetching}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('order.error.retry')}
        </Button>
      </div>
    );
  }
  return (
    <OrderDetails
      order={order.data}
      language={language}
      destinationOf={destinationOf}
      accessToken={accessToken}
      timedOut={order.timedOut}
      refreshing={order.isFetching}
      onRefresh={order.restart}
    />
  );
}

interface OrderDetailsProps {
  order: OrderView;
  language: Language;
  destinationOf: (code: string) => Destination;
  accessToken: string | null;
  timedOut: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

function OrderDetails({
  order,
  language,
  destinationOf,
  accessToken,
  timedOut,
  refreshing,
  onRefresh,
}: OrderDetailsProps) {
  const { t } = useTranslation('checkout');
  const plan = usePlanLabel();
  const paid = order.paymentStatus === 'succeeded';
  // Refunded once, in full: the amount and date are the order's; its eSIMs come without install details.
  const { refund } = order;
  const preparing = isPreparing(order);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
  const date = dateFormat.format(new Date(order.createdAt));
  const payment = order.card
    ? t('order.card', { brand: brandDisplayName(order.card.brand), last4: order.card.last4 })
    : order.paymentMethod === 'paypal'
      ? t('order.paypal')
      : '—';
  // The store's one naming rule, tier included (`docs/product-rules.md#plan-names-and-data-amounts-on-screen`):
  // 'Japan eSIM: Unlimited Plus, 1 day'.
  const lineName = (line: OrderLine) =>
    plan.name(
      {
        dataAmount: line.dataAmount,
        unlimited: /unlimited/i.test(line.dataAmount),
        tier: line.tier,
        validityDays: line.validityDays,
      },
      destinationOf(line.countryCode).name,
    );
  const lines = new Map(order.items.map((line) => [line.id, line]));
  const expected = order.items.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">
      <section
        aria-labelledby="order-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <span
            className={
              refund
                ? 'inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700'
                : paid
                  ? 'inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700'
                  : 'inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700'
            }
          >
            {refund ? (
              <Undo2 aria-hidden="true" className="size-8" />
            ) : paid ? (
              <CheckCircle2 aria-hidden="true" className="size-8" />
            ) : (
              <CircleAlert aria-hidden="true" className="size-8" />
            )}
          </span>
          <div className="min-w-0 flex-1">
            <h1 id="order-heading" className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
              {refund ? t('order.refunded.title') : paid ? t('order.title') : t('order.unpaid.title')}
            </h1>
            <p className="mt-1 break-words text-slate-600">
              {refund
                ? t('order.refunded.lead')
                : paid
                  ? t('order.lead', { email: order.customer.email })
                  : t('order.unpaid.body')}
            </p>
          </div>
          <Button variant="outline" onClick={() => window.print()} className="print:hidden">
            <Printer aria-hidden="true" className="size-4" />
            {t('order.print')}
          </Button>
        </div>

        <dl className="mt-6 grid gap-x-6 gap-y-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2 sm:p-5">
          <div className="min-w-0">
            <dt className="text-sm text-slate-600">{t('order.number')}</dt>
            <dd className="mt-0.5 flex items-center justify-between gap-2 sm:justify-start">
              <span className="font-mono font-semibold break-all text-ink">{order.orderNumber}</span>
              <CopyButton text={order.orderNumber} label={t('order.number')} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('order.date')}</dt>
            <dd className="mt-0.5 font-semibold text-ink">
              <time dateTime={order.createdAt}>{date}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('order.payment')}</dt>
            <dd className="mt-0.5 font-semibold text-ink">{payment}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t('order.status')}</dt>
            <dd className="mt-0.5 font-semibold text-ink">{t(`order.statuses.${order.status}`)}</dd>
          </div>
          {refund && (
            <>
              <div>
                <dt className="text-sm text-slate-600">{t('order.refundAmount')}</dt>
                <dd className="mt-0.5 font-semibold text-ink">{formatPrice(refund.amountCents)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('order.refundDate')}</dt>
                <dd className="mt-0.5 font-semibold text-ink">
                  <time dateTime={refund.refundedAt}>{dateFormat.format(new Date(refund.refundedAt))}</time>
                </dd>
              </div>
            </>
          )}
        </dl>

        <h2 className="mt-6 text-lg font-semibold text-ink">{t('order.items')}</h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {order.items.map((line) => {
            const destination = destinationOf(line.countryCode);
            return (
              <li key={line.id} className="flex items-center gap-3 py-3">
                <Flag code={destination.flag} className="h-6 w-8 shrink-0 rounded" />
                <p className="min-w-0 flex-1 break-words text-ink">
                  {t('order.itemLine', { quantity: line.quantity, name: lineName(line) })}
                </p>
                <p className="shrink-0 font-semibold text-ink">{formatPrice(line.lineTotalCents)}</p>
              </li>
            );
          })}
        </ul>
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
          <p className="font-semibold text-ink">{t('order.total')}</p>
          <p className="text-2xl font-extrabold tracking-tight text-ink">{formatPrice(order.totalCents)}</p>
        </div>
        {!paid && (
          <Link href="/checkout" className={buttonClass('primary', 'lg', 'mt-6 w-full sm:w-auto print:hidden')}>
            {t('order.unpaid.checkout')}
          </Link>
        )}
      </section>

      <AccessTokenCard token={accessToken} />

      {paid && (
        <section aria-labelledby="esims-heading" className="mt-8">
          <h2 id="esims-heading" className="text-2xl font-bold tracking-tight text-ink">
            {t('esims.heading')}
          </h2>
          <p className="mt-1 text-slate-600">{refund ? t('esims.refundedLead') : t('esims.lead')}</p>
          <div role="status" aria-live="polite" className="empty:hidden">
            {preparing && !timedOut && <PreparingNotice />}
            {preparing && timedOut && (
              <div className="mt-4 flex flex-col items-start gap-3 rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200">
                <p className="flex items-center gap-2 font-semibold">
                  <Clock aria-hidden="true" className="size-5" />
                  {t('esims.slow')}
                </p>
                <p className="text-sm">{t('esims.slowBody')}</p>
                <Button variant="outline" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
                  <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
                  {t('esims.refresh')}
                </Button>
              </div>
            )}
          </div>
          {order.esims.length > 0 && (
            <ul className="mt-4 space-y-4">
              {order.esims.map((esim, index) => {
                const line = lines.get(esim.lineId);
                return (
                  <EsimCard
                    key={esim.iccid}
                    esim={esim}
                    planName={line ? lineName(line) : esim.productName}
                    number={index + 1}
                    total={Math.max(expected, order.esims.length)}
                  />
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

/** 'Preparing your eSIMs' with an indeterminate progress bar. */
function PreparingNotice() {
  const { t } = useTranslation('checkout');
  return (
    <div className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="flex items-center gap-3 font-semibold text-ink">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600"
        />
        {t('esims.preparing')}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('esims.preparingBody')}</p>
      <div aria-hidden="true" className="mt-4 h-1.5 overflow-hidden rounded-full bg-brand-50">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-500" />
      </div>
    </div>
  );
}

/**
 * The portal access token, shown once here (and in the e-mail), with copy and a portal link that
 * signs in directly: the token travels in the fragment (`/portal#token=…`), like the e-mail's.
 */
function AccessTokenCard({ token }: { token: string | null }) {
  const { t } = useTranslation('checkout');
  return (
    <section
      aria-labelledby="token-heading"
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="token-heading" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <KeyRound aria-hidden="true" className="size-5 text-brand-700" />
        {t('token.heading')}
      </h2>
      {token ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('token.body')}</p>
          <div className="mt-4 flex flex-col gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:flex-row sm:items-center">
            <p className="min-w-0 flex-1">
              <span className="sr-only">{t('token.label')}: </span>
              <code className="font-mono text-sm break-all text-ink">{token}</code>
            </p>
            <CopyButton text={token} label={t('token.label')} className="self-end bg-white sm:self-auto" />
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t('token.missing')}</p>
      )}
      <Link
        href={token ? `/portal${tokenHash(token)}` : '/portal'}
        className={buttonClass('outline', 'md', 'mt-4 print:hidden')}
      >
        {t('token.portal')}
      </Link>
    </section>
  );
}
