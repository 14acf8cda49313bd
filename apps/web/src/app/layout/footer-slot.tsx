import { type ComponentType, type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { withRetries } from '../router.tsx';

/** The id of the element that holds the footer, in the server's HTML and in the browser. */
export const FOOTER_SLOT_ID = 'site-footer';

let loaded: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

/**
 * Loads the footer's code (`footer.tsx`), retrying a failed download like a screen's. The server
 * awaits it before rendering (`entry-server.tsx`); the browser loads it only when it must render
 * the footer itself ({@link FooterSlot}).
 *
 * @throws the last attempt's error.
 */
export function preloadFooter(): Promise<ComponentType> {
  loading ??= withRetries(() => import('./footer.tsx')).then(
    (module) => (loaded = module.Footer),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The footer as the server rendered it: its HTML and the language it is in. */
let kept: { html: string; lang: string } | undefined;

/**
 * Keeps the footer of the server's HTML (`lang`: the language the page was rendered in), read
 * before React takes the page over (`boot.tsx`): {@link FooterSlot} shows it as it is.
 */
export function keepServerFooter(lang: string): void {
  const html = document.getElementById(FOOTER_SLOT_ID)?.innerHTML;
  if (html) kept = { html, lang };
}

/**
 * Follows a click on a link of the server's footer HTML inside the app, as wouter's `<Link>`
 * does (a new history entry, no page load): a plain left click on a link to this origin that
 * opens in the same tab. Other clicks (a modifier key, another button, `target`, `download`,
 * another origin, `mailto:`) are the browser's.
 */
function followLink(event: MouseEvent<HTMLElement>, navigate: (to: string) => void): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(`${link.pathname}${link.search}${link.hash}`);
}

/**
 * The site footer's place in the layout, kept out of the JavaScript before the first interaction.
 * The footer (`footer.tsx`) is the same on every page and holds nothing to interact with but
 * links, so a server-rendered page keeps the server's footer as it is, with its links followed
 * inside the app ({@link followLink}), and downloads no code for it. The footer's code loads only
 * when the browser must render it: the visitor changed the language (the server's footer stays
 * until the new one is ready), or the page was rendered by the browser alone. The server renders
 * the footer itself, inside the same element.
 */
export function FooterSlot() {
  const { i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [Footer, setFooter] = useState(() => loaded);
  const keep = kept !== undefined && kept.lang === i18n.language;
  useEffect(() => {
    if (Footer || keep) return;
    let current = true;
    preloadFooter().then(
      (component) => current && setFooter(() => component),
      // Without its code the page keeps the server's footer, or none.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [Footer, keep]);
  if (Footer) {
    return (
      <div id={FOOTER_SLOT_ID}>
        <Footer />
      </div>
    );
  }
  if (!kept) return <div id={FOOTER_SLOT_ID} />;
  return (
    // The server's own markup, identical to what it replaces: hydration leaves it untouched. The
    // click handler only delegates the clicks of the links inside (which keys activate too).
    <div
      id={FOOTER_SLOT_ID}
      onClick={(event) => followLink(event, navigate)}
      dangerouslySetInnerHTML={{ __html: kept.html }}
      suppressHydrationWarning
    />
  );
}
