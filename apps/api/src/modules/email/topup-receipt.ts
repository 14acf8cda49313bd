import { BRAND } from '@esim/contract/brand';
import { formatPrice } from '@esim/contract/format';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import {
  COLORS,
  FONT,
  MONO,
  assertHttpUrl,
  button,
  card,
  escapeHtml,
  fill,
  fillHtml,
  heading,
  layout,
  paragraph,
  paragraphHtml,
  pluralForm,
  supportHtml,
  supportText,
} from './email-html.ts';
import { EMAIL_STRINGS } from './locales/index.ts';
import type { RenderedEmail } from './order-confirmation.ts';

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
  /** Name of the top-up product, e.g. "Turkey 3GB 15 days". */
  productName: string;
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

/** A label/value row of the details table; `mono` for codes that must break anywhere (ICCID). */
function row(label: string, value: string, mono = false): string {
  const font = mono ? `${MONO};word-break:break-all` : FONT;
  return (
    `<tr><td valign="top" style="padding:8px 12px 8px 0;border-top:1px solid ${COLORS.border};font-family:${FONT};font-size:13px;line-height:20px;color:${COLORS.muted};width:40%;">${escapeHtml(label)}</td>` +
    `<td valign="top" style="padding:8px 0;border-top:1px solid ${COLORS.border};font-family:${font};font-size:14px;line-height:20px;color:${COLORS.ink};font-weight:600;">${escapeHtml(value)}</td></tr>`
  );
}

/**
 * Renders the receipt e-mailed after a top-up bundle bought in the customer portal has been
 * applied to an existing eSIM (specification sections 5 and 9): greeting with the customer's
 * name, which bundle was added to which eSIM (ICCID), data, validity, order number and date, the
 * amount paid (USD) and how; that the bundle is queued and starts when the current plan ends or
 * runs out of data; a button to the customer portal; the support contacts. HTML (tables, inline
 * styles, 600 px column, see `email-html.ts`) and plain text carry the same content. No images.
 *
 * @param data the top-up; plain text, escaped here.
 * @param language `en`, `tr`, `es`, `fr` or `de`; anything else renders in English.
 * @returns subject, HTML, text, template id, the language used and no inline images; the same
 *   shape as `renderOrderConfirmation`, so both go to `Mailer.send` alike.
 * @throws TypeError when `portalUrl` is not an absolute http(s) URL; RangeError when `orderDate`
 *   is not a valid date, `validityDays` not a positive integer or `totalCents` not a
 *   non-negative integer (as rejected promises).
 */
export async function renderTopupReceipt(data: TopupReceiptData, language: string): Promise<RenderedEmail> {
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
  const vars = {
    orderNumber: data.orderNumber,
    product: data.productName,
    iccid: data.iccid,
    brand: BRAND,
    name: data.customerName,
  };
  const subject = fill(t.subject, vars);
  const dataAmount = data.dataAmount === UNLIMITED_DATA_AMOUNT ? t.unlimited : data.dataAmount;
  const validity = fill(pluralForm(t.validityDays, data.validityDays, lang), { count: data.validityDays });
  const total = formatPrice(data.totalCents);
  const details: [label: string, value: string, mono?: boolean][] = [
    [t.plan, data.productName],
    [t.data, dataAmount],
    [t.validity, validity],
    [t.esim, data.iccid, true],
    [t.orderNumber, data.orderNumber],
    [t.orderDate, date],
    [t.amountPaid, total],
    [t.paymentMethod, data.paymentLabel],
  ];

  // ---- HTML ----
  const strong = (text: string, extra = '') => `<strong style="${extra}">${escapeHtml(text)}</strong>`;
  const intro =
    `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:30px;font-weight:800;color:${COLORS.ink};">${escapeHtml(t.heading)}</h1>` +
    paragraph(fill(common.greeting, vars)) +
    paragraphHtml(
      fillHtml(t.intro, vars, {
        orderNumber: strong(data.orderNumber, 'white-space:nowrap;'),
        product: strong(data.productName),
        iccid: strong(data.iccid, `font-family:${MONO};word-break:break-all;`),
      }),
      'margin:0;',
    );

  const summary =
    heading(t.detailsHeading) +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">` +
    details.map(([label, value, mono]) => row(label, value, mono)).join('') +
    `</table>` +
    paragraph(t.pricesNote, `margin:8px 0 0;font-size:12px;line-height:16px;color:${COLORS.muted};`);

  const when =
    heading(t.whenHeading) +
    paragraph(t.whenText, 'font-size:14px;line-height:20px;') +
    paragraph(t.noInstall, 'margin:0;font-size:14px;line-height:20px;');

  const portal =
    heading(t.portalHeading) +
    paragraph(t.portalText, 'font-size:14px;line-height:20px;') +
    `<div>${button(portalUrl, t.portalButton)}</div>`;

  const year = String(orderDate.getUTCFullYear());
  const footer = `${escapeHtml(fill(t.reason, vars))}<br>${escapeHtml(fill(common.tagline, vars))}<br>© ${year} ${escapeHtml(BRAND)}`;

  const html = layout({
    lang,
    title: subject,
    preheader: fill(t.preheader, vars),
    brand: BRAND,
    body: [card(intro), card(summary), card(when), card(portal), card(supportHtml(common))].join('\n'),
    footer,
  });

  // ---- Plain text ----
  const text = [
    t.heading,
    '',
    fill(common.greeting, vars),
    '',
    fill(t.intro, vars),
    '',
    `== ${t.detailsHeading} ==`,
    ...details.map(([label, value]) => `${label}: ${value}`),
    t.pricesNote,
    '',
    `== ${t.whenHeading} ==`,
    t.whenText,
    t.noInstall,
    '',
    `== ${t.portalHeading} ==`,
    t.portalText,
    `${t.portalButton}: ${portalUrl}`,
    '',
    ...supportText(common),
    '',
    '--',
    fill(t.reason, vars),
    fill(common.tagline, vars),
    '',
  ].join('\n');

  return { template: TOPUP_RECEIPT_TEMPLATE, language: lang, subject, html, text, inlineImages: [] };
}
