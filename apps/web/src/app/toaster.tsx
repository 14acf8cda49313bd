import { Toaster as SonnerToaster } from 'sonner';

/**
 * The toast region (specification section 9): at most 3 visible, top right, at most 420 px wide,
 * shown 5,000 ms by default, dismissable by button or a swipe to the right. Loaded in its own
 * chunk right after the first render so the toast library stays out of the initial JavaScript.
 */
export default function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      visibleToasts={3}
      duration={5000}
      closeButton
      richColors
      style={{ maxWidth: 420 }}
      swipeDirections={['right']}
    />
  );
}
