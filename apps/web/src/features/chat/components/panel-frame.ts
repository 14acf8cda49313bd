import { cn } from '../../../lib/cn.ts';

/**
 * Where the widget sits: a panel 20rem wide, larger on medium screens, 3rem high minimised, above
 * every other layer of the store (10000). The launcher is a 3.5rem round button
 * 1rem from the bottom right corner (1.5rem from 768 px); the panel stands above it: the
 * screen's width less 1rem each side below 640 px, 20rem from 640 px, 24rem from 768 px.
 */
export const CHAT_LAYER_CLASS = 'z-[10000]';

/** The widget's states: button only, open, or open minimised (header bar only). */
export type ChatWidgetMode = 'closed' | 'open' | 'minimised';

/** The id of the panel, which the launcher names in `aria-controls`. */
export const CHAT_PANEL_ID = 'chat-panel';

/**
 * The launcher's place and size. Tucked (`data-tucked`, set by `useLauncherClearance` while a
 * control or a price is under its corner), it slides right until only its left 14px show, in
 * the page's side margin (at least 1rem), with a grip in place of the icon. It slides
 * back whole under a mouse pointer and when it has the keyboard focus (WCAG 2.2 SC 2.4.7 Focus
 * Visible); the margin beside it belongs to it (an `::after`), so the edge a pointer came to rest
 * on stays under that pointer once the launcher is whole. Only `translate` moves, which shifts no
 * layout.
 */
export const LAUNCHER_CLASS = cn(
  'fixed bottom-4 right-4 md:bottom-6 md:right-6',
  CHAT_LAYER_CLASS,
  'group inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg shadow-slate-900/20 transition-[translate,background-color] duration-200 ease-out hover:bg-brand-800 focus-visible:outline-offset-4 motion-reduce:transition-none',
  'data-tucked:not-focus-visible:not-hover:translate-x-[calc(100%+1rem-14px)] md:data-tucked:not-focus-visible:not-hover:translate-x-[calc(100%+1.5rem-14px)]',
  'before:absolute before:top-1/2 before:left-[5px] before:h-4 before:w-1 before:-translate-y-1/2 before:rounded-full before:bg-white/80 before:opacity-0 data-tucked:not-focus-visible:not-hover:before:opacity-100',
  // The margin to its right is part of it: a pointer that came to rest on the tucked edge is
  // still on the launcher once it has slid back whole, so it stays out and a press there opens it.
  'after:absolute after:inset-y-0 after:left-full after:w-4 md:after:w-6',
);

/** The unread dot: at the launcher's top right, or on its visible edge while it is tucked. */
export const UNREAD_DOT_CLASS =
  'absolute top-0.5 right-0.5 size-3.5 rounded-full border-2 border-white bg-red-600 group-data-tucked:top-1/2 group-data-tucked:right-auto group-data-tucked:left-0 group-data-tucked:-translate-y-1/2';

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
