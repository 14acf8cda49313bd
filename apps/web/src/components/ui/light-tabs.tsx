import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/** One tab of {@link LightTabs}: its value and the text (or content) of its tab button. */
export interface LightTab<T extends string> {
  value: T;
  label: ReactNode;
}

interface LightTabsProps<T extends string> {
  /** The selected tab's value (controlled). */
  value: T;
  /** Called with the newly selected value (click, arrow keys, Home/End). */
  onValueChange: (value: T) => void;
  /** The tabs, in order. */
  tabs: readonly LightTab<T>[];
  /** The tab list's accessible name (`aria-label`). */
  label: string;
  className?: string;
  listClassName?: string;
  /** Classes of each tab button; the selected one carries `data-state="active"` and `aria-selected="true"`. */
  tabClassName?: string;
  panelClassName?: string;
  /** The content of the selected tab's panel; only the selected panel is rendered. */
  children: (value: T) => ReactNode;
}

/**
 * A small WAI-ARIA tabs widget without a UI library (Radix Tabs cost the public pages'
 * first download several KB gzip), following the APG "Tabs with automatic activation" pattern:
 * `role="tablist"` with `role="tab"` buttons (`aria-selected`, `aria-controls`, a roving
 * `tabIndex`: only the selected tab is in the Tab order), one `role="tabpanel"` per tab
 * (`aria-labelledby`, focusable with `tabIndex=0`, the unselected ones `hidden` and empty).
 * Arrow Left/Right move to the previous/next tab (wrapping), Home/End to the first/last; moving
 * focus selects the tab, as Radix Tabs did. Markup is the same on the server and in the browser
 * (ids from `useId`), so it hydrates without a change; no browser global is read in render.
 * Markup classes may keep using `data-[state=active]:` as with Radix.
 */
export function LightTabs<T extends string>({
  value,
  onValueChange,
  tabs,
  label,
  className,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: LightTabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (v: T) => `${baseId}-tab-${v}`;
  const panelId = (v: T) => `${baseId}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    tabRefs.current.get(target.value)?.focus();
    if (target.value !== value) onValueChange(target.value);
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.value, el);
                else tabRefs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              className={tabClassName}
              onClick={() => {
                if (!selected) onValueChange(tab.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            tabIndex={0}
            hidden={!selected}
            data-state={selected ? 'active' : 'inactive'}
            className={panelClassName}
          >
            {selected ? children(tab.value) : null}
          </div>
        );
      })}
    </div>
  );
}
