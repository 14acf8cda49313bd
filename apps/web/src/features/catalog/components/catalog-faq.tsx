import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/** The four questions (specification section 9: FAQ has 4 entries). */
const QUESTIONS = ['what', 'compatible', 'activation', 'refund'] as const;

/** The 4-question FAQ of the countries view (Radix Accordion: buttons with aria-expanded). */
export function CatalogFaq() {
  const { t } = useTranslation('catalog');
  return (
    <section aria-labelledby="faq-heading" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="faq-heading" className="text-center text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {t('faq.heading')}
        </h2>
        <Accordion.Root
          type="single"
          collapsible
          className="mt-8 divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200"
        >
          {QUESTIONS.map((id) => (
            <Accordion.Item key={id} value={id}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-slate-50">
                    {t(`faq.items.${id}.question`)}
                    <ChevronDown
                      aria-hidden="true"
                      className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-slate-600">
                {t(`faq.items.${id}.answer`)}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
