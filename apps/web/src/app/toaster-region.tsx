import { Toaster as SonnerToaster } from 'sonner';
// As a stylesheet: the build drops sonner's own injection of it as a <style> element, which the
// CSP blocks (`treeshake.manualPureFunctions` in vite.config.ts, decision records 0010 and 0027).
import 'sonner/dist/styles.css';
// After sonner's own: AA contrast for the success and error toasts.
import './toaster.css';

/**
 * The toast region (`docs/product-rules.md#storefront-pages`): at most 3 visible, top right under the header, at
 * most 420 px wide, shown 5,000 ms by default, dismissable by button or a swipe to the right.
 * In its own chunk with the toast library and its styles, loaded by `toaster.tsx` on demand.
 */
export default function ToasterRegion() {
  return (
    <SonnerToaster
      position="top-right"
      visibleToasts={3}
      duration={5000}
      closeButton
      richColors
      style={{ maxWidth: 420 }}
      // Below the sticky header, so that a toast never hides the cart badge it just changed.
      offset={{ top: 'calc(var(--header-height) + 12px)', right: 24, bottom: 24, left: 24 }}
      mobileOffset={{ top: 'calc(var(--header-height) + 8px)', right: 16, bottom: 16, left: 16 }}
      swipeDirections={['right']}
    />
  );
}
