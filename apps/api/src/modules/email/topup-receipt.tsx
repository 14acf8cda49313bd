/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import type { PlanFacts } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { planDataLabel } from '@esim/contract/plan-name';
import { soldPlanName } from '../../lib/plan-names.ts';
import { COLORS, FONT, MONO, assertHttpUrl, fill, pluralForm, textFooter } from './email-html.ts';
import {
  ButtonLink,
  Card,
  EmailLayout,
  EmailTitle,
  Paragraph,
  type RenderedEmail,
  SectionHeading,
  SupportSection,
  fillElements,
  renderEmailHtml,
} from './email-layout.tsx';
import { EMAIL_STRINGS, type CommonEmailStrings, type TopupReceiptStrings } from './locales/index.ts';

/** Template id of the top-up receipt (`email_messages.template`). */
export const TOPUP_RECEIPT_TEMPLATE = 'topup-receipt';

/**
 * The data amount of unlimited plans as the contract displays it (`Product.features.dataAmount`,
 * specification section 3); the receipt shows the language's word instead.
 */
const UNLIMITED_DATA_AMOUNT = 'Unlimited';

/** What the top-up receipt shows. Every string is plain text; the renderer escapes it. */
export interface TopupReceiptData {
  customerName: string;
  /** The top-up's own order number, `ORD-...`. */
  orderNumber: string;
  /** When the top-up was bought; shown as a long date in UTC. */
  orderDate: Date;
  /** Name of the top-up product in English as sold, e.g. "Turkey 3GB 15 days"; shown only when `plan` is absent. */
  productName: string;
  /**
   * The facts the top-up's plan is named by; the receipt names it (and its allowance, 'Unlimited
   * Plus' included) in its language with the shared `planName` (issue 13).
   */
  plan?: PlanFacts;
  /** Display string of the allowance, e.g. `1GB`, `500MB` or `Unlimited` (translated). */
  dataAmount: string;
  /** Validity of the bundle in days, counted from the moment it starts; a positive integer. */
  validityDays: number;
  /** ICCID of the eSIM the bundle was added to (19-20 digits). */
  iccid: string;
  /** Amount paid in integer US cents. */
  totalCents: number;
  /** How it was paid, e.g. `Visa •••• 4242` or `PayPal`. */
  paymentLabel: string;
  /**
   * Absolute http(s) URL of the customer portal, e.g. `https://roamwise.example/portal`. It
   * carries no token: the clear token exists only at the first purchase, so the customer signs
   * in with the one from the order confirmation.
   */
  portalUrl: string;
}

/**
 * Everything the HTML and the text part of one receipt share, computed once (and checked) before
 * either is rendered; made by {@link topupReceiptView}.
 */
export interface TopupReceiptView {
  data: TopupReceiptData;
  lang: Language;
  common: CommonEmailStrings;
  t: TopupReceiptStrings;
  /** Placeholder values: `orderNumber`, `product`, `iccid`, `brand`, `name`. */
  vars: Readonly<Record<string, string>>;
  subject: string;
  /** The year of the top-up, for the footer's ©. */
  year: string;
  portalUrl: string;
  /** The details table's rows: label, value, and whether the value is a code (monospace). */
  details: readonly (readonly [label: string, value: string, mono?: boolean])[];
}

/**
 * Prepares a top-up for {@link TopupReceiptEmail} and the text part: the language (English when
 * `language` is not supported), its texts, the subject, and the details (translated unlimited
 * allowance, pluralised validity, long date in UTC, USD amount).
 * @throws TypeError when `portalUrl` is not an absolute http(s) URL; RangeError when `orderDate`
 *   is not a valid date, `validityDays` not a positive integer or `totalCents` not a
 *   non-negative integer.
 */
export function topupReceiptView(data: TopupReceiptData, language: string): TopupReceiptView {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const { common, topupReceipt: t } = EMAIL_STRINGS[lang];
  const portalUrl = assertHttpUrl(data.portalUrl, 'portalUrl');
  if (!Number.isInteger(data.validityDays) || data.validityDays < 1) {
    throw new RangeError(`validityDays must be a positive integer, got ${data.validityDays}`);
  }
  if (!Number.isInteger(data.totalCents) || data.totalCents < 0) {
    throw new RangeError(`totalCents must be a non-negative integer, got ${data.totalCents}`);
  }
  // A copy, so a string slipped past the types still works; format() throws RangeError when invalid.
  const orderDate = new Date(data.orderDate);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(orderDate);
  const productName = data.plan ? soldPlanName(data.plan, lang) : data.productName;
  const vars = {
    orderNumber: data.orderNumber,
    product: productName,
    iccid: data.iccid,
    brand: BRAND,
    name: data.customerName,
  };
  // The tier's name for Unlimited Plus (a product name, issue 13); the receipt's own word otherwise.
  const dataAmount =
    data.plan?.tier === 'unlimited_plus'
      ? planDataLabel({ data: null, tier: 'unlimited_plus' }, lang)
      : data.dataAmount === UNLIMITED_DATA_AMOUNT
        ? t.unlimited
        : data.dataAmount;
  const validity = fill(pluralForm(t.validityDays, data.validityDays, lang), { count: data.validityDays });
  return {
    data: { ...data, productName },
    lang,
    common,
    t,
    vars,
    subject: fill(t.subject, vars),
    year: String(orderDate.getUTCFullYear()),
    portalUrl,
    details: [
      [t.plan, productName],
      [t.data, dataAmount],
      [t.validity, validity],
      [t.esim, data.iccid, true],
      [t.orderNumber, data.orderNumber],
      [t.orderDate, date],
      [t.amountPaid, formatPrice(data.totalCents)],
      [t.paymentMethod, data.paymentLabel],
    ],
  };
}

