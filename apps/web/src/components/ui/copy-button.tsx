import { Check, Copy } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { cn } from '../../lib/cn.ts';
import { showToast } from '../../lib/toast.ts';

/** How long a copy button says 'Copied'. */
const COPIED_MS = 2000;

/**
 * A copy action with feedback: a 'Copied' toast naming what was copied (or an error toast) and
 * `copied` true for two seconds, for the button's own label. Texts: `common:copy.*`.
 */
export function useCopy(text: string, label: string) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async () => {
    if (await copyText(text)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      void showToast('success', t('copy.copied'), { description: t('copy.copiedBody', { label }) });
    } else {
      void showToast('error', t('copy.failed'));
    }
  }, [label, t, text]);
  return { copy, copied };
}

/**
 * 'Copy' for one value (ICCID, activation code, access token...). Its accessible name says what
 * it copies ('Copy {label}'); after a copy it reads 'Copied' for two seconds and a toast confirms.
 */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const { t } = useTranslation('common');
  const { copy, copied } = useCopy(text, label);
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? t('copy.copied') : t('copy.label', { label })}
      className={cn(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 transition hover:bg-brand-50 print:hidden',
        className,
      )}
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-hidden="true">{copied ? t('copy.copied') : t('copy.copy')}</span>
    </button>
  );
}
