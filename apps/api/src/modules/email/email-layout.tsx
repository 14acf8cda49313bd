/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import { SUPPORT_CONTACT } from '@esim/contract/contact';
import type { Language } from '@esim/contract/languages';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { renderToReadableStream } from 'react-dom/server.edge';
import { Row } from '@react-email/row';
import { Text } from '@react-email/text';
import { type CSSProperties, Fragment, type ReactElement, type ReactNode } from 'react';
import type { InlineImage } from '../../providers/mail/mailer.ts';
import { COLORS, FONT } from './email-html.ts';
import { type MessageFrame, type TextBlock, type TextCardContent, frameText } from './email-text.ts';
import type { CommonEmailStrings } from './locales/index.ts';

/**
 * The React Email pieces every template is made of (decision record 0015): {@link EmailLayout},
 * the frame of every message (document, 600 px column, brand, heading and greeting, support
 * section, small print), and the cards, headings, paragraphs, buttons and links inside it, then
 * {@link renderEmail}. Styles are inline (mail clients drop style sheets; the one `<style>` only
 * tightens paddings on phones), texts are plain strings that React escapes.
 */

/**
 * A rendered message, what every template's render function returns: spread it into
 * `Mailer.send` with `to` (and `orderId` when there is one).
 */
export interface RenderedEmail {
  /** Template id (`email_messages.template`). */
  template: string;
  /** The language actually used (the requested one, or English when it is not supported). */
  language: Language;
  subject: string;
  /** The HTML document ({@link renderEmailHtml}). */
  html: string;
  /** The plain-text part, with the same content as the HTML. */
  text: string;
  /** Images the HTML references as `cid:<cid>` (e.g. one QR code PNG per eSIM); often none. */
  inlineImages: InlineImage[];
}

/** Padding of the page around the column, and of a card; phones get less (see `<style>`). */
const RESPONSIVE_CSS = `@media only screen and (max-width: 480px) {
  .card-pad { padding: 16px !important; }
  .outer-pad { padding: 12px 8px !important; }
}`;

/** React Email's hidden preheader style, plus `mso-hide` for Outlook, which ignores `display`. */
const PREHEADER_STYLE = {
  display: 'none',
  overflow: 'hidden',
  lineHeight: '1px',
  opacity: 0,
  maxHeight: 0,
  maxWidth: 0,
  msoHide: 'all',
} as CSSProperties;

/**
 * Markup only Outlook for Windows (Word's engine) reads, inside an `<!--[if mso]>` comment: the
 * same technique as React Email's `Button`. `html` must be fixed markup, never data.
 */
function OutlookOnly({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: `<!--[if mso]>${html}<![endif]-->` }} />;
}

/** Props of {@link EmailDocument}; every string is plain text. */
interface EmailDocumentProps {
  lang: Language;
  /** The document title: the message's subject. */
  title: string;
  /** The hidden preview line mail clients show next to the subject (up to 150 characters). */
  preheader: string;
  /** The small print under the column, one line each (why the message was sent, tagline, ©). */
  footer: readonly string[];
  /** The message's {@link Card}s. */
  children: ReactNode;
}

/**
 * The whole e-mail document: `lang`, viewport and colour-scheme metas, the hidden preheader, the
 * brand name, then `children` in a centred 600 px column (a fixed 600 px table for Outlook for
 * Windows, which ignores `max-width`) that shrinks to the phone's width, on a grey page, and the
 * footer lines.
 */
function EmailDocument({ lang, title, preheader, footer, children }: EmailDocumentProps) {
  return (
    <Html lang={lang} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
        <style>{RESPONSIVE_CSS}</style>
      </Head>
      <Body style={{ backgroundColor: COLORS.page, margin: 0, padding: 0 }}>
        <Preview style={PREHEADER_STYLE}>{preheader}</Preview>
        <Row>
          <Column align="center" className="outer-pad" style={{ padding: '24px 12px' }}>
            <OutlookOnly html='<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td>' />
            <Container style={{ maxWidth: 600, margin: '0 auto' }}>
              <Row>
                <Column
                  style={{
                    padding: '0 0 16px',
                    fontFamily: FONT,
                    fontSize: 22,
                    lineHeight: '28px',
                    fontWeight: 800,
                    color: COLORS.brand,
                  }}
                >
                  {BRAND}
                </Column>
              </Row>
              {children}
              <Row>
                <Column
                  style={{
                    padding: '8px 8px 0',
                    fontFamily: FONT,
                    fontSize: 12,
                    lineHeight: '18px',
                    color: COLORS.muted,
                  }}
                >
                  {footer.map((line, i) => (
                    <Fragment key={i}>
                      {i > 0 && <br />}
                      {line}
                    </Fragment>
                  ))}
                </Column>
              </Row>
            </Container>
            <OutlookOnly html="</td></tr></table>" />
          </Column>
        </Row>
      </Body>
    </Html>
  );
}

