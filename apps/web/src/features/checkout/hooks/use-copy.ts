import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';

/** How long a copy button says 'Copied'. */
const COPIED_MS = 2000;

/**
 * Copies text to the clipboard: the asynchronous Clipboard API where the page may use it
 * (secure origins), otherwise a hidden text area and `execCommand('copy')` (plain http on a LAN
 * address, older browsers).
 *
 * @returns whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  const active = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus();
  return copied;
}

/**
 * A copy action with feedback: a 'Copied' toast naming what was copied (or an error toast) and
 * `copied` true for two seconds, for the button's own label.
 */
export function useCopy(text: string, label: string) {
  const { t } = useTranslation('checkout');
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async () => {
    if (await copyText(text)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      void showToast('success', t('esims.copied'), { description: t('esims.copiedBody', { label }) });
    } else {
      void showToast('error', t('esims.copyFailed'));
    }
  }, [label, t, text]);
  return { copy, copied };
}
