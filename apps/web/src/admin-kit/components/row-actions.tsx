import { type LucideIcon, Trash2 } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { ConfirmButton } from './confirm-button.tsx';

/**
 * The action buttons of a row of an admin list, side by side. `compact` (in a table's cell):
 * icons only, on one line; else icons and texts, wrapping.
 */
export function RowActions({
  compact = false,
  className,
  children,
}: {
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return <div className={cn('flex gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>{children}</div>;
}

/**
 * A row's action: `icon` and `text` (the icon alone when `compact`), named `label` for screen
 * readers (e.g. `Edit “Hotspot”`, so that every row's button has its own name).
 */
export function RowActionButton({
  icon: Icon,
  text,
  label,
  compact,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  icon: LucideIcon;
  text: string;
  label: string;
  compact: boolean;
}) {
  return (
    <Button variant="outline" size="sm" aria-label={label} {...props}>
      <Icon aria-hidden="true" className="size-4" />
      {compact ? null : text}
    </Button>
  );
}

/**
 * A row's Delete action (red), confirmed first in a dialog: `texts.title`, `texts.body`,
 * `texts.confirm` (the red button) and `texts.cancel`. Named `label`; `busy` while it deletes.
 */
export function DeleteButton({
  text,
  label,
  compact,
  busy,
  disabled,
  texts,
  onConfirm,
}: {
  text: string;
  label: string;
  compact: boolean;
  busy: boolean;
  disabled?: boolean;
  texts: { title: string; body: string; confirm: string; cancel: string };
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton
      label={label}
      busy={busy}
      disabled={disabled}
      className="text-red-700"
      confirmVariant="danger"
      title={texts.title}
      description={texts.body}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      onConfirm={onConfirm}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      {compact ? null : text}
    </ConfirmButton>
  );
}
