import type { MouseEvent } from 'react';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

const TARGET = 'popular-destinations';
const HREF = `/products#${TARGET}`;

/** Scrolls the destination grid into view and moves focus to its heading. */
export function scrollToDestinations(): void {
  const section = document.getElementById(TARGET);
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  document.getElementById(`${TARGET}-heading`)?.focus({ preventScroll: true });
}

/**
 * The closing call to action of the countries view, linking to `/products#popular-destinations`
 * On the products page it scrolls to the grid without a reload.
 */
export function DestinationsCta() {
  const { t } = useTranslation('catalog');
  const [location, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (location === '/products') window.history.replaceState(window.history.state, '', HREF);
    else navigate(HREF);
    window.requestAnimationFrame(scrollToDestinations);
  };
  return (
    <section aria-labelledby="cta-heading">
      <div className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-10 text-center text-white shadow-lg sm:px-12 sm:py-14">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('cta.heading')}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">{t('cta.body')}</p>
          <a
            href={HREF}
            onClick={onClick}
            className="mt-6 inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-white px-6 font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50 focus-visible:outline-white"
          >
            {t('cta.action')}
            <ArrowRight aria-hidden="true" className="size-5" />
          </a>
        </div>
      </div>
    </section>
  );
}