/** Props of {@link EmailLayout}. */
export interface EmailLayoutProps {
  /** Language, subject, preheader, heading, greeting, support and small print. */
  frame: MessageFrame;
  /** What the first card shows under the heading and the greeting. */
  opening: ReactNode;
  /** The {@link Card}s between the first card and the support section. */
  children?: ReactNode;
  /** What the support section's card shows above it (the order confirmation's refund policy). */
  beforeSupport?: ReactNode;
}

/**
 * Every message's HTML, the twin of `frameText` (`email-html.ts`): the document of `frame`, a
 * first card with the heading, the greeting and `opening`, the `children` cards, a last card with
 * the support section when the frame has one, and the footer lines with `© <year> <brand>`.
 */
export function EmailLayout({ frame, opening, children, beforeSupport }: EmailLayoutProps) {
  return (
    <EmailDocument
      lang={frame.lang}
      title={frame.subject}
      preheader={frame.preheader}
      footer={[...frame.footer, `© ${frame.year} ${BRAND}`]}
    >
      <Card>
        <EmailTitle>{frame.heading}</EmailTitle>
        {frame.greeting === undefined ? null : <Paragraph>{frame.greeting}</Paragraph>}
        {opening}
      </Card>
      {children}
      {frame.support ? (
        <Card>
          {beforeSupport}
          <SupportSection common={frame.support} />
        </Card>
      ) : null}
    </EmailDocument>
  );
}

/** A white, rounded, bordered card of the column, 16 px above the next one. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <Row>
      <Column style={{ padding: '0 0 16px' }}>
        <Row
          style={{
            borderCollapse: 'separate',
            background: COLORS.white,
            border: `1px solid ${COLORS.border}`,
            borderRadius: 12,
          }}
        >
          <Column className="card-pad" style={{ padding: 24 }}>
            {children}
          </Column>
        </Row>
      </Column>
    </Row>
  );
}

/** The message's main heading (`h1`), at the top of its first card. */
function EmailTitle({ children }: { children: string }) {
  return (
    <Heading
      as="h1"
      style={{
        margin: '0 0 16px',
        fontFamily: FONT,
        fontSize: 24,
        lineHeight: '30px',
        fontWeight: 800,
        color: COLORS.ink,
      }}
    >
      {children}
    </Heading>
  );
}

/** A card's heading (`h2`). */
export function SectionHeading({ children }: { children: string }) {
  return (
    <Heading
      as="h2"
      style={{
        margin: '0 0 12px',
        fontFamily: FONT,
        fontSize: 18,
        lineHeight: '24px',
        fontWeight: 700,
        color: COLORS.ink,
      }}
    >
      {children}
    </Heading>
  );
}

/** Type sizes of {@link Paragraph}: body 15/22 px, `small` 14/20 px, `fine` print 12/16 px (muted). */
const PARAGRAPH_SIZES = {
  body: { fontSize: 15, lineHeight: '22px', color: COLORS.ink },
  small: { fontSize: 14, lineHeight: '20px', color: COLORS.ink },
  fine: { fontSize: 12, lineHeight: '16px', color: COLORS.muted },
} as const satisfies Record<string, CSSProperties>;

/** Props of {@link Paragraph}. */
export interface ParagraphProps {
  /** `body` (default), `small` or `fine` (muted small print). */
  size?: keyof typeof PARAGRAPH_SIZES;
  /** Muted colour at any size. */
  muted?: boolean;
  /** Space below in px; 12 unless given. */
  marginBottom?: number;
  /** More inline style (weight, top margin...). */
  style?: CSSProperties;
  /** Text, or text with {@link fillElements}' elements. */
  children: ReactNode;
}

/** A paragraph of the brand's font at one of three sizes. */
export function Paragraph({ size = 'body', muted = false, marginBottom = 12, style, children }: ParagraphProps) {
  return (
    <Text
      style={{
        fontFamily: FONT,
        ...PARAGRAPH_SIZES[size],
        ...(muted ? { color: COLORS.muted } : {}),
        ...style,
        marginTop: style?.marginTop ?? 0,
        marginBottom,
      }}
    >
      {children}
    </Text>
  );
}

/** Props of {@link ButtonLink}. */
export interface ButtonLinkProps {
  /** Absolute URL (checked by the template, e.g. with `assertHttpUrl`). */
  href: string;
  /** `primary` (filled, default) or `secondary` (outlined). */
  variant?: 'primary' | 'secondary';
  children: string;
}

/**
 * A button-styled link in the brand's colours (React Email's `Button`, which pads it for Outlook
 * too); buttons placed one after another sit side by side and wrap on a phone.
 */
export function ButtonLink({ href, variant = 'primary', children }: ButtonLinkProps) {
  const primary = variant === 'primary';
  return (
    <Button
      href={href}
      rel="noopener"
      style={{
        margin: '0 8px 8px 0',
        padding: '11px 18px',
        border: `2px solid ${COLORS.brand}`,
        borderRadius: 8,
        backgroundColor: primary ? COLORS.brand : COLORS.white,
        color: primary ? COLORS.white : COLORS.brand,
        fontFamily: FONT,
        fontSize: 15,
        fontWeight: 700,
      }}
    >
      {children}
    </Button>
  );
}

