import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * A CSV file picker that also takes a file dropped on it. The native file input stays in the page (visually hidden, focusable): Tab
 * reaches it, Enter or Space opens the browser's dialog, and its label is the visible zone.
 * The input is cleared after each choice, so choosing the same (fixed) file again uploads again.
 */
export function FileDrop({
  label,
  hint,
  busy,
  onFile,
}: {
  label: string;
  hint: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={busy}
        aria-describedby={`${id}-hint`}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
          'border-slate-300 bg-white hover:border-brand-400 hover:bg-brand-50/40',
          dragging && 'border-brand-600 bg-brand-50',
          busy && 'cursor-wait opacity-70',
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-brand-700" />
        <span className="font-semibold text-ink">{label}</span>
        <span id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </span>
      </label>
    </div>
  );
}
