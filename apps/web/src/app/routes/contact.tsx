import {
  ArrowRight,
  Clock,
  Globe,
  type LucideIcon,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  Smartphone,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { CONTACT } from '../layout/contact.ts';
import { usePageMeta } from '../page-meta.tsx';

/**
 * The contact page: e-mail, phone, WhatsApp, postal address, website and hours (`CONTACT.hours`),
 * with a link to the support form and to the customer portal for questions about an existing eSIM.
 */
export function ContactRoute() {
  usePageMeta({ kind: 'contact' });
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation('common');
  const newTab = <span className="sr-only"> {t('shared.newTab')}</span>;
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{t('contact.title')}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('contact.lead')}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-5">
        <section aria-labelledby="details-title" className="lg:col-span-3">
          <h2 id="details-title" className="text-2xl font-bold tracking-tight">
            {t('contact.details.title')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            <Detail icon={Mail} label={t('contact.details.email')} note={t('contact.details.emailNote')}>
              <a
                href={`mailto:${CONTACT.email}`}
                className="text-sm font-semibold text-brand-700 [overflow-wrap:anywhere] hover:underline"
              >
                {CONTACT.email}
              </a>
            </Detail>
            <Detail
              icon={Phone}
              label={t('contact.details.phone')}
              note={t('contact.details.phoneNote', CONTACT.hours)}
            >
              <a href={CONTACT.phoneHref} className="font-semibold text-brand-700 hover:underline">
                {CONTACT.phone}
              </a>
            </Detail>
            <Detail
              icon={MessageCircle}
              label={t('contact.details.whatsapp')}
              note={t('contact.details.whatsappNote', CONTACT.hours)}
            >
              <a
                href={CONTACT.whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 hover:underline"
              >
                {CONTACT.whatsapp}
                {newTab}
              </a>
            </Detail>
            <Detail icon={Clock} label={t('contact.details.hours')} note={t('contact.details.hoursNote')}>
              <span className="font-semibold text-ink">{t('contact.details.hoursValue', CONTACT.hours)}</span>
            </Detail>
            <Detail icon={MapPin} label={t('contact.details.address')}>
              <address className="whitespace-pre-line not-italic text-ink">
                {tc('company.address', CONTACT.company)}
              </address>
            </Detail>
            <Detail icon={Globe} label={t('contact.details.website')}>
              <Link href="/" className="font-semibold text-brand-700 hover:underline">
                {CONTACT.website}
              </Link>
            </Detail>
          </ul>
        </section>

        <div className="space-y-5 lg:col-span-2 lg:pt-14">
          <section aria-labelledby="write-title" className="rounded-2xl bg-brand-800 p-6 text-white shadow-sm sm:p-8">
            <h2 id="write-title" className="text-xl font-bold">
              {t('contact.form.title')}
            </h2>
            <p className="mt-2 text-brand-50">{t('contact.form.body')}</p>
            <Link href="/support#contact-form" className={buttonClass('secondary', 'lg', 'mt-6 w-full')}>
              {t('contact.form.link')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </section>
          <section
            aria-labelledby="existing-title"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="existing-title" className="flex items-center gap-2 text-lg font-bold">
              <Smartphone aria-hidden="true" className="size-5 text-brand-700" />
              {t('contact.existing.title')}
            </h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{t('contact.existing.body')}</p>
            <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
              <Link href="/portal" className="rounded text-brand-700 hover:underline">
                {t('contact.existing.portal')}
              </Link>
              <Link href="/faq" className="rounded text-brand-700 hover:underline">
                {t('contact.existing.faq')}
              </Link>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}

function Detail({
  icon: Icon,
  label,
  note,
  children,
}: {
  icon: LucideIcon;
  label: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-slate-600">{label}</h3>
        <div className="mt-1">{children}</div>
        {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      </div>
    </li>
  );
}
