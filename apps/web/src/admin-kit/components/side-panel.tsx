import { CheckCircle2, RotateCcw, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import type { RecordPanelState } from '../hooks/use-record-panel.ts';
import { QueryContent } from './query-state.tsx';

/**
 * A detail panel on the right: a modal dialog, full width on a phone and 48 rem from `md` up,
 * with its `title` as heading and a Close button; focus stays inside, Escape closes, and focus
 * goes back to `returnFocusTo()` when given. `open` false: closed.
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

/** The texts of a {@link RecordPanel}: its heading until the record is read, its screen-reader description, and what a 404 says. */
export type RecordPanelTextKey = 'title' | 'description' | 'notFound';

/**
 * The side panel of one record of a list (`panel`, from `useRecordPanel`): a spinner while the
 * record loads, `texts('notFound')` on a 404, the failure titled `errorTitle` with a retry, else
 * `children(record)`. `texts('title')` heads the panel until the record gives a better heading
 * (`title(record)`); `texts('description')` is read by screen readers when it opens.
 */
export function RecordPanel<T>({
  panel,
  texts,
  errorTitle,
  title,
  children,
}: {
  panel: RecordPanelState<T>;
  texts: (key: RecordPanelTextKey) => string;
  errorTitle: string;
  title?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const { query } = panel;
  return (
    <SidePanel
      open={panel.id !== null}
      title={query.data !== undefined && title ? title(query.data) : texts('title')}
      description={texts('description')}
      onClose={panel.close}
      returnFocusTo={panel.returnFocusTo}
    >
      <QueryContent query={query} errorTitle={errorTitle} notFound={texts('notFound')}>
        {children}
      </QueryContent>
    </SidePanel>
  );
}

/**
 * A record in a side panel: its `facts`, a row of `actions`, then `children` (what it holds:
 * a message, a conversation...), one below the other.
 */
export function RecordView({
  facts,
  actions,
  children,
}: {
  facts: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {facts}
      <div className="flex flex-wrap items-center gap-3">{actions}</div>
      {children}
    </div>
  );
}

/** A titled white box of a side panel (a message as written, a conversation's messages). */
export function PanelSection({
  heading,
  className = 'p-4',
  children,
}: {
  heading: string;
  /** The box's padding. */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>
      <h3 id={id} className="text-sm font-semibold text-slate-600">
        {heading}
      </h3>
      {children}
    </section>
  );
}

/**
 * The button that sets or clears a record's mark (answered, reviewed): "mark" with a tick while
 * unmarked, "unmark" with a reopen arrow while marked, "saving" while the change runs (disabled).
 * `primaryWhenUnmarked` makes marking the panel's main action.
 */
export function MarkButton({
  marked,
  pending,
  onToggle,
  labels,
  primaryWhenUnmarked = false,
}: {
  marked: boolean;
  pending: boolean;
  onToggle: () => void;
  labels: { mark: string; unmark: string; saving: string };
  primaryWhenUnmarked?: boolean;
}) {
  const Icon = marked ? RotateCcw : CheckCircle2;
  return (
    <Button
      variant={primaryWhenUnmarked && !marked ? 'primary' : 'outline'}
      size="sm"
      onClick={onToggle}
      disabled={pending}
      aria-busy={pending}
    >
      <Icon aria-hidden="true" className="size-4" />
      {pending ? labels.saving : marked ? labels.unmark : labels.mark}
    </Button>
  );
}
