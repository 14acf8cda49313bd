import { formatPrice } from '@esim/contract/format';
import { Check, ShoppingCart, Wifi, Zap } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Flag } from '../../components/ui/flag.tsx';
import { cn } from '../../lib/cn.ts';
import { usePageMeta } from '../page-meta.tsx';

/** Theme colours of `index.css`; class names are literal so Tailwind generates them. */
const SWATCHES = [
  { name: 'brand-50', className: 'bg-brand-50', hex: '#f0fdfa' },
  { name: 'brand-100', className: 'bg-brand-100', hex: '#ccfbf1' },
  { name: 'brand-200', className: 'bg-brand-200', hex: '#99f6e4' },
  { name: 'brand-500', className: 'bg-brand-500', hex: '#14b8a6' },
  { name: 'brand-600', className: 'bg-brand-600', hex: '#0d9488' },
  { name: 'brand-700', className: 'bg-brand-700', hex: '#0f766e' },
  { name: 'brand-800', className: 'bg-brand-800', hex: '#115e59' },
  { name: 'brand-900', className: 'bg-brand-900', hex: '#134e4a' },
  { name: 'ink', className: 'bg-ink', hex: '#0f172a' },
] as const;

const BADGES = [
  { id: 'unlimited', className: 'bg-brand-700 text-white' },
  { id: 'bestValue', className: 'bg-amber-100 text-amber-900' },
  { id: 'active', className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' },
  { id: 'pending', className: 'bg-sky-50 text-sky-800 ring-1 ring-sky-200' },
  { id: 'expired', className: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200' },
] as const;

/** A sample plan for the card look; not a catalogue entry. */
const SAMPLE_PRICE_CENTS = 1299;

/**
 * The design preview (/design-preview, noindex by path in `seo.ts`): the UI kit with colours,
 * buttons, badges, the plan-card look and a form field. The server renders /email-preview itself.
 */
export function PreviewRoute() {
  usePageMeta({ kind: 'preview' });
  return <DesignPreview />;
}

function DesignPreview() {
  const { t } = useTranslation('content');
  const inputId = useId();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('preview.design.title')}</h1>
      <p className="mt-2 text-slate-600">{t('preview.design.lead')}</p>

      <PreviewSection id="colours" title={t('preview.design.colours')}>
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-9">
          {SWATCHES.map((swatch) => (
            <li key={swatch.name} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <span aria-hidden="true" className={cn('block h-16', swatch.className)} />
              <span className="block px-2 py-2 text-xs">
                <span className="block font-semibold text-ink">{swatch.name}</span>
                <span className="font-mono text-slate-600">{swatch.hex}</span>
              </span>
            </li>
          ))}
        </ul>
      </PreviewSection>

      <PreviewSection id="type" title={t('preview.design.typography')}>
        <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
          <p className="text-4xl font-extrabold tracking-tight">{t('preview.design.sampleDisplay')}</p>
          <p className="text-2xl font-bold tracking-tight">{t('preview.design.sampleHeading')}</p>
          <p className="text-lg leading-8 text-slate-600">{t('preview.design.sampleLead')}</p>
          <p className="text-sm text-slate-600">{t('preview.design.sampleSmall')}</p>
        </div>
      </PreviewSection>

      <PreviewSection id="buttons" title={t('preview.design.buttons')}>
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6">
          <Button>{t('preview.design.primary')}</Button>
          <Button variant="secondary">{t('preview.design.secondary')}</Button>
          <Button variant="outline">{t('preview.design.outline')}</Button>
          <Button variant="ghost">{t('preview.design.ghost')}</Button>
          <Button size="sm">{t('preview.design.small')}</Button>
          <Button size="lg">
            <ShoppingCart aria-hidden="true" className="size-4" />
            {t('preview.design.large')}
          </Button>
          <Button disabled>{t('preview.design.disabled')}</Button>
        </div>
      </PreviewSection>

      <PreviewSection id="badges" title={t('preview.design.badges')}>
        <ul className="flex flex-wrap gap-2 rounded-2xl border border-slate-200 bg-white p-6">
          {BADGES.map((badge) => (
            <li key={badge.id} className={cn('rounded-full px-3 py-1 text-xs font-semibold', badge.className)}>
              {t(`preview.design.badge.${badge.id}`)}
            </li>
          ))}
        </ul>
      </PreviewSection>

      <div className="grid gap-10 lg:grid-cols-2">
        <PreviewSection id="plan-card" title={t('preview.design.planCard')}>
          <article className="max-w-sm rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
            <div className="flex items-center gap-3">
              <Flag code="tr" className="h-6 w-8" />
              <h3 className="font-bold">{t('preview.design.plan.country')}</h3>
              <span className="ml-auto rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                {t('preview.design.badge.bestValue')}
              </span>
            </div>
            <p className="mt-4 text-3xl font-extrabold tracking-tight">{t('preview.design.plan.data')}</p>
            <p className="text-slate-600">{t('preview.design.plan.validity')}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              <li className="flex items-center gap-2">
                <Zap aria-hidden="true" className="size-4 text-brand-700" />
                {t('preview.design.plan.instant')}
              </li>
              <li className="flex items-center gap-2">
                <Wifi aria-hidden="true" className="size-4 text-brand-700" />
                {t('preview.design.plan.hotspot')}
              </li>
              <li className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-brand-700" />
                {t('preview.design.plan.dataOnly')}
              </li>
            </ul>
            <div className="mt-5 flex items-end justify-between gap-3 border-t border-slate-100 pt-4">
              <p>
                <span className="block text-2xl font-extrabold text-ink">{formatPrice(SAMPLE_PRICE_CENTS)}</span>
                <span className="text-xs text-slate-600">{t('preview.design.plan.taxes')}</span>
              </p>
              <Button>{t('preview.design.plan.add')}</Button>
            </div>
          </article>
          <p className="mt-3 text-sm text-slate-600">{t('preview.design.plan.sampleNote')}</p>
        </PreviewSection>

        <PreviewSection id="form" title={t('preview.design.form')}>
          <div className="max-w-sm rounded-2xl border border-slate-200 bg-white p-5">
            <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
              {t('preview.design.field.label')}
            </label>
            <input
              id={inputId}
              type="email"
              defaultValue="traveller@"
              aria-invalid="true"
              aria-describedby={`${inputId}-error`}
              className="mt-1.5 block w-full rounded-xl border border-red-600 bg-white px-3.5 py-2.5 text-base shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
            />
            <p id={`${inputId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {t('preview.design.field.error')}
            </p>
          </div>
        </PreviewSection>
      </div>
    </div>
  );
}

function PreviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`preview-${id}`} className="mt-10">
      <h2 id={`preview-${id}`} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