/** Buttons side by side (`style` for the space around them). */
export function Buttons({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return <div style={style}>{children}</div>;
}

/** A card of {@link TextCardContent}: its heading, its paragraphs (small text) and its button. */
export function TextCard({ content }: { content: TextCardContent }) {
  const { heading, paragraphs, button } = content;
  return (
    <Card>
      {heading === undefined ? null : <SectionHeading>{heading}</SectionHeading>}
      {paragraphs.map((paragraph, i) => (
        <Paragraph key={i} size="small" marginBottom={button || i < paragraphs.length - 1 ? 12 : 0}>
          {paragraph}
        </Paragraph>
      ))}
      {button ? (
        <Buttons>
          <ButtonLink href={button.href}>{button.label}</ButtonLink>
        </Buttons>
      ) : null}
    </Card>
  );
}

/** An underlined link in the brand colour. */
export function TextLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} style={{ color: COLORS.brand, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/**
 * The support section customer messages end with: heading, response times, e-mail, WhatsApp and
 * phone links of `SUPPORT_CONTACT`, opening hours (`docs/product-rules.md#support-messages`). Its
 * plain-text twin is `supportText` in `email-html.ts`.
 */
function SupportSection({ common }: { common: CommonEmailStrings }) {
  const contacts = [
    [common.emailLabel, `mailto:${SUPPORT_CONTACT.email}`, SUPPORT_CONTACT.email],
    [common.whatsappLabel, SUPPORT_CONTACT.whatsappHref, SUPPORT_CONTACT.whatsapp],
    [common.phoneLabel, SUPPORT_CONTACT.phoneHref, SUPPORT_CONTACT.phone],
  ] as const;
  return (
    <>
      <SectionHeading>{common.supportHeading}</SectionHeading>
      <Paragraph size="small">{common.supportIntro}</Paragraph>
      <Paragraph size="small" style={{ lineHeight: '22px' }}>
        {contacts.map(([label, href, text], i) => (
          <Fragment key={href}>
            {i > 0 && <br />}
            {`${label}: `}
            <TextLink href={href}>{text}</TextLink>
          </Fragment>
        ))}
      </Paragraph>
      <Paragraph size="fine" marginBottom={0}>
        {common.supportHours}
      </Paragraph>
    </>
  );
}

/**
 * Like `fill` (`email-html.ts`) but for the HTML: replaces `{key}` placeholders of `template`
 * with `elements[key]` (e.g. the order number in `<strong>`), else with `vars[key]` as text;
 * unknown placeholders stay as they are. React escapes the text parts.
 */
export function fillElements(
  template: string,
  vars: Readonly<Record<string, string | number>>,
  elements: Readonly<Record<string, ReactElement>> = {},
): ReactNode[] {
  const parts: ReactNode[] = [];
  let text = '';
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const key = match[1] ?? '';
    text += template.slice(last, match.index);
    last = match.index + match[0].length;
    const element = elements[key];
    if (element) {
      // One text node between elements: React marks adjacent text nodes with `<!-- -->`.
      if (text) parts.push(text);
      parts.push(<Fragment key={parts.length}>{element}</Fragment>);
      text = '';
    } else {
      const value = vars[key];
      text += value === undefined ? match[0] : String(value);
    }
  }
  text += template.slice(last);
  if (text) parts.push(text);
  return parts;
}

/** The doctype e-mail clients handle best (what React Email's own `render` writes). */
const EMAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders an e-mail element (an {@link EmailLayout}) to the HTML document sent: an XHTML 1.0
 * Transitional doctype, then React's markup, double-quoted attributes (the e-mail preview's CSP
 * hashes its `style` attributes). With React's web-streams renderer (`react-dom/server.edge`),
 * as React Email's `render` does on edge runtimes: its Node build keeps each render in an
 * `AsyncLocalStorage`, and once one is used Node runs a hook for every promise the process
 * creates, slowing every later request (decision record 0028).
 * @throws what a component throws while rendering (the promise rejects).
 */
async function renderEmailHtml(element: ReactElement): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failure !== undefined) throw failure;
  return EMAIL_DOCTYPE + html.replace(/<!DOCTYPE.*?>/, '');
}

/**
 * A rendered message: template id, the language and subject of `frame`, the HTML of `element`
 * (an {@link EmailLayout} of `frame`), the plain text of `frame` around `textBody` (blocks of
 * lines, `frameText` in `email-text.ts`), and `inlineImages` (none by default).
 * @throws what a component throws while rendering (the promise rejects).
 */
export async function renderEmail(
  template: string,
  frame: MessageFrame,
  element: ReactElement,
  textBody: readonly TextBlock[],
  inlineImages: InlineImage[] = [],
): Promise<RenderedEmail> {
  return {
    template,
    language: frame.lang,
    subject: frame.subject,
    html: await renderEmailHtml(element),
    text: frameText(frame, textBody),
    inlineImages,
  };
}
