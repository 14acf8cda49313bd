import type { User } from '@esim/contract/auth';
import { Suspense, lazy } from 'react';
import { ACCOUNT_BUTTON_CLASS, AccountButtonFace } from './account-button-face.tsx';
import { useDeferredMenu } from './use-deferred-menu.ts';

const loadMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(loadMenu);

/**
 * The header's signed-in avatar and its menu. As the language
 * switcher does, a look-alike button shows at once and the menu's code (radix DropdownMenu, the
 * logout call) loads when the browser is idle; a press before then opens it once it is there
 * (`useDeferredMenu`).
 */
export function AccountButton({ user }: { user: User }) {
  const { state, hadFocus, byKeyboard, placeholderProps } = useDeferredMenu(loadMenu);
  const placeholder = (
    <button {...placeholderProps} className={ACCOUNT_BUTTON_CLASS}>
      <AccountButtonFace user={user} />
    </button>
  );
  if (state === 'placeholder') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu
        user={user}
        defaultOpen={state === 'menu-open'}
        focusTrigger={hadFocus && state === 'menu'}
        focusFirstItem={state === 'menu-open' && byKeyboard}
      />
    </Suspense>
  );
}
