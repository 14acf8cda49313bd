import { Component, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';

const ChatWidget = lazy(() => import('./components/chat-widget.tsx'));

/** A widget that fails (its code did not load) disappears rather than taking the page down. */
class ChatBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Chat widget failed', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounts the floating chat assistant on every storefront page (specification section 2) without
 * adding to the initial JavaScript (issue 11): `app.tsx` loads this small module lazily right
 * after the first render; it loads the launcher (`components/chat-widget.tsx`) and its texts
 * when the browser is first idle (at most 3 s later; 1.5 s where `requestIdleCallback` is
 * missing); the launcher loads the panel only when a visitor reaches for it (pointer over it,
 * focus, press), so that no page downloads the panel before its first interaction (issue 13). It
 * imports nothing but React and `lib/when-idle.ts`, so that the bundler keeps the entry's chunks
 * as they were.
 */
export default function ChatMount() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), { timeoutMs: 3000, fallbackMs: 1500 }), []);
  if (!ready) return null;
  return (
    <ChatBoundary>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </ChatBoundary>
  );
}
