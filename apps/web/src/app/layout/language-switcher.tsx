import { Suspense, lazy } from 'react';
import { LANGUAGE_BUTTON_CLASS, LanguageButtonFace } from './language-button-face.tsx';
import { useDeferredMenu } from './use-deferred-menu.ts';

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(loadMenu);

/**
 * The header's language switcher. The menu's code (radix DropdownMenu
 * and its positioning engine) stays out of the initial JavaScript: a look-alike button shows at
 * once, the menu loads when the browser is idle, and a press before then opens it once it is
 * there (`useDeferredMenu`).
 */
export function LanguageSwitcher() {
  const { state, hadFocus, placeholderProps } = useDeferredMenu(loadMenu);
  const placeholder = (
    <button {...placeholderProps} className={LANGUAGE_BUTTON_CLASS}>
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
