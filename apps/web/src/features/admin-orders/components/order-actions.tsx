import type { AdminOrderDetail } from '@esim/contract/admin-orders';
import { Mail, MailCheck, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { ConfirmButton } from '../../../admin-kit/components/confirm-button.tsx';
import { useStatusLabel } from '../api/get-order-statuses.ts';
import { useNotifyCustomer } from '../api/notify-customer.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { useRetryFulfilment } from '../api/retry-fulfilment.ts';
import { useLanguageName } from '../../../admin-kit/hooks/use-language-name.ts';

/**
 * "Notify customer" (`POST /api/orders/{id}/notify`): asks
 * first, then e-mails the customer the message of the order's current status in the order's
 * language. Toasts: 'Notification queued', or 'Failed to send order notification' with the
 * status and the server's message.
 */
export function NotifyButton({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-orders');
  const label = useStatusLabel();
  const language = useLanguageName()(order.language);
  const notify = useNotifyCustomer(order.orderNumber);
  return (
    <ConfirmButton
      title={t('notify.title')}
      description={t('notify.description', {
        name: order.customer.name,
        email: order.customer.email,
        status: label(order.status),
        language,
      })}
      confirmLabel={t('notify.confirm')}
      cancelLabel={t('cancel')}
      busy={notify.isPending}
      onConfirm={() =>
        notify.mutate(order.status, {
          onSuccess: () =>
            void showToast('success', t('notify.done'), {
              description: t('notify.doneBody', { email: order.customer.email }),
            }),
          onError: (error) => toastAdminFailure(t('errors.notify'), error, t('admin:offline')),
        })
      }
    >
      <Mail aria-hidden="true" className="size-4" />
      {t('notify.button')}
    </ConfirmButton>
  );
}

/**
 * "Resend confirmation": the confirmation (or a top-up's receipt) exactly as it was sent, same
 * QR codes and access token. Offered only while that token still works; otherwise the token
 * section's "Issue a new token" sends a fresh one.
 */
export function ResendButton({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-orders');
  const resend = useResendConfirmation(order.orderNumber);
  return (
    <ConfirmButton
      title={t('resend.title')}
      description={t('resend.description', { email: order.customer.email })}
      confirmLabel={t('resend.confirm')}
      cancelLabel={t('cancel')}
      busy={resend.isPending}
      disabled={!order.actions.resendConfirmation}
      onConfirm={() =>
        resend.mutate(undefined, {
          onSuccess: () =>
            void showToast('success', t('resend.done'), {
              description: t('resend.doneBody', { email: order.customer.email }),
            }),
          onError: (error) => toastAdminFailure(t('errors.resend'), error, t('admin:offline')),
        })
      }
    >
      <MailCheck aria-hidden="true" className="size-4" />
      {t('resend.button')}
    </ConfirmButton>
  );
}

/** "Retry provisioning": shown while the order waits in processing after a failure. */
export function RetryButton({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-orders');
  const retry = useRetryFulfilment(order.orderNumber);
  if (!order.actions.retryFulfilment) return null;
  return (
    <ConfirmButton
      title={t('retry.title')}
      description={t('retry.description')}
      confirmLabel={t('retry.confirm')}
      cancelLabel={t('cancel')}
      busy={retry.isPending}
      onConfirm={() =>
        retry.mutate(undefined, {
          onSuccess: () => void showToast('success', t('retry.done')),
          onError: (error) => toastAdminFailure(t('errors.retry'), error, t('admin:offline')),
        })
      }
    >
      <RotateCcw aria-hidden="true" className="size-4" />
      {t('retry.button')}
    </ConfirmButton>
  );
}
