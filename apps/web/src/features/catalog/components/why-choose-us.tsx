import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';
import { Activity, Apple, Globe2, Headphones, type LucideIcon, PiggyBank, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDestinationFigure } from '../hooks/use-destination-figure.ts';

/** The six feature cards (`apps/api/test/storefront-copy.test.ts` keeps their claims true). */
const FEATURES: readonly {
  id: 'instant' | 'coverage' | 'support' | 'noRoaming' | 'uptime' | 'apple';
  icon: LucideIcon;
}[] = [
  { id: 'instant', icon: Zap },
  { id: 'coverage', icon: Globe2 },
  { id: 'support', icon: Headphones },
  { id: 'noRoaming', icon: PiggyBank },
  { id: 'uptime', icon: Activity },
  { id: 'apple', icon: Apple },
];

/**
 * The why-choose-us block of the countries view. The coverage card states the catalogue's
 * destination figure (`useDestinationFigure`; none while it is unknown), the support card the
 * chat assistant's 24/7 beside the team's hours (`@esim/contract/support-hours`).
 */
export function WhyChooseUs() {
  const { t } = useTranslation('catalog');
  const figure = useDestinationFigure();
  const values = { ...SUPPORT_HOURS_TEXT, figure };
  return (
    <section aria-labelledby="why-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {t('features.heading')}
          </h2>
          <p className="mt-2 text-slate-600">{t('features.subheading')}</p>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li key={id} className="flex gap-4 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200/70 sm:block sm:p-6">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink sm:mt-4">
                  {id === 'coverage' && figure === undefined
                    ? t('features.items.coverage.titleGeneric')
                    : t(`features.items.${id}.title`, values)}
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(`features.items.${id}.body`, values)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
