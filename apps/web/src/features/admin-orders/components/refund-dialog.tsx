import type { RefundBody, RefundCheck, RefundCheckReason, RefundResponse } from '@esim/contract/admin-refunds';
import { REFUND_REASON_MAX_LENGTH } from '@esim/contract/admin-refunds';
import { formatPrice } from '@esim/contract/format';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, RotateCcw, ShieldAlert, Undo2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { Suspense, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FieldShell, describedBy, inputClass } from '../../../components/form/form-field.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { readApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';

/**
 * Reads the refund policy's verdict on an order (`GET /api/orders/{orderNumber}/refund-check`):
 * amount in US cents, days since purchase, activated ICCIDs (read from the eSIM provider now),
 * the reasons against a full refund and the order's earlier refund, if any.
 * @throws HttpError 401, 403, 404; or a network error (TypeError).
 */
export function getRefundCheck(orderNumber: string, signal?: AbortSignal): Promise<RefundCheck> {
  return apiFetch<RefundCheck>(`/api/orders/${encodeURIComponent(orderNumber)}/refund-check`, { signal });
}

/**
 * Refunds an order in full (`POST /api/orders/{orderNumber}/refund`).
 * @throws HttpError 400 `reason`, 404, 409 `refund_refused` / `already_refunded` /
 *   `refund_in_progress` / `invalid_transition`, 502/503 `upstream_error` (the payment provider;
 *   the refund may be retried); or a network error (TypeError).
 */
export function refundOrder(orderNumber: string, body: RefundBody): Promise<RefundResponse> {
  return apiFetch<RefundResponse>(`/api/orders/${encodeURIComponent(orderNumber)}/refund`, {
    method: 'POST',
    json: body,
  });
}

/** The query key of an order's refund check. */
export const refundCheckKey = (orderNumber: string) => ['admin', 'orders', orderNumber, 'refund-check'] as const;

/**
 * The refund action of the admin order screen (refund policy: `docs/product-rules.md#refunds`): a
 * "Refund" button opening an alert dialog that reads the policy check from the server
 * (which asks the eSIM provider whether any eSIM was activated), shows the amount, the verdict and
 * why, offers an override with a required reason when the policy says no, and "notify the
 * customer" (on by default); then refunds, with a success toast or the error toast
 * ('Failed to refund order' with the status and the server's message). Texts: `admin-refunds`
 * namespace, key `refund`.
 * @param props.orderNumber `ORD-…`
 * @param props.totalCents the order's total, US cents (shown on the button's dialog until the check loads)
 * @param props.onRefunded called after a successful refund (the order screen reloads)
 */
export function RefundDialog(props: {
  orderNumber: string;
  totalCents: number;
  /** Called after a successful refund (the order screen reloads). */
  onRefunded: () => void;
}) {
  return (
    // The namespace loads on first use; the order screen around it does not wait for it.
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-9 w-24" />}>
      <RefundAction {...props} />
    </Suspense>
  );
}

