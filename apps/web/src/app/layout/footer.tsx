import { BRAND } from '@esim/contract/brand';
import { Globe, Mail, MapPin, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CONTACT } from './contact.ts';
import { Logo } from './logo.tsx';

type SocialId = 'instagram' | 'facebook' | 'x' | 'youtube' | 'tiktok';

/** Brand marks drawn in the line style of lucide (which ships no brand icons). */
const SOCIAL_ICONS: Record<SocialId, ReactNode> = {
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  x: (
    <>
      <path d="M4 4l11.7 16H20L8.3 4H4z" />
      <path d="M4 20l6.8-6.8M20 4l-6.6 6.6" />
    </>
  ),
  youtube: (
    <>
      <path d="M2.5 17a24.1 24.1 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.1 24.1 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </>
  ),
  tiktok: (
    <>
      <path d="M15 3v12a4 4 0 1 1-4-4" />
      <path d="M15 3a5 5 0 0 0 5 5" />
    </>
  ),
};

/** Placeholder profiles: the networks' own pages until ours exist. */
const SOCIAL_LINKS: readonly { id: SocialId; href: string }[] = [
  { id: 'instagram', href: 'https://www.instagram.com/' },
  { id: 'facebook', href: 'https://www.facebook.com/' },
  { id: 'x', href: 'https://x.com/' },
  { id: 'youtube', href: 'https://www.youtube.com/' },
  { id: 'tiktok', href: 'https://www.tiktok.com/' },
];

const QUICK_LINKS = [
  { href: '/products', key: 'footer.quickLinks.plans' },
  { href: '/how-it-works', key: 'footer.quickLinks.howItWorks' },
  { href: '/faq', key: 'footer.quickLinks.faq' },
  { href: '/portal', key: 'footer.quickLinks.portal' },
  { href: '/support', key: 'footer.quickLinks.support' },
  { href: '/about-us', key: 'footer.quickLinks.about' },
] as const;

const LEGAL_LINKS = [
  { href: '/terms-conditions', key: 'footer.legal.terms' },
  { href: '/privacy', key: 'footer.legal.privacy' },
  { href: '/refund', key: 'footer.legal.refund' },
  { href: '/cookies', key: 'footer.legal.cookies' },
] as const;

/** The payment options the store accepts, as shown. */
const PAYMENT_METHODS = ['visa', 'mastercard', 'amex', 'debit', 'applePay', 'googlePay', 'paypal'] as const;

const linkClass = 'rounded text-slate-600 transition-colors hover:text-brand-700 hover:underline';
const headingClass = 'text-sm font-semibold uppercase tracking-wide text-ink';

/**
 * The site footer (`docs/product-rules.md#storefront-pages`): tagline, social links, quick
 * links (plans, how it works, FAQ, blog), legal links, contact details (postal address, support
 * e-mail, website), accepted payment options and a copyright line with the current year.
 * Stacks into one column on narrow phones.
 */
export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  const newTab = t('footer.newTab');
  return (
    <footer className="border-t border-slate-200 bg-white pb-20 md:pb-24">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-12 lg:gap-x-8">
        <div className="col-span-2 lg:col-span-4">
          <Link href="/" aria-label={t('nav.homeAria')} className="inline-block rounded-lg">
            <Logo />
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-600">{t('footer.tagline')}</p>
          <ul aria-label={t('footer.social.label')} className="mt-5 flex flex-wrap gap-2">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.id}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t(`footer.social.${social.id}`, { brand: BRAND })} ${newTab}`}
                  className="inline-flex size-10 items-center justify-center rounded-xl border border-slate-200 text-slate-600 transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    {SOCIAL_ICONS[social.id]}
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links" className="col-span-1 lg:col-span-2">
          <h2 id="footer-quick-links" className={headingClass}>
            {t('footer.quickLinks.title')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
            <li>
              <a href={CONTACT.blogHref} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('footer.quickLinks.blog')}
                <span className="sr-only"> {newTab}</span>
              </a>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal" className="col-span-1 lg:col-span-2">
          <h2 id="footer-legal" className={headingClass}>
            {t('footer.legal.title')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={linkClass}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="col-span-2 lg:col-span-4">
          <h2 className={headingClass}>{t('footer.contact.title')}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic text-slate-600">
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                <span className="sr-only">{t('footer.contact.address')}: </span>
                <span className="whitespace-pre-line">{t('company.address', CONTACT.company)}</span>
              </span>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                <span className="sr-only">{t('footer.contact.email')}: </span>
                <a href={`mailto:${CONTACT.email}`} className={linkClass}>
                  {CONTACT.email}
                </a>
              </span>
            </p>
            <p className="flex gap-3">
              <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                <span className="sr-only">{t('footer.contact.website')}: </span>
                <Link href="/" className={linkClass}>
                  {CONTACT.website}
                </Link>
              </span>
            </p>
          </address>
          <Link
            href="/contact"
            className="mt-4 inline-block rounded text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('footer.contact.allOptions')}
          </Link>
        </div>
      </div>

      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <ShieldCheck aria-hidden="true" className="size-4 text-brand-700" />
              <span id="footer-payments">{t('footer.payments.label')}</span>
            </p>
            <ul aria-labelledby="footer-payments" className="flex flex-wrap gap-1.5">
              {PAYMENT_METHODS.map((method) => (
                <li
                  key={method}
                  className="rounded-md border border-slate-200 bg-slate-50 px-2 py-0.5 text-xs font-semibold text-slate-700"
                >
                  {t(`footer.payments.${method}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="text-xs text-slate-600 lg:text-right">
            <p>{t('footer.prices')}</p>
            {/* Rendered HTML is cached: a page rendered in December may hydrate in January. */}
            <p className="mt-1" suppressHydrationWarning>
              {t('footer.copyright', { year, brand: BRAND })}
            </p>
          </div>
        </div>
      </div>
    </footer>
  );
}