/** A label/value row of the details table; `mono` for codes that must break anywhere (ICCID). */
function DetailRow({ label, value, mono = false }: { label: string; value: string; mono?: boolean | undefined }) {
  const border = `1px solid ${COLORS.border}`;
  return (
    <tr>
      <td
        valign="top"
        style={{
          width: '40%',
          padding: '8px 12px 8px 0',
          borderTop: border,
          fontFamily: FONT,
          fontSize: 13,
          lineHeight: '20px',
          color: COLORS.muted,
        }}
      >
        {label}
      </td>
      <td
        valign="top"
        style={{
          padding: '8px 0',
          borderTop: border,
          fontFamily: mono ? MONO : FONT,
          fontSize: 14,
          lineHeight: '20px',
          fontWeight: 600,
          color: COLORS.ink,
          ...(mono ? { wordBreak: 'break-all' as const } : {}),
        }}
      >
        {value}
      </td>
    </tr>
  );
}

/**
 * The top-up receipt as a React Email document: intro, the details table, when the bundle
 * starts, the portal button and support. Rendered by {@link renderTopupReceipt}, which builds
 * `view` from the top-up.
 */
export function TopupReceiptEmail({ view }: { view: TopupReceiptView }) {
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
        <Paragraph marginBottom={0}>
          {fillElements(t.intro, vars, {
            orderNumber: <strong style={{ whiteSpace: 'nowrap' }}>{data.orderNumber}</strong>,
            product: <strong>{data.productName}</strong>,
            iccid: <strong style={{ fontFamily: MONO, wordBreak: 'break-all' }}>{data.iccid}</strong>,
          })}
        </Paragraph>
      </Card>
      <Card>
        <SectionHeading>{t.detailsHeading}</SectionHeading>
        <table width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: 'collapse' }}>
          <tbody>
            {view.details.map(([label, value, mono]) => (
              <DetailRow key={label} label={label} value={value} mono={mono} />
            ))}
          </tbody>
        </table>
        <Paragraph size="fine" marginBottom={0} style={{ marginTop: 8 }}>
          {t.pricesNote}
        </Paragraph>
      </Card>
      <Card>
        <SectionHeading>{t.whenHeading}</SectionHeading>
        <Paragraph size="small">{t.whenText}</Paragraph>
        <Paragraph size="small" marginBottom={0}>
          {t.noInstall}
        </Paragraph>
      </Card>
      <Card>
        <SectionHeading>{t.portalHeading}</SectionHeading>
        <Paragraph size="small">{t.portalText}</Paragraph>
        <div>
          <ButtonLink href={view.portalUrl}>{t.portalButton}</ButtonLink>
        </div>
      </Card>
      <Card>
        <SupportSection common={common} />
      </Card>
    </EmailLayout>
  );
}

/** The plain-text part: the same content as the HTML, `== heading ==` sections, links in full. */
function topupReceiptText(view: TopupReceiptView): string {
  const { common, t, vars } = view;
  return [
    t.heading,
    '',
    fill(common.greeting, vars),
    '',
    fill(t.intro, vars),
    '',
    `== ${t.detailsHeading} ==`,
    ...view.details.map(([label, value]) => `${label}: ${value}`),
    t.pricesNote,
    '',
    `== ${t.whenHeading} ==`,
    t.whenText,
    t.noInstall,
    '',
    `== ${t.portalHeading} ==`,
    t.portalText,
    `${t.portalButton}: ${view.portalUrl}`,
    '',
    ...textFooter(common, t.reason, vars),
  ].join('\n');
}

/**
 * Renders the receipt e-mailed after a top-up bundle bought in the customer portal has been
 * applied to an existing eSIM (specification sections 5 and 9): greeting with the customer's
 * name, which bundle was added to which eSIM (ICCID), data, validity, order number and date, the
 * amount paid (USD) and how; that the bundle is queued and starts when the current plan ends or
 * runs out of data; a button to the customer portal; the support contacts. The HTML is
 * {@link TopupReceiptEmail} rendered by React Email; the plain text carries the same content.
 * No images.
 *
 * @param data the top-up; plain text, escaped by React in the HTML.
 * @param language `en`, `tr`, `es`, `fr` or `de`; anything else renders in English.
 * @returns subject, HTML, text, template id, the language used and no inline images; the same
 *   shape as `renderOrderConfirmation`, so both go to `Mailer.send` alike.
 * @throws TypeError when `portalUrl` is not an absolute http(s) URL; RangeError when `orderDate`
 *   is not a valid date, `validityDays` not a positive integer or `totalCents` not a
 *   non-negative integer (as rejected promises).
 */
export async function renderTopupReceipt(data: TopupReceiptData, language: string): Promise<RenderedEmail> {
  const view = topupReceiptView(data, language);
  const html = await renderEmailHtml(<TopupReceiptEmail view={view} />);
  return {
    template: TOPUP_RECEIPT_TEMPLATE,
    language: view.lang,
    subject: view.subject,
    html,
    text: topupReceiptText(view),
    inlineImages: [],
  };
}
