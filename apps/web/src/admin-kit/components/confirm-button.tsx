import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, buttonClass } from '../../components/ui/button.tsx';

/**
 * A button that asks first: an `AlertDialog` titled `title` with `description`, Cancel and the
 * `confirmLabel` action (focus stays inside, Escape and Cancel keep things as they are, focus
 * returns to the button). For admin actions that change something for a customer or a job, or
 * delete. `label` names the button for screen readers when its text is short or an icon alone;
 * it is disabled while `disabled` or `busy`.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy,
  disabled,
  label,
  className,
  variant = 'outline',
  confirmVariant = 'primary',
}: {
  children: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  disabled?: boolean;
  label?: string;
  className?: string;
  variant?: 'primary' | 'outline' | 'danger' | 'secondary' | 'ghost';
  confirmVariant?: 'primary' | 'danger';
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button
          variant={variant}
          size="sm"
          disabled={disabled || busy}
          aria-busy={busy}
          aria-label={label}
          className={className}
        >
          {children}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[10004] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold break-words text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass('outline')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass(confirmVariant)} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
