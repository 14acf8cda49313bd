import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';

/** Where a deferred menu is: its look-alike only, its code loaded (closed), or asked open early. */
export type DeferredMenuState = 'placeholder' | 'menu' | 'menu-open';

/**
 * A header menu whose code loads when the browser is idle (the language switcher, the account
 * menu): a look-alike button shows at once, `load` runs on idle (or after 1,500 ms without
 * `requestIdleCallback`), and a press on the look-alike before then opens the menu as soon as
 * the code is there.
 *
 * The look-alike opens on the pointer press, as radix's DropdownMenu trigger does, and on a
 * keyboard click (`detail` 0, Enter or Space). Opening on `click` alone lost the menu when the
 * code arrived between the press and the release: the release then landed on the real trigger,
 * which opens on press, and nothing opened (the CI failure the test "a click whose press lands
 * before the menu code arrives…" in `e2e/tests/auth-ui.spec.ts` reproduces).
 *
 * Returns the state, whether the look-alike had the focus when the code arrived (`hadFocus`),
 * whether it was opened from the keyboard (`byKeyboard`), and the props for the look-alike.
 */
export function useDeferredMenu(load: () => Promise<unknown>) {
  const [state, setState] = useState<DeferredMenuState>('placeholder');
  const [hadFocus, setHadFocus] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The menu's code on the first sign of intent (pointer over the look-alike, focus, press), not
  // when the browser is idle: no page downloads it before the first interaction.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void load().then(() => {
      if (cancelled) return;
      setHadFocus(document.activeElement === button.current);
      setState((s) => (s === 'placeholder' ? 'menu' : s));
    });
    return () => {
      cancelled = true;
    };
  }, [load, wanted]);
  const want = () => setWanted(true);

  const placeholderProps = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: want,
    onFocus: want,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      want();
      // The same press radix's trigger answers: the main button, without Ctrl.
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      setByKeyboard(false);
      setState('menu-open');
    },
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      want();
      // `detail` 0: Enter or Space, not a pointer; the menu then starts on its first item.
      if (event.detail !== 0) return;
      setByKeyboard(true);
      setState('menu-open');
    },
  };
  return { state, hadFocus, byKeyboard, placeholderProps };
}
