import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button.tsx';

/** 'Clear cart' with a confirmation, since it throws away every line at once. */
export function ClearCartButton({
  totalCount,
  onConfirm,
  clearing,
}: {
  totalCount: number;
  onConfirm: () => void;
  clearing: boolean;
}) {
  const { t } = useTranslation('cart');
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" disabled={clearing} aria-busy={clearing} className="text-slate-700">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('clear.action')}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[10004] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-ink">{t('clear.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">
            {t('clear.body', { count: totalCount })}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('outline')}>{t('clear.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('danger')} onClick={onConfirm}>
              {t('clear.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
