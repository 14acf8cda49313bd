import type { Country } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import type { Language } from '@esim/contract/languages';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Flag } from '../../../components/ui/flag.tsx';

/**
 * A destination tile of the countries view: flag, localised name, lowest price and plan count.
 * It is a link to `/{lang}/{slug}` (choosing a destination shows its plans). The
 * accessible name is the visible text, name first ("Turkey From $3.99 16 plans"), so speech
 * input users can say what they see (WCAG 2.5.3).
 */
export function DestinationCard({ country, lang }: { country: Country; lang: Language }) {
  const { t } = useTranslation('catalog');
  const name = country.names[lang] || country.names.en;
  return (
    <li className="min-w-0">
      <Link
        href={`/${lang}/${encodeURIComponent(country.slug)}`}
        className="group flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-500 sm:p-5"
      >
        <span className="flex items-start justify-between gap-2">
          <Flag code={country.flag} className="h-8 w-11 rounded-md" />
          <ChevronRight
            aria-hidden="true"
            className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700"
          />
        </span>
        <span className="mt-3 line-clamp-2 font-semibold leading-snug text-ink">{name}</span>
        <span className="mt-auto flex flex-col pt-1 text-sm">
          {country.fromPriceCents !== null && (
            <span className="font-semibold text-brand-700">
              {t('destinations.fromPrice', { price: formatPrice(country.fromPriceCents) })}
            </span>
          )}
          <span className="text-xs text-slate-600">{t('destinations.planCount', { count: country.planCount })}</span>
        </span>
      </Link>
    </li>
  );
}

/** Placeholder tiles while destinations load (fixed height, so nothing shifts). */
export function DestinationGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-[8.5rem] animate-pulse rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <span className="block h-8 w-11 rounded-md bg-slate-200" />
          <span className="mt-4 block h-4 w-2/3 rounded bg-slate-200" />
          <span className="mt-3 block h-3 w-1/2 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
