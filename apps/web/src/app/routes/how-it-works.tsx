import {
  Apple,
  ArrowRight,
  CheckCircle2,
  Layers,
  type LucideIcon,
  MessageSquareOff,
  QrCode,
  ShoppingBag,
  Smartphone,
  Wifi,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { usePageMeta } from '../page-meta.tsx';

/** A secondary call to action on the dark teal band (outlined, white text). */
const ON_DARK_LINK =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold text-white ring-1 ring-white/60 transition-colors hover:bg-brand-900';

/** The three steps from purchase to data. */
const STEPS: readonly { id: 'choose' | 'install' | 'connect'; icon: LucideIcon }[] = [
  { id: 'choose', icon: ShoppingBag },
  { id: 'install', icon: QrCode },
  { id: 'connect', icon: Wifi },
];

/** Supported devices (`docs/product-rules.md#fulfilment-and-delivery-of-the-esim-profile`). */
const DEVICES = ['iphone', 'galaxy', 'pixel', 'others'] as const;

const FACTS: readonly { id: 'oneDevice' | 'severalInstalled' | 'dataOnly'; icon: LucideIcon }[] = [
  { id: 'oneDevice', icon: Smartphone },
  { id: 'severalInstalled', icon: Layers },
  { id: 'dataOnly', icon: MessageSquareOff },
];

const IPHONE_STEPS = ['oneClick', 'qr', 'label', 'roaming'] as const;
const ANDROID_STEPS = ['settings', 'scan', 'select', 'roaming'] as const;

/**
 * The how-it-works page: three steps from purchase to data, device compatibility,
 * one-eSIM-per-device rules, and install guides for iPhone (one-click install on iOS 17.4+) and
 * Android.
 */
export function HowItWorksRoute() {
  usePageMeta({ kind: 'how-it-works' });
  const { t } = useTranslation('content');
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('howItWorks.eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{t('howItWorks.title')}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('howItWorks.lead')}</p>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="steps-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          {t('howItWorks.steps.title')}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.id} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <step.icon aria-hidden="true" className="size-6" />
                </span>
                <span className="text-sm font-semibold text-brand-700">
                  {t('howItWorks.steps.label', { number: index + 1 })}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-bold">{t(`howItWorks.steps.${step.id}.title`)}</h3>
              <p className="mt-2 leading-7 text-slate-600">{t(`howItWorks.steps.${step.id}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="devices-title" className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="devices-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t('howItWorks.devices.title')}
            </h2>
            <p className="mt-3 leading-7 text-slate-600">{t('howItWorks.devices.lead')}</p>
            <ul className="mt-6 space-y-3">
              {DEVICES.map((device) => (
                <li key={device} className="flex gap-3">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>{t(`howItWorks.devices.list.${device}`)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 rounded-2xl bg-brand-50 p-4 text-sm leading-6 text-brand-900">
              <strong className="font-semibold">{t('howItWorks.devices.tipTitle')}</strong>{' '}
              {t('howItWorks.devices.tip')}
            </p>
          </div>
          <ul className="grid content-start gap-4">
            {FACTS.map((fact) => (
              <li key={fact.id} className="flex gap-4 rounded-2xl border border-slate-200 p-5">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <fact.icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold">{t(`howItWorks.facts.${fact.id}.title`)}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{t(`howItWorks.facts.${fact.id}.body`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="install-title" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="install-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('howItWorks.install.title')}
        </h2>
        <p className="mt-3 max-w-3xl leading-7 text-slate-600">{t('howItWorks.install.lead')}</p>
        <div className="mt-8 grid gap-5 lg:grid-cols-2">
          <InstallGuide
            icon={Apple}
            title={t('howItWorks.install.iphone.title')}
            badge={t('howItWorks.install.iphone.badge')}
            steps={IPHONE_STEPS.map((s) => t(`howItWorks.install.iphone.steps.${s}`))}
          />
          <InstallGuide
            icon={Smartphone}
            title={t('howItWorks.install.android.title')}
            steps={ANDROID_STEPS.map((s) => t(`howItWorks.install.android.steps.${s}`))}
          />
        </div>
        <p className="mt-6 text-sm leading-6 text-slate-600">{t('howItWorks.install.keepInstalled')}</p>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight">
            {t('howItWorks.cta.title')}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-50">{t('howItWorks.cta.body')}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/products" className={buttonClass('secondary', 'lg')}>
              {t('howItWorks.cta.plans')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link href="/faq" className={ON_DARK_LINK}>
              {t('howItWorks.cta.faq')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

function InstallGuide({
  icon: Icon,
  title,
  badge,
  steps,
}: {
  icon: LucideIcon;
  title: string;
  badge?: string;
  steps: string[];
}) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-slate-100 text-ink">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="text-lg font-bold">{title}</h3>
        {badge && (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{badge}</span>
        )}
      </div>
      <ol className="mt-5 space-y-4">
        {steps.map((step, index) => (
          <li key={index} className="flex gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="leading-7 text-slate-700">{step}</span>
          </li>
        ))}
      </ol>
    </article>
  );
}
