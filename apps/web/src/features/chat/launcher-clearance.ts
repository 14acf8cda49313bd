import { type RefObject, useLayoutEffect } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * What a visitor presses: links, buttons, form fields (a payment provider's card field is an
 * iframe) and the ARIA widgets that stand for them.
 */
const CONTROL =
  'a[href],button,input,select,textarea,summary,label,iframe,[role=button],[role=link],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=combobox],[role=spinbutton],[role=slider],[role=menuitem],[role=option]';

/** Space kept clear around the launcher, in CSS pixels. */
const MARGIN = 8;
/** Probe points per side of the launcher's place (edges included): under 16 px apart. */
const PROBES = 6;
/** How long the place must stay clear, scrolling stopped, before the launcher comes back. */
const RETURN_DELAY_MS = 150;

/**
 * Whether `text` (an element's whole text) is a price as the store writes it (`formatPrice` of
 * `@esim/contract/format`: "$12.99"; or "12,99 €"), alone or with a short label ("Price: $12.99").
 */
export function looksLikePrice(text: string): boolean {
  return text.length <= 32 && /\p{Sc}\s?\d|\d\s?\p{Sc}/u.test(text);
}

/**
 * Whether a control or a price is under the launcher's resting place (its box without the slide,
 * plus {@link MARGIN}): the topmost element outside `widget` at a grid of points over it. Only
 * small elements are read as prices, so that a section whose text holds a price somewhere does
 * not count.
 */
function placeTaken(button: HTMLElement, widget: Element): boolean {
  // A fixed element's offsets are relative to the viewport and leave its transforms out.
  const left = button.offsetLeft - MARGIN;
  const top = button.offsetTop - MARGIN;
  const width = button.offsetWidth + 2 * MARGIN;
  const height = button.offsetHeight + 2 * MARGIN;
  const seen = new Set<Element>();
  for (let i = 0; i < PROBES; i++) {
    for (let j = 0; j < PROBES; j++) {
      const x = left + (width * i) / (PROBES - 1);
      const y = top + (height * j) / (PROBES - 1);
      const under = document.elementsFromPoint(x, y).find((el) => !widget.contains(el));
      if (!under || seen.has(under)) continue;
      seen.add(under);
      if (under.closest(CONTROL)) return true;
      const box = under.getBoundingClientRect();
      if (box.height <= 80 && box.width <= 400 && looksLikePrice(under.textContent ?? '')) return true;
    }
  }
  return false;
}

/**
 * Keeps the closed launcher off what a visitor presses or reads a price from (WCAG 2.2 SC 2.4.11
 * Focus Not Obscured, and the same for touch): while a control or a price is under its corner it
 * slides aside into the page's side margin (`data-tucked`, styled by `LAUNCHER_CLASS`), and it
 * comes back once the corner is clear and scrolling has stopped. It checks at the first idle moment
 * after it mounts, then after every scroll (of the page or any scroller in it), resize and change of the page, at
 * most once a frame. Only a transform moves, so the page's layout never shifts.
 *
 * `active` is false while the panel is open or minimised: the launcher is then its close button
 * and stays whole.
 */
export function useLauncherClearance(
  button: RefObject<HTMLElement | null>,
  widget: RefObject<HTMLElement | null>,
  active: boolean,
): void {
  useLayoutEffect(() => {
    const el = button.current;
    const root = widget.current;
    if (!el || !root) return;
    if (!active) {
      el.removeAttribute('data-tucked');
      return;
    }
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      frame = 0;
      // Hidden (the admin area): nothing to keep clear.
      if (!el.offsetWidth) return;
      clearTimeout(timer);
      if (placeTaken(el, root)) el.setAttribute('data-tucked', '');
      else if (el.hasAttribute('data-tucked'))
        timer = setTimeout(() => {
          if (!placeTaken(el, root)) el.removeAttribute('data-tucked');
        }, RETURN_DELAY_MS);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    // The first check waits for an idle moment: it lays the page out and probes it 36 times, a
    // long task on a phone if it ran in the commit that mounts the launcher, as the page settles.
    const cancelFirst = whenIdle(check, { timeoutMs: 500, fallbackMs: 50 });
    const options = { capture: true, passive: true } as const;
    window.addEventListener('scroll', schedule, options);
    window.addEventListener('resize', schedule, options);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'hidden', 'open', 'data-state'],
    });
    return () => {
      cancelFirst();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', schedule, options);
      window.removeEventListener('resize', schedule, options);
      observer.disconnect();
    };
  }, [button, widget, active]);
}
