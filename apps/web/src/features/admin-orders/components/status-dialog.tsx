import type { AdminOrderDetail } from '@esim/contract/admin-orders';
import { ORDER_NOTE_MAX } from '@esim/contract/admin-orders';
import type { OrderStatus } from '@esim/contract/order';
import { ArrowRightLeft } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/form-field.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { showToast } from '../../../lib/toast.ts';
import { toastAdminFailure } from '../../../admin-kit/admin-error.ts';
import { useAdminFormat } from '../../../admin-kit/hooks/use-admin-format.ts';
import { useChangeOrderStatus } from '../api/change-status.ts';
import { useStatusLabel } from '../api/get-order-statuses.ts';
import { useLanguageName } from '../../../admin-kit/hooks/use-language-name.ts';

/**
 * "Change status" of the order screen (`docs/product-rules.md#order-statuses`): a dialog offering only the statuses the
 * transition table allows from the order's current one, a note for the timeline and "e-mail the
 * customer" (in the order's language). `Refunded` refunds the payment through the provider when
 * the refund policy allows it (the note is the refund's reason); the Refund button shows the
 * policy's verdict first and can override it. Sends the status the admin saw, so a change made meanwhile by someone else
 * is refused (409) rather than overwritten. Success: a toast and the screen reloads; failure:
 * 'Failed to update order status' with the status and the server's message, the dialog stays.
 */
export function StatusDialog({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-orders');
  const label = useStatusLabel();
  const format = useAdminFormat();
  const languageName = useLanguageName()(order.language);
  const options = order.nextStatuses;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(false);
  const change = useChangeOrderStatus(order.orderNumber);
  const noteId = useId();

  const reset = () => {
    setStatus('');
    setNote('');
    setNotify(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) return;
    change.mutate(
      { status, expectedStatus: order.status, notify, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (result) => {
          void showToast('success', t('status.changed', { status: label(result.status) }), {
            description: result.notified ? t('status.notified') : undefined,
          });
          setOpen(false);
          reset();
        },
        onError: (error) => toastAdminFailure(t('errors.updateStatus'), error, t('admin:offline')),
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" disabled={options.length === 0}>
          <ArrowRightLeft aria-hidden="true" className="size-4" />
          {t('status.button')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[10004] max-h-[calc(100vh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold text-ink">
            {t('status.title', { orderNumber: order.orderNumber })}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {t('status.description', { status: label(order.status) })}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
            <fieldset>
              <legend className="text-sm font-semibold text-ink">{t('status.newStatus')}</legend>
              <div className="mt-2 flex flex-col gap-2">
                {options.map((option) => (
                  <label
                    key={option}
                    className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="status"
                      value={option}
                      checked={status === option}
                      onChange={() => setStatus(option)}
                      required
                      className="size-4 accent-brand-700"
                    />
                    <span className="font-medium text-ink">{label(option)}</span>
                  </label>
                ))}
              </div>
              {status === 'refunded' ? (
                <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                  {t('status.refundHint', { amount: format.money(order.totalCents) })}
                </p>
              ) : null}
            </fieldset>
            <div>
              <label htmlFor={noteId} className="text-sm font-semibold text-ink">
                {t('status.note')} <span className="font-normal text-slate-600">({t('optional')})</span>
              </label>
              <textarea
                id={noteId}
                value={note}
                maxLength={ORDER_NOTE_MAX}
                rows={3}
                onChange={(event) => setNote(event.target.value)}
                aria-describedby={`${noteId}-hint`}
                className={inputClass(false, 'mt-1.5 text-sm')}
              />
              <p id={`${noteId}-hint`} className="mt-1 text-xs text-slate-600">
                {t('status.noteHint')}
              </p>
            </div>
            <label className="flex items-start gap-3 text-sm text-ink">
              <input
                type="checkbox"
                checked={notify}
                onChange={(event) => setNotify(event.target.checked)}
                className="mt-0.5 size-4 accent-brand-700"
              />
              <span>{t('status.notify', { language: languageName })}</span>
            </label>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClass('outline')}>{t('cancel')}</Dialog.Close>
              <Button type="submit" disabled={!status || change.isPending} aria-busy={change.isPending}>
                {change.isPending ? t('status.saving') : t('status.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
