import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React hydrates after the rest, in a pass of its own: a
 * Suspense boundary, which React 19 leaves as the server's HTML while it hydrates the page
 * around it and then hydrates at low priority, with its own commit and effects. So the page's
 * hydration comes in several shorter tasks instead of one (less total blocking time on a phone),
 * and a click inside the part makes React hydrate it first (decision record 0028). Nothing in it
 * may suspend: it never shows a fallback. Best around parts below the fold whose props do not
 * change while the page hydrates (a change hydrates the part at once, in one task).
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
