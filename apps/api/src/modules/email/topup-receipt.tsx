/** @jsxRuntime automatic @jsxImportSource react */
import { BRAND } from '@esim/contract/brand';
import type { PlanFacts } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import { planDataLabel } from '@esim/contract/plan-name';
import { soldPlanName } from '../../lib/plan-names.ts';
import { COLORS, MONO, assertHttpUrl } from './email-html.ts';
import { EmailLayout, Paragraph, type RenderedEmail, TextCard, fillElements, renderEmail } from './email-layout.tsx';
import {
  type MessageFrame,
  type TextCardContent,
  customerFrame,
  emailLanguage,
  fill,
  longDate,
  pluralForm,
} from './email-text.ts';
import type { TopupReceiptStrings } from './locales/index.ts';
import { OrderNumber, RECEIPT_CELL, Receipt, ReceiptTable, receiptText } from './order-summary.tsx';

/** Template id of the top-up receipt (`email_messages.template`). */
export const TOPUP_RECEIPT_TEMPLATE = 'topup-receipt';

/**
 * The data amount of unlimited plans as the contract displays it (`Product.features.dataAmount`,
 * `docs/product-rules.md#prices-and-currency`); the receipt shows the language's word instead.
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
   * Plus' included) in its language with the shared `planName`.
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
  /** The top-up, its plan named in the receipt's language. */
  data: TopupReceiptData;
  /** Language, subject, heading, greeting, support and small print. */
  frame: MessageFrame;
  t: TopupReceiptStrings;
  /** Placeholder values: `orderNumber`, `product`, `iccid`, `brand`, `name`. */
  vars: Readonly<Record<string, string>>;
  /** The details table's rows: label, value, and whether the value is a code (monospace). */
  details: readonly (readonly [label: string, value: string, mono?: boolean])[];
  /** The note under the details that prices are in US dollars, taxes included. */
  pricesNote: string;
  /** When the bundle starts, and that there is nothing to install. */
  when: TextCardContent;
  /** The portal's heading, text and button (no token). */
  portal: TextCardContent;
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
  const { lang, strings } = emailLanguage(language);
  const { common, orderSummary, topupReceipt: t } = strings;
  const portalUrl = assertHttpUrl(data.portalUrl, 'portalUrl');
  if (!Number.isInteger(data.validityDays) || data.validityDays < 1) {
    throw new RangeError(`validityDays must be a positive integer, got ${data.validityDays}`);
  }
  if (!Number.isInteger(data.totalCents) || data.totalCents < 0) {
    throw new RangeError(`totalCents must be a non-negative integer, got ${data.totalCents}`);
  }
  const date = longDate(data.orderDate, lang);
  const productName = data.plan ? soldPlanName(data.plan, lang) : data.productName;
  const vars = {
    orderNumber: data.orderNumber,
    product: productName,
    iccid: data.iccid,
    brand: BRAND,
    name: data.customerName,
  };
  // The tier's name for Unlimited Plus (a product name); the receipt's own word otherwise.
  const dataAmount =
    data.plan?.tier === 'unlimited_plus'
      ? planDataLabel({ data: null, tier: 'unlimited_plus' }, lang)
      : data.dataAmount === UNLIMITED_DATA_AMOUNT
        ? t.unlimited
        : data.dataAmount;
  const validity = fill(pluralForm(t.validityDays, data.validityDays, lang), { count: data.validityDays });
  return {
    data: { ...data, productName },
    frame: customerFrame({ lang, common, vars, date: data.orderDate, texts: t }),
    t,
    vars,
    details: [
      [t.plan, productName],
      [t.data, dataAmount],
      [t.validity, validity],
      [t.esim, data.iccid, true],
      [orderSummary.orderNumber, data.orderNumber],
      [orderSummary.orderDate, date],
      [t.amountPaid, formatPrice(data.totalCents)],
      [t.paymentMethod, data.paymentLabel],
    ],
    pricesNote: orderSummary.pricesNote,
    when: { heading: t.whenHeading, paragraphs: [t.whenText, t.noInstall] },
    portal: {
      heading: t.portalHeading,
      paragraphs: [t.portalText],
      button: { label: t.portalButton, href: portalUrl },
    },
  };
}

/** A label/value row of the details table; `mono` for codes that must break anywhere (ICCID). */
function DetailRow({ label, value, mono = false }: { label: string; value: string; mono?: boolean | undefined }) {
  return (
    <tr>
      <td
        valign="top"
        style={{ ...RECEIPT_CELL, width: '40%', padding: '8px 12px 8px 0', fontSize: 13, color: COLORS.muted }}
      >
        {label}
      </td>
      <td
        valign="top"
        style={{
          ...RECEIPT_CELL,
          fontWeight: 600,
          ...(mono ? { fontFamily: MONO, wordBreak: 'break-all' as const } : {}),
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
export function TopupReceiptEmail({ frame, data, t, vars, details, pricesNote, when, portal }: TopupReceiptView) {
  return (
    <EmailLayout
      frame={frame}
      opening={
        <Paragraph marginBottom={0}>
          {fillElements(t.intro, vars, {
            orderNumber: <OrderNumber>{data.orderNumber}</OrderNumber>,
            product: <strong>{data.productName}</strong>,
            iccid: <strong style={{ fontFamily: MONO, wordBreak: 'break-all' }}>{data.iccid}</strong>,
          })}
        </Paragraph>
      }
    >
      <Receipt heading={t.detailsHeading} pricesNote={pricesNote}>
        <ReceiptTable>
          <tbody>
            {details.map(([label, value, mono]) => (
              <DetailRow key={label} label={label} value={value} mono={mono} />
            ))}
          </tbody>
        </ReceiptTable>
      </Receipt>
      <TextCard content={when} />
      <TextCard content={portal} />
    </EmailLayout>
  );
}

/** The plain-text part's body: the same content as the HTML, `== heading ==` sections, links in full. */
function topupReceiptText({ t, vars, details, pricesNote, when, portal }: TopupReceiptView) {
  return [
    [fill(t.intro, vars)],
    receiptText(
      t.detailsHeading,
      details.map(([label, value]) => `${label}: ${value}`),
      pricesNote,
    ),
    when,
    portal,
  ];
}

/**
 * Renders the receipt e-mailed after a top-up bundle bought in the customer portal has been
 * applied to an existing eSIM (`docs/product-rules.md#top-ups`): greeting with the customer's
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
  return renderEmail(TOPUP_RECEIPT_TEMPLATE, view.frame, <TopupReceiptEmail {...view} />, topupReceiptText(view));
}
