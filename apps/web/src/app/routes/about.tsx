import { BRAND } from '@esim/contract/brand';
import { Globe2, Headset, type LucideIcon, Mail, Receipt, ShieldCheck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { useDestinationFigure } from '../../features/catalog/hooks/use-destination-figure.ts';
import { CONTACT } from '../layout/contact.ts';
import { usePageMeta } from '../page-meta.tsx';

/** A secondary call to action on the dark teal band (outlined, white text). */
const ON_DARK_LINK =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold text-white ring-1 ring-white/60 transition-colors hover:bg-brand-900';

/**
 * Headline figures: the catalogue's destination
 * figure (`useDestinationFigure`; the tile is left out while it is unknown), the chat
 * assistant's 24/7, uptime and install time.
 */
const FIGURES = ['countries', 'support', 'uptime', 'setup'] as const;

const PROMISES: readonly { id: string; icon: LucideIcon }[] = [
  { id: 'instant', icon: Zap },
  { id: 'prices', icon: Receipt },
  { id: 'coverage', icon: Globe2 },
  { id: 'secure', icon: ShieldCheck },
  { id: 'help', icon: Headset },
  { id: 'email', icon: Mail },
];

/** The about-us page: who we are, headline figures, what travellers can count on, and next steps. */
export function AboutRoute() {
  usePageMeta({ kind: 'about' });
  const { t } = useTranslation('content');
  const figure = useDestinationFigure();
  const figures = FIGURES.filter((id) => id !== 'countries' || figure !== undefined);
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {t('about.eyebrow', { brand: BRAND })}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{t('about.title')}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('about.lead', { brand: BRAND })}</p>
        </div>
      </section>

      <section aria-labelledby="figures-title" className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="figures-title" className="sr-only">
          {t('about.figures.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {figures.map((id) => (
            <div
              key={id}
              className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
            >
              <dt className="mt-1 text-sm text-slate-600">{t(`about.figures.${id}.label`)}</dt>
              <dd className="text-2xl font-extrabold text-brand-700 sm:text-3xl">
                {t(`about.figures.${id}.value`, { figure })}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="story-title" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h2 id="story-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('about.story.title')}
        </h2>
        <p className="mt-4 text-lg leading-8 text-slate-700">{t('about.story.p1', { brand: BRAND })}</p>
        <p className="mt-4 leading-7 text-slate-600">{t('about.story.p2')}</p>
      </section>

      <section aria-labelledby="promises-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="promises-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            {t('about.promises.title')}
          </h2>
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {PROMISES.map((promise) => (
              <li key={promise.id} className="rounded-2xl border border-slate-200 p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <promise.icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 font-bold">{t(`about.promises.${promise.id}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">
                  {t(`about.promises.${promise.id}.body`, CONTACT.hours)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10">
          <h2 id="about-cta-title" className="text-2xl font-bold tracking-tight">
            {t('about.cta.title')}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-50">{t('about.cta.body')}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/products" className={buttonClass('secondary', 'lg')}>
              {t('about.cta.plans')}
            </Link>
            <Link href="/contact" className={ON_DARK_LINK}>
              {t('about.cta.contact')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
