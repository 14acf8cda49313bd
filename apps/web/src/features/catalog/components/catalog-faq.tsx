import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The four questions of the countries view's FAQ (`docs/product-rules.md#storefront-pages`). */
const QUESTIONS = ['what', 'compatible', 'activation', 'refund'] as const;

/**
 * The 4-question FAQ of the countries view: native `<details>`/`<summary>` disclosures (no UI
 * library in the home page's first download), each question an `<h3>` inside its summary.
 * The browser gives the keyboard (Enter/Space), the expanded state for screen readers and
 * find-in-page opening a closed answer; the shared `name` opens one answer at a time, as the
 * former single accordion did (browsers without exclusive details simply let several stay open).
 */
export function CatalogFaq() {
  const { t } = useTranslation('catalog');
  return (
    <section aria-labelledby="faq-heading" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="faq-heading" className="text-center text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {t('faq.heading')}
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200">
          {QUESTIONS.map((id) => (
            <details key={id} name="catalog-faq" className="group">
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-slate-50 group-first:rounded-t-2xl [&::-webkit-details-marker]:hidden">
                <h3>{t(`faq.items.${id}.question`)}</h3>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 text-sm leading-relaxed text-slate-600">{t(`faq.items.${id}.answer`)}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
