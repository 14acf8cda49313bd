import { cn } from '../../../lib/cn.ts';

/**
 * Where the widget sits (specification section 9: chat panel 20rem wide, larger on medium
 * screens, minimised height 3rem, layer order 10000). The launcher is a 3.5rem round button
 * 1rem from the bottom right corner (1.5rem from 768 px); the panel stands above it: the
 * screen's width less 1rem each side below 640 px, 20rem from 640 px, 24rem from 768 px.
 */
export const CHAT_LAYER_CLASS = 'z-[10000]';

/** The widget's states (specification section 4): button only, open, or open minimised (header bar only). */
export type ChatWidgetMode = 'closed' | 'open' | 'minimised';

/** The id of the panel, which the launcher names in `aria-controls`. */
export const CHAT_PANEL_ID = 'chat-panel';

/** The launcher's place and size. */
export const LAUNCHER_CLASS = cn(
  'fixed bottom-4 right-4 md:bottom-6 md:right-6',
  CHAT_LAYER_CLASS,
  'inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg shadow-slate-900/20 transition-colors hover:bg-brand-800 focus-visible:outline-offset-4',
);

/**
 * The panel's frame, open (`minimised` false: as tall as fits under the header, at most 36rem,
 * at least 16rem) or minimised (its 3rem header bar only).
 */
export function panelFrameClass(minimised: boolean): string {
  return cn(
    'fixed inset-x-4 bottom-[5.5rem] sm:inset-x-auto sm:right-4 sm:w-80 md:right-6 md:bottom-24 md:w-96',
    CHAT_LAYER_CLASS,
    'flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/20',
    minimised ? 'h-12' : 'h-[min(36rem,max(16rem,calc(100dvh-var(--header-height)-7rem)))]',
  );
}
