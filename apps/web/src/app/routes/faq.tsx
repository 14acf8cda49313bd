import { ChevronDown, CreditCard, type LucideIcon, MessagesSquare, ShoppingBag, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button.tsx';
import { CONTACT } from '../layout/contact.ts';
import { usePageMeta } from '../page-meta.tsx';

interface FaqItem {
  id: string;
  /** A page that answers the question in more depth. */
  link?: { href: string; key: string };
}

/** Questions grouped by where the traveller is: buying, installing, or after the trip started. */
const GROUPS: readonly { id: string; icon: LucideIcon; items: readonly FaqItem[] }[] = [
  {
    id: 'beforeYouBuy',
    icon: ShoppingBag,
    items: [
      { id: 'compatibility', link: { href: '/how-it-works', key: 'faq.links.compatibility' } },
      { id: 'hotspot' },
      { id: 'phoneNumber' },
      { id: 'planTypes' },
      { id: 'prices' },
    ],
  },
  {
    id: 'activation',
    icon: Smartphone,
    items: [
      { id: 'whenInstall' },
      { id: 'activate', link: { href: '/how-it-works', key: 'faq.links.install' } },
      { id: 'validityStart' },
      { id: 'severalEsims' },
      { id: 'notConnecting', link: { href: '/support', key: 'faq.links.support' } },
    ],
  },
  {
    id: 'afterPurchase',
    icon: CreditCard,
    items: [
      { id: 'topUp', link: { href: '/portal', key: 'faq.links.portal' } },
      { id: 'usage' },
      { id: 'refund', link: { href: '/refund', key: 'faq.links.refund' } },
      { id: 'qrCode' },
    ],
  },
];

/**
 * The FAQ page (linked from the footer): questions on compatibility,
 * hotspot, activation, when validity starts, top-ups and refunds, grouped. Each question is a
 * native disclosure (`<details>`; its answer has the question's id): it opens without the page's code, by
 * keyboard and screen reader alike, and a link to `/faq#hotspot` opens its answer (decision
 * record 0028: no accordion code to evaluate and hydrate).
 */
export function FaqRoute() {
  usePageMeta({ kind: 'faq' });
  const { t } = useTranslation('content');
  return (
    <>
      <section className="bg-linear-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{t('faq.title')}</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('faq.lead')}</p>
          <nav aria-label={t('faq.topics')} className="mt-6">
            <ul className="flex flex-wrap justify-center gap-2">
              {GROUPS.map((group) => (
                <li key={group.id}>
                  <a
                    href={`#${group.id}`}
                    className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-200"
                  >
                    <group.icon aria-hidden="true" className="size-4 text-brand-700" />
                    {t(`faq.groups.${group.id}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <div className="mx-auto max-w-3xl space-y-12 px-4 pb-12 sm:px-6">
        {GROUPS.map((group) => (
          <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-24">
            <h2 id={`${group.id}-title`} className="flex items-center gap-3 text-2xl font-bold tracking-tight">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <group.icon aria-hidden="true" className="size-5" />
              </span>
              {t(`faq.groups.${group.id}`)}
            </h2>
            <div className="mt-5 space-y-3">
              {group.items.map((item) => (
                <details
                  key={item.id}
                  className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:border-brand-200"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold sm:text-lg [&::-webkit-details-marker]:hidden">
                    {t(`faq.items.${item.id}.q`)}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  {/* The id on the answer: a link to it (`/faq#hotspot`) opens its disclosure. */}
                  <div id={item.id} className="scroll-mt-40 px-5 pb-5 leading-7 text-slate-600">
                    <p>{t(`faq.items.${item.id}.a`, CONTACT.hours)}</p>
                    {item.link && (
                      <Link
                        href={item.link.href}
                        className="mt-3 inline-block rounded font-semibold text-brand-700 hover:underline"
                      >
                        {t(item.link.key)}
                      </Link>
                    )}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>

      <section aria-labelledby="faq-help-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <MessagesSquare aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 id="faq-help-title" className="text-lg font-bold">
                {t('faq.help.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t('faq.help.body', CONTACT.hours)}</p>
            </div>
          </div>
          <Link href="/support" className={buttonClass('primary', 'md', 'w-full shrink-0 sm:w-auto')}>
            {t('faq.help.link')}
          </Link>
        </div>
      </section>
    </>
  );
}
