import type { Language } from '@esim/contract/languages';
import { SSR_STATE_ID } from '@esim/contract/ssr';
import type { DehydratedState } from '@tanstack/react-query';
import type { InitialTexts } from './lib/i18n-texts.ts';

/**
 * What a server-rendered page hands to the browser so that hydration renders exactly the same
 * markup (decision record 0022): the language and the texts of the namespaces the render used,
 * and the query cache (catalogue data) it rendered from.
 */
export interface SsrState {
  lang: Language;
  texts: InitialTexts;
  queries: DehydratedState;
  /**
   * Present when the page was rendered with the visitor's cart (`/cart`, `/checkout`): the session
   * id it belongs to, `null` for the empty cart of a visitor without one. The browser hydrates only
   * when it holds the same session (`boot.tsx`); otherwise it renders the page afresh.
   */
  cartSession?: string | null;
}

/** The state embedded by the server, or `undefined` on a page the browser renders alone (dev server, admin). */
export function readSsrState(): SsrState | undefined {
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as SsrState;
  } catch {
    return undefined;
  }
}
