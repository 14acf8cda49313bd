import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { onToastRegionRequested, requestToastRegion } from '../lib/toast.ts';

// The region with the toast library and its styles (about 7 KB of gzipped JavaScript and CSS).
// A chunk that fails to load leaves the page without toasts rather than with the error screen.
const ToasterRegion = lazy((): Promise<{ default: ComponentType }> =>
  import('./toaster-region.tsx').catch(() => ({ default: () => null })),
);

/** The events that count as the visitor's first interaction: the region loads then, ahead of any toast. */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * The toast region (`toaster-region.tsx`), loaded on demand (no toast library before the first
 * interaction, to keep the pages' JavaScript small): when the first toast is asked for
 * (`showToast` in `lib/toast.ts`) or at the visitor's first press of a pointer or a key,
 * whichever comes first. The second keeps the first toast of an action ('Added to Cart', 100 ms
 * after the press) on time on a slow connection, and shows the toasts of code that calls the
 * library directly rather than through `showToast` (sonner shows the toasts created before its
 * region subscribed). Renders nothing until then, on the server too, so hydration matches.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const options = { capture: true, passive: true } as const;
    const unlisten = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, requestToastRegion, options);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, requestToastRegion, options);
    const stop = onToastRegionRequested(() => {
      unlisten();
      setWanted(true);
    });
    return () => {
      stop();
      unlisten();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  );
}
