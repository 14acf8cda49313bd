import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A detail panel on the right (a modal dialog: full width on a phone, 48 rem on a desktop; focus
 * trapped, Escape closes, focus back on the row that opened it): the Outbox, support messages and
 * chat conversations.
 * `open` false: closed.
 */
export function SidePanel({
  open,
  title,
  description,
  onClose,
  returnFocusTo,
  children,
}: {
  open: boolean;
  title: ReactNode;
  /** Read by screen readers when the panel opens. */
  description: string;
  onClose: () => void;
  /** Where focus goes when the panel closes (the row that opened it); default: Radix's choice. */
  returnFocusTo?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10003] bg-slate-900/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed inset-y-0 right-0 z-[10004] flex w-full max-w-3xl flex-col bg-slate-50 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <Dialog.Title className="min-w-0 text-lg font-bold break-words text-ink">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('common.close')}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Label and value pairs of a detail panel, one column on a phone, two from `sm` up. */
export function Facts({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="flex min-w-0 flex-wrap gap-x-2">
          <dt className="shrink-0 font-semibold text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
