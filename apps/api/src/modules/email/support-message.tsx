/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { LANGUAGES, type Language } from '@esim/contract/languages';
import { Fragment, type ReactNode } from 'react';
import { COLORS, FONT, assertHttpUrl } from './email-html.ts';
import {
  Card,
  EmailLayout,
  Paragraph,
  type RenderedEmail,
  SectionHeading,
  TextCard,
  TextLink,
  renderEmail,
} from './email-layout.tsx';
import { type MessageFrame, type TextCardContent, emailLanguage, fill, textHeading, yearOf } from './email-text.ts';
import type { SupportMessageStrings } from './locales/index.ts';

/** Template id of the support desk's copy of a contact-form message (`email_messages.template`). */
export const SUPPORT_MESSAGE_TEMPLATE = 'support-message';

/** The language the support desk reads its copies in. */
export const SUPPORT_DESK_LANGUAGE: Language = 'en';

/** What the support desk's copy shows. Every string is plain text; the renderer escapes it. */
export interface SupportMessageEmailData {
  /** `SUP-XXXXXXXX`. */
  reference: string;
  name: string;
  /** The sender's address (also the message's Reply-To). */
  email: string;
  /** One line (the contract refuses line breaks), put in the e-mail's subject after the reference. */
  subject: string;
  /** The message as typed, line breaks kept. */
  message: string;
  /** The page language the sender wrote from (`en`...). */
  senderLanguage: string;
  receivedAt: Date;
  /** Absolute http(s) URL of the message in the admin area. */
  adminUrl: string;
}

/** Everything the HTML and the text part share; made by {@link supportMessageView}. */
export interface SupportMessageView {
  data: SupportMessageEmailData;
  /** Language, subject, heading and small print; no greeting and no support section. */
  frame: MessageFrame;
  t: SupportMessageStrings;
  /** Placeholder values: `name`, `email`, `brand`. */
  vars: Readonly<Record<string, string | number>>;
  /** Date and time received, in UTC, e.g. `5 Dec 2026, 08:15 UTC`. */
  received: string;
  /** The sender's language by its native name and code, e.g. `Türkçe (tr)`. */
  senderLanguage: string;
  /** How to reply, and the button to the message in the admin area. */
  reply: TextCardContent;
}

/**
 * The subject of the desk's copy: `[<reference>] <subject>`, in every language, so replies and
 * the desk's filters keep the reference.
 */
export function supportMessageSubject(reference: string, subject: string): string {
  return `[${reference}] ${subject}`;
}

/**
 * Prepares a message for {@link SupportMessageEmail} and the text part.
 * @throws TypeError when `adminUrl` is not an absolute http(s) URL.
 */
export function supportMessageView(data: SupportMessageEmailData, language: string): SupportMessageView {
  const { lang, strings } = emailLanguage(language);
  const t = strings.supportMessage;
  const adminUrl = assertHttpUrl(data.adminUrl, 'adminUrl');
  const receivedAt = new Date(data.receivedAt);
  const year = yearOf(receivedAt);
  const known = LANGUAGES.find((l) => l.code === data.senderLanguage);
  const vars = { name: data.name, email: data.email, brand: BRAND };
  return {
    data,
    frame: {
      lang,
      subject: supportMessageSubject(data.reference, data.subject),
      preheader: fill(t.preheader, vars),
      heading: t.heading,
      footer: [fill(t.reason, vars)],
      year,
    },
    t,
    vars,
    received: year
      ? `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(receivedAt)} UTC`
      : '',
    senderLanguage: known ? `${known.nativeName} (${known.code})` : data.senderLanguage,
    reply: { paragraphs: [fill(t.replyHint, vars)], button: { label: t.adminButton, href: adminUrl } },
  };
}

/** The message's lines, with `<br>` between them (mail clients do not all honour `white-space`). */
function MessageLines({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The support desk's copy as a React Email document: heading, who wrote, the facts (reference,
 * sender with a `mailto:` link, language, time, subject), the message in a quoted block, how to
 * reply, and a button to the message in the admin area.
 */
export function SupportMessageEmail({ frame, data, t, vars, received, senderLanguage, reply }: SupportMessageView) {
  const facts: [string, ReactNode][] = [
    [t.reference, <strong>{data.reference}</strong>],
    [
      t.from,
      <>
        {`${data.name} <`}
        <TextLink href={`mailto:${data.email}`}>{data.email}</TextLink>
        {'>'}
      </>,
    ],
    [t.language, senderLanguage],
    [t.received, received],
    [t.subject, data.subject],
  ];
  return (
    <EmailLayout
      frame={frame}
      opening={
        <>
          <Paragraph>{fill(t.intro, vars)}</Paragraph>
          <Paragraph size="small" marginBottom={0} style={{ lineHeight: '22px' }}>
            {facts.map(([label, value], i) => (
              <Fragment key={label}>
                {i > 0 && <br />}
                {`${label}: `}
                {value}
              </Fragment>
            ))}
          </Paragraph>
        </>
      }
    >
      <Card>
        <SectionHeading>{t.messageHeading}</SectionHeading>
        <Paragraph
          marginBottom={0}
          style={{
            padding: '12px 16px',
            borderLeft: `4px solid ${COLORS.brand}`,
            background: COLORS.brandSoft,
            fontFamily: FONT,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          <MessageLines text={data.message} />
        </Paragraph>
      </Card>
      <TextCard content={reply} />
    </EmailLayout>
  );
}

/** The plain-text part's body: the same content, the message as typed. */
function supportMessageText({ data, t, vars, received, senderLanguage, reply }: SupportMessageView) {
  return [
    [fill(t.intro, vars)],
    [
      `${t.reference}: ${data.reference}`,
      `${t.from}: ${data.name} <${data.email}>`,
      `${t.language}: ${senderLanguage}`,
      `${t.received}: ${received}`,
      `${t.subject}: ${data.subject}`,
    ],
    [textHeading(t.messageHeading), data.message],
    reply,
  ];
}

/**
 * Renders the support desk's copy of a contact-form message, sent to `SUPPORT_EMAIL` with the
 * sender as Reply-To (`docs/product-rules.md#support-messages`): subject `[<reference>] <subject>`; reference, sender, language,
 * time (UTC) and subject; the message as typed (escaped by React in the HTML, lines kept); how
 * to reply; a link to the message in the admin area. No images.
 *
 * @param data the message; plain text.
 * @param language the desk's language ({@link SUPPORT_DESK_LANGUAGE}); anything unsupported
 *   renders in English.
 * @returns subject, HTML, text, template id `support-message`, the language used, no inline images.
 * @throws TypeError when `adminUrl` is not an absolute http(s) URL (as a rejected promise).
 */
export async function renderSupportMessage(
  data: SupportMessageEmailData,
  language: string = SUPPORT_DESK_LANGUAGE,
): Promise<RenderedEmail> {
  const view = supportMessageView(data, language);
  return renderEmail(SUPPORT_MESSAGE_TEMPLATE, view.frame, <SupportMessageEmail {...view} />, supportMessageText(view));
}