function RefundAction({
  orderNumber,
  totalCents,
  onRefunded,
}: {
  orderNumber: string;
  totalCents: number;
  onRefunded: () => void;
}) {
  const { t } = useTranslation(['admin-refunds', 'admin']);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // A refund in flight finishes in the dialog, which then closes by itself.
        if (!busy) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <Undo2 aria-hidden="true" className="size-4" />
          {t('refund.action')}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[10004] flex max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl">
          <RefundForm
            orderNumber={orderNumber}
            totalCents={totalCents}
            onBusy={setBusy}
            onDone={() => {
              setOpen(false);
              onRefunded();
            }}
          />
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** The dialog's body: mounted while open, so each opening reads the provider afresh. */
function RefundForm({
  orderNumber,
  totalCents,
  onBusy,
  onDone,
}: {
  orderNumber: string;
  totalCents: number;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['admin-refunds', 'admin']);
  const ids = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [reasonError, setReasonError] = useState<string | undefined>();

  const check = useQuery({
    queryKey: refundCheckKey(orderNumber),
    queryFn: ({ signal }) => getRefundCheck(orderNumber, signal),
    // The eSIM provider's state changes: read it on every opening, keep nothing.
    staleTime: 0,
    gcTime: 0,
  });
  const mutation = useMutation({
    mutationFn: (body: RefundBody) => refundOrder(orderNumber, body),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: (result) => {
      void showToast('success', t('refund.success'), {
        description: t('refund.successDetail', { amount: formatPrice(result.refund.amountCents), orderNumber }),
      });
      onDone();
    },
    onError: (error) => {
      toastAdminFailure(t('refund.failed'), error, t('admin:offline'));
      const info = readApiError(error);
      if (info?.field === 'reason') setReasonError(info.message ?? t('refund.reasonRequired'));
      // The order or the provider may have moved on: show the verdict as it is now.
      void check.refetch();
    },
  });

  const data = check.data;
  const amount = formatPrice(data?.amountCents ?? totalCents);
  const needsOverride = data !== undefined && !data.eligible;
  const canRefund = data !== undefined && (data.eligible || (data.overridable && override));
  const reasonRequired = needsOverride && override;

  const submit = () => {
    if (!data || !canRefund || mutation.isPending) return;
    const trimmed = reason.trim();
    if (reasonRequired && trimmed === '') {
      setReasonError(t('refund.reasonRequired'));
      reasonRef.current?.focus();
      return;
    }
    if (trimmed.length > REFUND_REASON_MAX_LENGTH) {
      setReasonError(t('refund.reasonTooLong', { max: REFUND_REASON_MAX_LENGTH }));
      reasonRef.current?.focus();
      return;
    }
    setReasonError(undefined);
    mutation.mutate({ ...(trimmed ? { reason: trimmed } : {}), ...(reasonRequired ? { override: true } : {}), notify });
  };

  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  const dateTimeFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <form
      noValidate
      className="flex min-h-0 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="min-h-0 overflow-y-auto p-5 sm:p-6">
        <AlertDialog.Title className="text-lg font-bold text-ink">
          {/* The order number never breaks at its hyphen. */}
          <Trans
            t={t}
            i18nKey="refund.title"
            values={{ orderNumber }}
            components={[<span key="n" className="whitespace-nowrap" />]}
          />
        </AlertDialog.Title>
        <AlertDialog.Description className="mt-1 text-sm text-slate-700">
          {t('refund.description', { amount })}
        </AlertDialog.Description>

        {check.isPending ? (
          <Spinner label={t('refund.loading')} className="py-8" />
        ) : check.isError ? (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-semibold">{t('refund.checkFailed')}</p>
            <p className="mt-1 break-words">{readApiError(check.error)?.message ?? t('admin:offline')}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void check.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('refund.checkAgain')}
            </Button>
          </div>
        ) : data ? (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
              <div>
                <dt className="text-slate-600">{t('refund.amount')}</dt>
                <dd className="text-lg font-bold text-ink">{amount}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('refund.paidWith')}</dt>
                <dd className="font-semibold text-ink">{t(`refund.method.${data.paymentMethod}`)}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-slate-600">{t('refund.purchased')}</dt>
                <dd className="font-semibold text-ink">
                  {data.daysSincePurchase === 0
                    ? t('refund.purchasedToday', { date: dateFormat.format(new Date(data.purchasedAt)) })
                    : t('refund.purchasedOn', {
                        date: dateFormat.format(new Date(data.purchasedAt)),
                        count: data.daysSincePurchase,
                      })}
                </dd>
              </div>
            </dl>

            <Verdict check={data} />

            {data.refund?.status === 'failed' ? (
              <p className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t('refund.previousFailed', { error: data.refund.error ?? '' })}
              </p>
            ) : null}

            {data.esims.length > 0 ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold text-ink">{t('refund.esimsTitle')}</h3>
                <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm">
                  {data.esims.map((esim) => (
                    <li
                      key={esim.iccid}
                      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
                    >
                      <span className="font-mono text-xs break-all text-slate-800">{esim.iccid}</span>
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 text-xs font-semibold',
                          esim.activated === false
                            ? 'bg-emerald-50 text-emerald-800'
                            : esim.activated
                              ? 'bg-amber-100 text-amber-900'
                              : 'bg-slate-100 text-slate-700',
                        )}
                      >
                        {esim.activated === false
                          ? t('refund.esim.notActivated')
                          : esim.activated
                            ? t('refund.esim.activated')
                            : t('refund.esim.unknown')}
                      </span>
                      {esim.activated ? (
                        <span className="w-full text-xs text-slate-700">
                          {[
                            esim.profileState && esim.profileState !== 'released'
                              ? t('refund.esim.profile', { state: esim.profileState })
                              : null,
                            esim.firstUsedAt
                              ? t('refund.esim.firstUsed', { date: dateTimeFormat.format(new Date(esim.firstUsedAt)) })
                              : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      ) : null}
                      <span className="w-full text-xs text-slate-600">
                        {esim.activated === null
                          ? t('refund.esim.unreadHint')
                          : esim.cancellableBundles > 0
                            ? t('refund.esim.cancellable', { count: esim.cancellableBundles })
                            : t('refund.esim.nothingToCancel')}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            {data.eligible || data.overridable ? (
              <div className="mt-4 space-y-4">
                {needsOverride ? (
                  <label className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-brand-700"
                      checked={override}
                      onChange={(event) => {
                        setOverride(event.target.checked);
                        setReasonError(undefined);
                      }}
                    />
                    <span>
                      <span className="font-semibold text-ink">{t('refund.override')}</span>
                      <span className="block text-slate-700">{t('refund.overrideHint')}</span>
                    </span>
                  </label>
                ) : null}
                <FieldShell
                  id={`${ids}-reason`}
                  label={t('refund.reason')}
                  required={reasonRequired}
                  hint={reasonRequired ? t('refund.reasonHintRequired') : t('refund.reasonHint')}
                  error={reasonError}
                >
                  <textarea
                    id={`${ids}-reason`}
                    ref={reasonRef}
                    rows={3}
                    maxLength={REFUND_REASON_MAX_LENGTH}
                    value={reason}
                    onChange={(event) => {
                      setReason(event.target.value);
                      if (reasonError) setReasonError(undefined);
                    }}
                    aria-required={reasonRequired || undefined}
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={describedBy(`${ids}-reason`, true, Boolean(reasonError))}
                    className={inputClass(Boolean(reasonError), 'resize-y')}
                  />
                </FieldShell>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-brand-700"
                    checked={notify}
                    onChange={(event) => setNotify(event.target.checked)}
                  />
                  <span>
                    <span className="font-semibold text-ink">{t('refund.notify')}</span>
                    <span className="block text-slate-700">{t('refund.notifyHint')}</span>
                  </span>
                </label>
                <p className="text-xs text-slate-600">{t('refund.effects')}</p>
              </div>
            ) : null}
          </>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 p-4 sm:flex-row sm:justify-end sm:px-6">
        <AlertDialog.Cancel className={buttonClass('outline')} disabled={mutation.isPending}>
          {t('refund.cancel')}
        </AlertDialog.Cancel>
        <Button
          type="submit"
          variant="danger"
          disabled={!canRefund || mutation.isPending}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? t('refund.refunding') : t('refund.confirm', { amount })}
        </Button>
      </div>
    </form>
  );
}

/** The policy's verdict and why, each reason translated by its code. */
function Verdict({ check }: { check: RefundCheck }) {
  const { t } = useTranslation('admin-refunds');
  const tone = check.eligible ? 'ok' : check.overridable ? 'warn' : 'stop';
  const Icon = tone === 'ok' ? CircleCheck : tone === 'warn' ? ShieldAlert : CircleAlert;
  return (
    <div
      className={cn(
        'mt-4 rounded-xl border p-4 text-sm',
        tone === 'ok' && 'border-emerald-200 bg-emerald-50 text-emerald-900',
        tone === 'warn' && 'border-amber-300 bg-amber-50 text-amber-900',
        tone === 'stop' && 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {t(`refund.verdict.${tone}`)}
      </p>
      {check.eligible ? (
        <p className="mt-1">{t('refund.verdict.okDetail', { count: check.windowDays })}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {check.reasons.map((reason) => (
            <li key={reason.code} className="break-words">
              {reasonText(t, reason, check)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One reason in the interface language. */
function reasonText(
  t: (key: string, options?: Record<string, unknown>) => string,
  reason: RefundCheckReason,
  check: RefundCheck,
): string {
  const iccids = (reason.iccids ?? []).join(', ');
  switch (reason.code) {
    case 'activated':
      return check.kind === 'topup'
        ? t('refund.reasons.topupStarted', { iccids })
        : t('refund.reasons.activated', { iccids, count: reason.iccids?.length ?? 1 });
    case 'window_passed':
      return t('refund.reasons.windowPassed', { count: check.daysSincePurchase, window: check.windowDays });
    case 'esim_state_unknown':
      return t('refund.reasons.esimStateUnknown', { iccids });
    case 'already_refunded':
      return t('refund.reasons.alreadyRefunded');
    case 'refund_in_progress':
      return t('refund.reasons.refundInProgress');
    case 'not_paid':
      return t('refund.reasons.notPaid');
    case 'status':
      return t('refund.reasons.status', { status: check.status });
    default:
      return reason.message;
  }
}
