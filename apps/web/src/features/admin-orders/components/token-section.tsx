import type { AdminOrderDetail, ReissueTokenResponse } from '@esim/contract/admin-orders';
import { KeyRound, ShieldOff, TriangleAlert } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { Badge, type BadgeTone } from '../../../admin-kit/components/badge.tsx';
import { ConfirmButton } from '../../../admin-kit/components/confirm-button.tsx';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useReissueAccessToken } from '../api/reissue-token.ts';
import { useRevokeAccessToken } from '../api/revoke-token.ts';

const TONES: Record<AdminOrderDetail['accessToken']['state'], BadgeTone> = {
  active: 'success',
  revoked: 'danger',
  expired: 'warning',
  none: 'neutral',
};

/**
 * The order's portal access token (`docs/product-rules.md#customer-portal-and-access-tokens`): its state and dates, "Revoke" (the portal refuses
 * it at once; asks first) and "Issue a new token". A new token replaces the old one; it is shown
 * here once, to read out or copy (the store keeps only its hash), and by default the customer is
 * e-mailed a fresh order confirmation carrying it, which is what support usually wants: the
 * customer lost the e-mail, or the token leaked.
 */
export function TokenSection({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-orders');
  const format = useAdminFormat();
  const revoke = useRevokeAccessToken(order.orderNumber);
  const reissue = useReissueAccessToken(order.orderNumber);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(true);
  const [issued, setIssued] = useState<ReissueTokenResponse | null>(null);
  const token = order.accessToken;
  const delivered = order.esims.length > 0;

  if (order.kind === 'topup') return <p className="text-sm text-slate-600">{t('token.topup')}</p>;
  return (
    <div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('token.state')}</dt>
        <dd>
          <Badge tone={TONES[token.state]}>{t(`token.states.${token.state}`)}</Badge>
        </dd>
        <dt className="text-slate-600">{t('token.expires')}</dt>
        <dd>{format.dateTime(token.expiresAt)}</dd>
        {token.revokedAt ? (
          <>
            <dt className="text-slate-600">{t('token.revokedAt')}</dt>
            <dd>{format.dateTime(token.revokedAt)}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {order.actions.revokeToken ? (
          <ConfirmButton
            variant="outline"
            confirmVariant="danger"
            title={t('token.revokeTitle')}
            description={t('token.revokeDescription')}
            confirmLabel={t('token.revokeConfirm')}
            cancelLabel={t('cancel')}
            busy={revoke.isPending}
            onConfirm={() =>
              revoke.mutate(undefined, {
                onSuccess: () => void showToast('success', t('token.revoked')),
                onError: (error) => toastAdminFailure(t('errors.revoke'), error, t('admin:offline')),
              })
            }
          >
            <ShieldOff aria-hidden="true" className="size-4" />
            {t('token.revoke')}
          </ConfirmButton>
        ) : null}
        <Dialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setIssued(null);
              setEmail(true);
            }
          }}
        >
          <Dialog.Trigger asChild>
            <Button variant="outline" size="sm" disabled={!order.actions.reissueToken}>
              <KeyRound aria-hidden="true" className="size-4" />
              {t('token.reissue')}
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-[10004] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
              <Dialog.Title className="text-lg font-bold text-ink">{t('token.reissueTitle')}</Dialog.Title>
              {issued ? (
                <>
                  <Dialog.Description className="mt-2 text-sm text-slate-700">
                    {issued.emailed ? t('token.issuedEmailed', { email: order.customer.email }) : t('token.issued')}
                  </Dialog.Description>
                  <div className="mt-4 rounded-xl border border-dashed border-brand-600 bg-brand-50 p-3">
                    <p className="text-xs font-semibold text-slate-600">{t('token.newToken')}</p>
                    <p className="mt-1 font-mono text-sm break-all text-ink select-all">{issued.accessToken}</p>
                    <CopyButton text={issued.accessToken} label={t('token.newToken')} className="mt-2" />
                  </div>
                  <p className="mt-3 flex items-start gap-2 text-sm text-amber-900">
                    <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {t('token.onceWarning')}
                  </p>
                  <div className="mt-5 flex justify-end">
                    <Dialog.Close className={buttonClass('primary')}>{t('token.done')}</Dialog.Close>
                  </div>
                </>
              ) : (
                <>
                  <Dialog.Description className="mt-2 text-sm text-slate-700">
                    {t('token.reissueDescription')}
                  </Dialog.Description>
                  <label className="mt-4 flex items-start gap-3 text-sm text-ink">
                    <input
                      type="checkbox"
                      checked={email && delivered}
                      disabled={!delivered}
                      onChange={(event) => setEmail(event.target.checked)}
                      className="mt-0.5 size-4 accent-brand-700"
                    />
                    <span>
                      {t('token.emailIt', { email: order.customer.email })}
                      {!delivered ? <span className="block text-slate-600">{t('token.notDelivered')}</span> : null}
                    </span>
                  </label>
                  <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                    <Dialog.Close className={buttonClass('outline')}>{t('cancel')}</Dialog.Close>
                    <Button
                      disabled={reissue.isPending}
                      aria-busy={reissue.isPending}
                      onClick={() =>
                        reissue.mutate(email && delivered, {
                          onSuccess: (result) => setIssued(result),
                          onError: (error) => toastAdminFailure(t('errors.reissue'), error, t('admin:offline')),
                        })
                      }
                    >
                      {t('token.reissueConfirm')}
                    </Button>
                  </div>
                </>
              )}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </div>
  );
}
