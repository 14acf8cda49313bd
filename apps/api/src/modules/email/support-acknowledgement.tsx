/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { EmailLayout, Paragraph, type RenderedEmail, fillElements, renderEmail } from './email-layout.tsx';
import { type MessageFrame, customerFrame, emailLanguage, fill } from './email-text.ts';
import type { SupportAcknowledgementStrings } from './locales/index.ts';

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
  /** Language, subject, heading, greeting, support and small print. */
  frame: MessageFrame;
  t: SupportAcknowledgementStrings;
  /** Placeholder values: `name`, `subject`, `reference`, `brand`. */
  vars: Readonly<Record<string, string | number>>;
}

/** Prepares an acknowledgement for {@link SupportAcknowledgementEmail} and the text part (English when `language` is not supported). */
export function supportAcknowledgementView(
  data: SupportAcknowledgementData,
  language: string,
): SupportAcknowledgementView {
  const { lang, strings } = emailLanguage(language);
  const { common, supportAcknowledgement: t } = strings;
  const vars = { name: data.name, subject: data.subject, reference: data.reference, brand: BRAND };
  return {
    data,
    frame: customerFrame({ lang, common, vars, date: data.receivedAt, texts: t }),
    t,
    vars,
  };
}

/**
 * The acknowledgement as a React Email document: heading, greeting, thanks and "within 24
 * hours", the subject quoted and the reference (both in bold), the support hours, "if it was not
 * you, ignore this", and support. Rendered by {@link renderSupportAcknowledgement}.
 */
export function SupportAcknowledgementEmail({ frame, data, t, vars }: SupportAcknowledgementView) {
  return (
    <EmailLayout
      frame={frame}
      opening={
        <>
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
        </>
      }
    />
  );
}

/** The plain-text part's body: the same content as the HTML. */
function supportAcknowledgementText({ t, vars }: SupportAcknowledgementView) {
  return [
    [fill(t.intro, vars)],
    [fill(t.subjectLine, vars), fill(t.referenceLine, vars), t.referenceHint],
    [t.hours, t.notYou],
  ];
}

/**
 * Renders the acknowledgement sent to whoever used the support page's contact form
 * (`docs/product-rules.md#support-messages`): in their language, it thanks them, says "We'll get back to you
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
  return renderEmail(
    SUPPORT_ACKNOWLEDGEMENT_TEMPLATE,
    view.frame,
    <SupportAcknowledgementEmail {...view} />,
    supportAcknowledgementText(view),
  );
}
