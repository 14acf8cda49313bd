import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { useCopy } from '../hooks/use-copy.ts';

/**
 * 'Copy' for one value (ICCID, activation code, access token...). Its accessible name says what
 * it copies; after a copy it reads 'Copied' for two seconds and a toast confirms.
 */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const { t } = useTranslation('checkout');
  const { copy, copied } = useCopy(text, label);
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? t('esims.copied') : t('esims.copyLabel', { label })}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 transition hover:bg-brand-50 print:hidden',
        className,
      )}
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-hidden="true">{copied ? t('esims.copied') : t('esims.copy')}</span>
    </button>
  );
}
