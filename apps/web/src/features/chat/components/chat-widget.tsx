import { BRAND } from '@esim/contract/brand';
import { MessageCircle, X } from 'lucide-react';
import {
  Component,
  type KeyboardEvent,
  type ReactNode,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isChatHiddenOn } from '../chat-visibility.ts';
import { useLauncherClearance } from '../launcher-clearance.ts';
import {
  CHAT_PANEL_ID,
  type ChatWidgetMode,
  LAUNCHER_CLASS,
  UNREAD_DOT_CLASS,
  panelFrameClass,
} from './panel-frame.ts';

const loadPanel = () => import('./chat-panel.tsx');
const ChatPanel = lazy(loadPanel);
/** Starts loading the panel's code (once: the module loader keeps it); a failure shows when it opens. */
const preloadPanel = () => void loadPanel().catch(() => undefined);

/** A widget that fails (the panel's code did not load) disappears rather than taking the page down. */
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
 * The floating chat assistant (`docs/product-rules.md#storefront-pages`) on every storefront page, mounted by
 * `app/app.tsx` once the page is hydrated: {@link ChatLauncher} in an error boundary.
 */
export function ChatWidget() {
  return (
    <ChatBoundary>
      <ChatLauncher />
    </ChatBoundary>
  );
}

/**
 * The floating chat assistant's launcher: a round button at the
 * bottom right that opens the panel and, open, closes it (`aria-expanded`, `aria-controls`).
 * The launcher is part of the app shell and needs only the shell's texts (`common.json` `chat`),
 * so a page downloads nothing for it. The panel's code and texts load on demand: when
 * a pointer comes over the launcher, the launcher takes the focus or is pressed; a press before
 * they arrive opens a loading frame at once, which the panel replaces
 * (the launcher itself is never swapped, so no press is lost). Once opened the panel stays
 * mounted (hidden while closed), keeping the draft, the scroll position and a pending reply.
 *
 * Keyboard: opening (or restoring) moves the focus to the message input; Escape anywhere in
 * the widget closes it and gives the focus back to the launcher. The panel is a non-modal
 * dialog: the page stays usable and the focus is not trapped.
 *
 * In the admin area (`isChatHiddenOn`) the widget is hidden, and kept, so that a conversation
 * and a pending reply survive a visit there. The footer's bottom padding (`app/layout/footer.tsx`)
 * keeps the end of every page clear of the launcher, from the first render, so nothing moves later.
 * Elsewhere, closed, the launcher slides into the side margin while a control or a price is under
 * its corner (`useLauncherClearance`), and comes back whole on hover and keyboard focus.
 */
function ChatLauncher() {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const [mode, setMode] = useState<ChatWidgetMode>('closed');
  const [mounted, setMounted] = useState(false);
  // Bumped whenever the input should take the focus (open, restore); the panel watches it.
  const [focusRequest, setFocusRequest] = useState(0);
  const launcher = useRef<HTMLButtonElement>(null);
  const widget = useRef<HTMLDivElement>(null);
  useLauncherClearance(launcher, widget, mode === 'closed');
  // A reply that came while the panel was closed or minimised: a dot on the launcher until it opens.
  const [unread, setUnread] = useState(false);
  const modeRef = useRef(mode);
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);
  const onReply = useCallback(() => {
    if (modeRef.current !== 'open') setUnread(true);
  }, []);

  const open = useCallback(() => {
    setMounted(true);
    setMode('open');
    setUnread(false);
    setFocusRequest((n) => n + 1);
  }, []);
  const close = useCallback(() => {
    setMode('closed');
    launcher.current?.focus();
  }, []);
  const toggleMinimised = useCallback(() => {
    setMode((m) => (m === 'minimised' ? 'open' : 'minimised'));
    setUnread(false);
    setFocusRequest((n) => n + 1);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || mode === 'closed' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    close();
  };

  return (
    // Escape from the launcher or anywhere in the panel bubbles here.
    <div ref={widget} className="print:hidden" onKeyDown={onKeyDown} hidden={isChatHiddenOn(location)}>
      <button
        ref={launcher}
        type="button"
        className={LAUNCHER_CLASS}
        aria-expanded={mode === 'open'}
        aria-controls={mounted ? CHAT_PANEL_ID : undefined}
        onClick={mode === 'open' ? close : open}
        // The panel's code on the first sign of intent, ahead of the press.
        onPointerEnter={preloadPanel}
        onPointerDown={preloadPanel}
        onFocus={preloadPanel}
      >
        {mode === 'open' ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-6" />
        )}
        <span className="sr-only">{t('chat.launcher')}</span>
        {unread && <span aria-hidden="true" className={UNREAD_DOT_CLASS} />}
      </button>
      {mounted && (
        // Announces a reply that came while the log was hidden (there since the first open only).
        <span role="status" className="sr-only">
          {unread ? t('chat.unread') : ''}
        </span>
      )}
      {mounted && (
        <Suspense
          fallback={
            <div
              id={CHAT_PANEL_ID}
              role="dialog"
              aria-label={t('chat.dialog', { brand: BRAND })}
              aria-busy="true"
              hidden={mode === 'closed'}
              className={panelFrameClass(mode === 'minimised')}
            >
              <Spinner label={t('chat.loading')} className="h-full py-0" />
            </div>
          }
        >
          <ChatPanel
            mode={mode}
            focusRequest={focusRequest}
            onToggleMinimised={toggleMinimised}
            onClose={close}
            onReply={onReply}
          />
        </Suspense>
      )}
    </div>
  );
}
