import { type LucideIcon, QrCode, ShoppingBag, Wifi } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The three steps from purchase to data. */
const STEPS: readonly { id: 'choose' | 'install' | 'connect'; icon: LucideIcon }[] = [
  { id: 'choose', icon: ShoppingBag },
  { id: 'install', icon: QrCode },
  { id: 'connect', icon: Wifi },
];

/** The 3-step how-it-works block of the countries view, linking to the full guide. */
export function HowItWorksSteps() {
  const { t } = useTranslation('catalog');
  return (
    <section aria-labelledby="steps-heading">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="steps-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {t('steps.heading')}
          </h2>
          <p className="mt-2 text-slate-600">{t('steps.subheading')}</p>
        </div>
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {STEPS.map(({ id, icon: Icon }, index) => (
            <li key={id} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold uppercase tracking-wide text-brand-700">
                  {t('steps.stepLabel', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-ink">{t(`steps.items.${id}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(`steps.items.${id}.body`)}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-center">
          <Link href="/how-it-works" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t('steps.learnMore')}
          </Link>
        </p>
      </div>
    </section>
  );
}
