import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { LANGUAGE_BUTTON_CLASS, LanguageButtonFace } from './language-button-face.tsx';

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(loadMenu);

/**
 * The header's language switcher (specification section 2). The menu's code (radix DropdownMenu
 * and its positioning engine) stays out of the initial JavaScript: a look-alike button shows at
 * once, the menu loads when the browser is idle, and a click before then loads it and opens it.
 */
export function LanguageSwitcher() {
  const [state, setState] = useState<'placeholder' | 'menu' | 'menu-open'>('placeholder');
  const button = useRef<HTMLButtonElement>(null);
  const [hadFocus, setHadFocus] = useState(false);
  useEffect(() => {
    const load = () =>
      void loadMenu().then(() => {
        setHadFocus(document.activeElement === button.current);
        setState((s) => (s === 'placeholder' ? 'menu' : s));
      });
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(load, 1500);
    return () => window.clearTimeout(timer);
  }, []);
  const placeholder = (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={LANGUAGE_BUTTON_CLASS}
      onClick={() => setState('menu-open')}
    >
      <LanguageButtonFace />
    </button>
  );
  if (state === 'placeholder') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu defaultOpen={state === 'menu-open'} focusTrigger={hadFocus || state === 'menu-open'} />
    </Suspense>
  );
}
