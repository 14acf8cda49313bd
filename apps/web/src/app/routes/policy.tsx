import { BRAND } from '@esim/contract/brand';
import { DEFAULT_LANGUAGE, isLanguage } from '@esim/contract/languages';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn.ts';
import { CONTACT } from '../layout/contact.ts';
import { usePageMeta } from '../page-meta.tsx';
import { POLICY_UPDATED_TEXT } from './policy-date.ts';

type PolicyId = 'terms' | 'privacy' | 'refund' | 'cookies';

/** The four policy pages, in footer order. */
const POLICIES: readonly { id: PolicyId; href: string }[] = [
  { id: 'terms', href: '/terms-conditions' },
  { id: 'privacy', href: '/privacy' },
  { id: 'refund', href: '/refund' },
  { id: 'cookies', href: '/cookies' },
];

/** One section of a policy as written in `content.json` (`policy.<id>.sections`). */
interface PolicySection {
  title: string;
  body: string[];
  items: string[];
  after: string[];
}

/** A fact of the at-a-glance box (`policy.<id>.summary`). */
interface PolicyFact {
  label: string;
  value: string;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];
}

/** Reads the sections defensively: translators edit this JSON by hand. */
function parseSections(value: unknown): PolicySection[] {
  return records(value).map((s) => ({
    title: typeof s.title === 'string' ? s.title : '',
    body: strings(s.body),
    items: strings(s.items),
    after: strings(s.after),
  }));
}

function parseFacts(value: unknown): PolicyFact[] {
  return records(value)
    .map((f) => ({
      label: typeof f.label === 'string' ? f.label : '',
      value: typeof f.value === 'string' ? f.value : '',
    }))
    .filter((f) => f.label && f.value);
}

/**
 * The policy pages: terms and conditions, privacy, refund and cookies, chosen by the current
 * path. The texts live in `content.json` under `policy.<id>`; the refund page states the rules
 * of `docs/product-rules.md#refunds`.
 */
export function PolicyRoute() {
  const [location] = useLocation();
  const { t, i18n } = useTranslation('content');
  const path = location.replace(/\/+$/, '');
  const policy = POLICIES.find((p) => p.href === path) ?? POLICIES[0]!;
  // Each policy its own title and description; the ids are seo.ts's kinds.
  usePageMeta({ kind: policy.id });
  const values = { email: CONTACT.email, brand: BRAND, returnObjects: true } as const;
  const sections = parseSections(t(`policy.${policy.id}.sections`, values) as unknown);
  const facts = parseFacts(t(`policy.${policy.id}.summary`, values) as unknown);
  const lang = i18n.resolvedLanguage;
  const updated = POLICY_UPDATED_TEXT[isLanguage(lang) ? lang : DEFAULT_LANGUAGE];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-12 lg:py-14">
      <nav aria-label={t('policy.navLabel')} className="mb-8 lg:mb-0">
        <ul className="flex flex-wrap gap-2 lg:sticky lg:top-24 lg:flex-col lg:gap-1">
          {POLICIES.map((p) => {
            const current = p.id === policy.id;
            return (
              <li key={p.id}>
                <Link
                  href={p.href}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'block whitespace-nowrap rounded-xl px-4 py-2 text-sm font-semibold transition-colors',
                    current
                      ? 'bg-brand-700 text-white'
                      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:text-brand-700 lg:bg-transparent lg:ring-0 lg:hover:bg-white',
                  )}
                >
                  {t(`policy.${p.id}.title`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <article className="min-w-0">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {t(`policy.${policy.id}.title`)}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t('policy.lastUpdated', { date: updated })}</p>
          <p className="mt-5 text-lg leading-8 text-slate-700">{t(`policy.${policy.id}.intro`, { brand: BRAND })}</p>
        </header>

        {facts.length > 0 && (
          <section
            aria-labelledby="policy-summary"
            className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6"
          >
            <h2 id="policy-summary" className="text-lg font-bold text-brand-900">
              {t('policy.summaryTitle')}
            </h2>
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              {facts.map((fact) => (
                <div key={fact.label} className="rounded-xl bg-white p-4 shadow-sm">
                  <dt className="text-sm text-slate-600">{fact.label}</dt>
                  <dd className="mt-1 font-semibold text-ink">{fact.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}

        <div className="mt-10 space-y-10">
          {sections.map((section, index) => (
            <section key={index} aria-labelledby={`policy-section-${index}`}>
              <h2 id={`policy-section-${index}`} className="text-xl font-bold tracking-tight sm:text-2xl">
                {section.title}
              </h2>
              {section.body.map((paragraph, i) => (
                <p key={i} className="mt-3 leading-7 text-slate-700">
                  {paragraph}
                </p>
              ))}
              {section.items.length > 0 && (
                <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-brand-700">
                  {section.items.map((item, i) => (
                    <li key={i}>{item}</li>
                  ))}
                </ul>
              )}
              {section.after.map((paragraph, i) => (
                <p key={i} className="mt-3 leading-7 text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>

        <aside
          aria-labelledby="policy-questions"
          className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="policy-questions" className="flex items-center gap-2 text-lg font-bold">
            <Mail aria-hidden="true" className="size-5 text-brand-700" />
            {t('policy.questions.title')}
          </h2>
          <p className="mt-2 text-slate-600">
            {t(policy.id === 'refund' ? 'policy.questions.refundBody' : 'policy.questions.body')}
          </p>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 font-semibold">
            <a href={`mailto:${CONTACT.email}`} className="break-all rounded text-brand-700 hover:underline">
              {CONTACT.email}
            </a>
            <Link href="/support" className="rounded text-brand-700 hover:underline">
              {t('policy.questions.support')}
            </Link>
          </div>
        </aside>
      </article>
    </div>
  );
}
