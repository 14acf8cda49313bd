/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@esim/contract/languages';
import { Fragment, type ReactNode } from 'react';
import { COLORS, FONT, assertHttpUrl, fill } from './email-html.ts';
import {
  ButtonLink,
  Card,
  EmailLayout,
  EmailTitle,
  Paragraph,
  type RenderedEmail,
  SectionHeading,
  TextLink,
  renderEmailHtml,
} from './email-layout.tsx';
import { EMAIL_STRINGS, type SupportMessageStrings } from './locales/index.ts';

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
  lang: Language;
  t: SupportMessageStrings;
  vars: Readonly<Record<string, string | number>>;
  subject: string;
  /** Date and time received, in UTC, e.g. `5 Dec 2026, 08:15 UTC`. */
  received: string;
  /** The sender's language by its native name and code, e.g. `Türkçe (tr)`. */
  senderLanguage: string;
  year: string;
  adminUrl: string;
}

/**
 * The subject of the desk's copy: `[<reference>] <subject>` (issue 11), in every language, so
 * replies and the desk's filters keep the reference.
 */
export function supportMessageSubject(reference: string, subject: string): string {
  return `[${reference}] ${subject}`;
}

/**
 * Prepares a message for {@link SupportMessageEmail} and the text part.
 * @throws TypeError when `adminUrl` is not an absolute http(s) URL.
 */
export function supportMessageView(data: SupportMessageEmailData, language: string): SupportMessageView {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = EMAIL_STRINGS[lang].supportMessage;
  const adminUrl = assertHttpUrl(data.adminUrl, 'adminUrl');
  const receivedAt = new Date(data.receivedAt);
  const valid = !Number.isNaN(receivedAt.getTime());
  const known = LANGUAGES.find((l) => l.code === data.senderLanguage);
  return {
    data,
    lang,
    t,
    vars: { name: data.name, email: data.email, brand: BRAND },
    subject: supportMessageSubject(data.reference, data.subject),
    received: valid
      ? `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(receivedAt)} UTC`
      : '',
    senderLanguage: known ? `${known.nativeName} (${known.code})` : data.senderLanguage,
    year: valid ? String(receivedAt.getUTCFullYear()) : '',
    adminUrl,
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
export function SupportMessageEmail({ view }: { view: SupportMessageView }) {
  const { data, t, vars } = view;
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
    [t.language, view.senderLanguage],
    [t.received, view.received],
    [t.subject, data.subject],
  ];
  return (
    <EmailLayout
      lang={view.lang}
      title={view.subject}
      preheader={fill(t.preheader, vars)}
      footer={[fill(t.reason, vars), `© ${view.year} ${BRAND}`]}
    >
      <Card>
        <EmailTitle>{t.heading}</EmailTitle>
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
      </Card>
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
      <Card>
        <Paragraph size="small">{fill(t.replyHint, vars)}</Paragraph>
        <div>
          <ButtonLink href={view.adminUrl}>{t.adminButton}</ButtonLink>
        </div>
      </Card>
    </EmailLayout>
  );
}

/** The plain-text part: the same content, the message as typed. */
function supportMessageText(view: SupportMessageView): string {
  const { data, t, vars } = view;
  return [
    t.heading,
    '',
    fill(t.intro, vars),
    '',
    `${t.reference}: ${data.reference}`,
    `${t.from}: ${data.name} <${data.email}>`,
    `${t.language}: ${view.senderLanguage}`,
    `${t.received}: ${view.received}`,
    `${t.subject}: ${data.subject}`,
    '',
    `== ${t.messageHeading} ==`,
    data.message,
    '',
    fill(t.replyHint, vars),
    `${t.adminButton}: ${view.adminUrl}`,
    '',
    '--',
    fill(t.reason, vars),
    '',
  ].join('\n');
}

/**
 * Renders the support desk's copy of a contact-form message (issue 11), sent to `SUPPORT_EMAIL`
 * with the sender as Reply-To: subject `[<reference>] <subject>`; reference, sender, language,
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
  const html = await renderEmailHtml(<SupportMessageEmail view={view} />);
  return {
    template: SUPPORT_MESSAGE_TEMPLATE,
    language: view.lang,
    subject: view.subject,
    html,
    text: supportMessageText(view),
    inlineImages: [],
  };
}
