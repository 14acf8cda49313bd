/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { fill, textFooter } from './email-html.ts';
import {
  Card,
  EmailLayout,
  EmailTitle,
  Paragraph,
  type RenderedEmail,
  SupportSection,
  fillElements,
  renderEmailHtml,
} from './email-layout.tsx';
import { type CommonEmailStrings, EMAIL_STRINGS, type SupportAcknowledgementStrings } from './locales/index.ts';

/** Template id of the acknowledgement of a contact-form message (`email_messages.template`). */
export const SUPPORT_ACKNOWLEDGEMENT_TEMPLATE = 'support-acknowledgement';

/** What the acknowledgement shows. Every string is plain text; the renderer escapes it. */
export interface SupportAcknowledgementData {
  /** The sender's name, for the greeting. */
  name: string;
  /** The subject they wrote (one line), quoted back. */
  subject: string;
  /** `SUP-XXXXXXXX`. */
  reference: string;
  /** When the message arrived; its year goes in the footer's ©. */
  receivedAt: Date;
}

/** Everything the HTML and the text part share; made by {@link supportAcknowledgementView}. */
export interface SupportAcknowledgementView {
  data: SupportAcknowledgementData;
  lang: Language;
  common: CommonEmailStrings;
  t: SupportAcknowledgementStrings;
  /** Placeholder values: `name`, `subject`, `reference`, `brand`. */
  vars: Readonly<Record<string, string | number>>;
  subject: string;
  year: string;
}

/** Prepares an acknowledgement for {@link SupportAcknowledgementEmail} and the text part (English when `language` is not supported). */
export function supportAcknowledgementView(
  data: SupportAcknowledgementData,
  language: string,
): SupportAcknowledgementView {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const { common, supportAcknowledgement: t } = EMAIL_STRINGS[lang];
  const vars = { name: data.name, subject: data.subject, reference: data.reference, brand: BRAND };
  const receivedAt = new Date(data.receivedAt);
  return {
    data,
    lang,
    common,
    t,
    vars,
    subject: fill(t.subject, vars),
    year: Number.isNaN(receivedAt.getTime()) ? '' : String(receivedAt.getUTCFullYear()),
  };
}

/**
 * The acknowledgement as a React Email document: heading, greeting, thanks and "within 24
 * hours", the subject quoted and the reference (both in bold), the support hours, "if it was not
 * you, ignore this", and support. Rendered by {@link renderSupportAcknowledgement}.
 */
export function SupportAcknowledgementEmail({ view }: { view: SupportAcknowledgementView }) {
  const { data, lang, common, t, vars } = view;
  return (
    <EmailLayout
      lang={lang}
      title={view.subject}
      preheader={fill(t.preheader, vars)}
      footer={[fill(t.reason, vars), fill(common.tagline, vars), `© ${view.year} ${BRAND}`]}
    >
      <Card>
        <EmailTitle>{t.heading}</EmailTitle>
        <Paragraph>{fill(common.greeting, vars)}</Paragraph>
        <Paragraph>{fill(t.intro, vars)}</Paragraph>
        <Paragraph size="small" style={{ wordBreak: 'break-word' }}>
          {fillElements(t.subjectLine, vars, { subject: <strong>{data.subject}</strong> })}
          <br />
          {fillElements(t.referenceLine, vars, { reference: <strong>{data.reference}</strong> })}
        </Paragraph>
        <Paragraph size="small">{t.referenceHint}</Paragraph>
        <Paragraph size="small">{t.hours}</Paragraph>
        <Paragraph size="fine" marginBottom={0}>
          {t.notYou}
        </Paragraph>
      </Card>
      <Card>
        <SupportSection common={common} />
      </Card>
    </EmailLayout>
  );
}

/** The plain-text part: the same content as the HTML. */
function supportAcknowledgementText(view: SupportAcknowledgementView): string {
  const { common, t, vars } = view;
  return [
    t.heading,
    '',
    fill(common.greeting, vars),
    '',
    fill(t.intro, vars),
    '',
    fill(t.subjectLine, vars),
    fill(t.referenceLine, vars),
    t.referenceHint,
    '',
    t.hours,
    t.notYou,
    '',
    ...textFooter(common, t.reason, vars),
  ].join('\n');
}

/**
 * Renders the acknowledgement sent to whoever used the support page's contact form (issue 11;
 * specification section 9): in their language, it thanks them, says "We'll get back to you
 * within 24 hours", quotes their subject, gives the reference (`SUP-…`, also in the subject)
 * and the support hours (Monday to Friday, `@esim/contract/support-hours`), and ends with the support contacts.
 * It never repeats the message itself, so the form cannot relay a text to any address.
 *
 * @param data the sender's name and subject, the reference; plain text, escaped by React.
 * @param language `en`, `tr`, `es`, `fr` or `de` (the page's); anything else renders in English.
 * @returns subject, HTML, text, template id `support-acknowledgement`, the language used and no
 *   inline images, ready for `Mailer.send` with `to`.
 */
export async function renderSupportAcknowledgement(
  data: SupportAcknowledgementData,
  language: string,
): Promise<RenderedEmail> {
  const view = supportAcknowledgementView(data, language);
  const html = await renderEmailHtml(<SupportAcknowledgementEmail view={view} />);
  return {
    template: SUPPORT_ACKNOWLEDGEMENT_TEMPLATE,
    language: view.lang,
    subject: view.subject,
    html,
    text: supportAcknowledgementText(view),
    inlineImages: [],
  };
}
