/** @jsxRuntime automatic @jsxImportSource react */
import { ORDER_STATUS_LABELS } from '@esim/contract/admin-orders';
import { BRAND } from '@esim/contract/brand';
import type { PlanFacts } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '@esim/contract/languages';
import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { soldPlanName } from '../../lib/plan-names.ts';
import { COLORS, FONT, assertHttpUrl, fill, textFooter } from './email-html.ts';
import {
  ButtonLink,
  Card,
  EmailLayout,
  EmailTitle,
  HeaderCell,
  Paragraph,
  type RenderedEmail,
  SectionHeading,
  SupportSection,
  fillElements,
  renderEmailHtml,
} from './email-layout.tsx';
import {
  EMAIL_STRINGS,
  type CommonEmailStrings,
  type OrderStatusMessage,
  type OrderStatusStrings,
} from './locales/index.ts';

/**
 * Template id of the message about `status` (`email_messages.template`): `order-status-<status>`,
 * one per status of the specification's list (issue 10 "a template per status").
 */
export function orderStatusTemplate(status: OrderStatus): string {
  return `order-status-${status}`;
}

/** Every status message's template id, in the specification's order. */
export const ORDER_STATUS_TEMPLATES: readonly string[] = ORDER_STATUSES.map(orderStatusTemplate);

/** One order line as the message lists it. */
export interface OrderStatusItem {
  /** Product name in English as sold, e.g. "Turkey 5GB 30 days"; shown only when `plan` is absent. */
  name: string;
  /** The facts the line's plan is named by in the message's language (issue 13; `plan-name.ts`). */
  plan?: PlanFacts;
  quantity: number;
  /** Line total in integer US cents. */
  lineTotalCents: number;
}

/** What a status message shows. Every string is plain text; the renderer escapes it. */
export interface OrderStatusEmailData {
  customerName: string;
  /** `ORD-...`. */
  orderNumber: string;
  /** When the order was placed; shown as a long date in UTC. */
  orderDate: Date | string;
  /** Order total in integer US cents. */
  totalCents: number;
  items: readonly OrderStatusItem[];
  /** `refunded`: the amount refunded in integer US cents (default: the total). */
  refundCents?: number | undefined;
  /** Absolute http(s) URL of the customer portal (no token), e.g. `https://roamwise.example/portal`. */
  portalUrl: string;
}

/** Everything the HTML and the text part share, computed once; made by {@link orderStatusView}. */
export interface OrderStatusView {
  status: OrderStatus;
  data: OrderStatusEmailData;
  lang: Language;
  common: CommonEmailStrings;
  t: OrderStatusStrings;
  message: OrderStatusMessage;
  /** Placeholder values: `orderNumber`, `amount`, `brand`, `name`. */
  vars: Readonly<Record<string, string>>;
  subject: string;
  /** The status's name in the language. */
  statusName: string;
  date: string;
  year: string;
  total: string;
  /** `refunded` only: the amount refunded, formatted. */
  refund: string | null;
  portalUrl: string;
}

/**
 * Prepares a status message: the language (English when `language` is not supported), its texts,
 * subject, date, amounts.
 * @throws TypeError when `portalUrl` is not an absolute http(s) URL; RangeError when `orderDate`
 *   is not a valid date or an amount is not a non-negative integer.
 */
export function orderStatusView(status: OrderStatus, data: OrderStatusEmailData, language: string): OrderStatusView {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const { common, orderStatus: t } = EMAIL_STRINGS[lang];
  const portalUrl = assertHttpUrl(data.portalUrl, 'portalUrl');
  for (const [name, cents] of [
    ['totalCents', data.totalCents],
    ['refundCents', data.refundCents ?? 0],
  ] as const) {
    if (!Number.isInteger(cents) || cents < 0)
      throw new RangeError(`${name} must be a non-negative integer, got ${cents}`);
  }
  const orderDate = new Date(data.orderDate);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(orderDate);
  const refund = status === 'refunded' ? formatPrice(data.refundCents ?? data.totalCents) : null;
  const vars = { orderNumber: data.orderNumber, amount: refund ?? '', brand: BRAND, name: data.customerName };
  const message = t[status];
  return {
    status,
    // Plan names in the message's language, from their facts (issue 13).
    data: { ...data, items: data.items.map((i) => (i.plan ? { ...i, name: soldPlanName(i.plan, lang) } : i)) },
    lang,
    common,
    t,
    message,
    vars,
    subject: fill(message.subject, vars),
    statusName: ORDER_STATUS_LABELS[status][lang],
    date,
    year: String(orderDate.getUTCFullYear()),
    total: formatPrice(data.totalCents),
    refund,
    portalUrl,
  };
}

const cellStyle = {
  padding: '8px 0',
  borderTop: `1px solid ${COLORS.border}`,
  fontFamily: FONT,
  fontSize: 14,
  lineHeight: '20px',
  color: COLORS.ink,
} as const;

/** The status as a small badge: "Order status: Refunded". */
function StatusBadge({ view }: { view: OrderStatusView }) {
  return (
    <Paragraph size="small" style={{ margin: '0 0 16px' }}>
      {`${view.t.statusLabel}: `}
      <span
        style={{
          display: 'inline-block',
          padding: '2px 10px',
          borderRadius: 999,
          background: COLORS.brandSoft,
          color: COLORS.brand,
          fontWeight: 700,
        }}
      >
        {view.statusName}
      </span>
    </Paragraph>
  );
}

/** Order number and date, the lines, the total. */
function Summary({ view }: { view: OrderStatusView }) {
  const { data, t } = view;
  return (
    <>
      <SectionHeading>{t.summaryHeading}</SectionHeading>
      <Paragraph style={{ fontSize: 14 }}>
        {`${t.orderNumber}: `}
        <strong>{data.orderNumber}</strong>
        <br />
        {`${t.orderDate}: ${view.date}`}
      </Paragraph>
      <table width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <HeaderCell align="left">{t.item}</HeaderCell>
            <HeaderCell align="center">{t.quantity}</HeaderCell>
            <HeaderCell align="right">{t.amount}</HeaderCell>
          </tr>
        </thead>
        <tbody>
          {data.items.map((item, i) => (
            <tr key={i}>
              <td align="left" style={{ ...cellStyle, paddingRight: 8 }}>
                {item.name}
              </td>
              <td align="center" style={{ ...cellStyle, width: 48 }}>
                {String(item.quantity)}
              </td>
              <td align="right" style={{ ...cellStyle, width: 90, whiteSpace: 'nowrap' }}>
                {formatPrice(item.lineTotalCents)}
              </td>
            </tr>
          ))}
          <tr>
            <td align="left" style={cellStyle}>
              <strong>{t.total}</strong>
            </td>
            <td style={cellStyle} />
            <td align="right" style={{ ...cellStyle, whiteSpace: 'nowrap' }}>
              <strong>{view.total}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <Paragraph size="fine" marginBottom={0} style={{ marginTop: 8 }}>
        {t.pricesNote}
      </Paragraph>
    </>
  );
}

/**
 * The message about one status as a React Email document: heading, greeting, what happened (the
 * refunded amount and when it arrives for a refund), the status badge, the order summary, the
 * portal button and support. Rendered by {@link renderOrderStatusEmail}.
 */
export function OrderStatusEmail({ view }: { view: OrderStatusView }) {
  const { common, t, vars, message } = view;
  return (
    <EmailLayout
      lang={view.lang}
      title={view.subject}
      preheader={fill(message.preheader, vars)}
      footer={[fill(t.reason, vars), fill(common.tagline, vars), `© ${view.year} ${BRAND}`]}
    >
      <Card>
        <EmailTitle>{message.heading}</EmailTitle>
        <Paragraph>{fill(common.greeting, vars)}</Paragraph>
        <Paragraph>
          {fillElements(message.body, vars, {
            orderNumber: <strong style={{ whiteSpace: 'nowrap' }}>{view.data.orderNumber}</strong>,
            amount: <strong>{view.refund ?? ''}</strong>,
          })}
        </Paragraph>
        {view.refund ? (
          <Paragraph size="small">
            {`${t.refundAmount}: `}
            <strong>{view.refund}</strong>
            <br />
            {t.refundTiming}
          </Paragraph>
        ) : null}
        <StatusBadge view={view} />
      </Card>
      <Card>
        <Summary view={view} />
      </Card>
      <Card>
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

/** The plain-text part: the same content as the HTML, the link in full. */
function orderStatusText(view: OrderStatusView): string {
  const { common, t, vars, message, data } = view;
  return [
    message.heading,
    '',
    fill(common.greeting, vars),
    '',
    fill(message.body, vars),
    ...(view.refund ? [`${t.refundAmount}: ${view.refund}`, t.refundTiming] : []),
    `${t.statusLabel}: ${view.statusName}`,
    '',
    `== ${t.summaryHeading} ==`,
    `${t.orderNumber}: ${data.orderNumber}`,
    `${t.orderDate}: ${view.date}`,
    ...data.items.map((item) => `${item.quantity} × ${item.name}: ${formatPrice(item.lineTotalCents)}`),
    `${t.total}: ${view.total}`,
    t.pricesNote,
    '',
    t.portalText,
    `${t.portalButton}: ${view.portalUrl}`,
    '',
    ...textFooter(common, t.reason, vars),
  ].join('\n');
}

/**
 * Renders the e-mail that tells a customer their order is now in `status` (issue 10 `POST
 * /api/orders/{id}/notify`; specification section 4 statuses): a message per status (template
 * `order-status-<status>`) with the order's summary, the customer portal's link and support; for
 * `refunded`, the amount and how long it takes to arrive (section 9: card 3-5 business days,
 * PayPal 1-2). HTML by React Email, plain text with the same content; no images.
 *
 * @param language `en`, `tr`, `es`, `fr` or `de`; anything else renders in English.
 * @throws TypeError for a bad `portalUrl`; RangeError for a bad date or amount (rejected promise).
 */
export async function renderOrderStatusEmail(
  status: OrderStatus,
  data: OrderStatusEmailData,
  language: string,
): Promise<RenderedEmail> {
  const view = orderStatusView(status, data, language);
  const html = await renderEmailHtml(<OrderStatusEmail view={view} />);
  return {
    template: orderStatusTemplate(status),
    language: view.lang,
    subject: view.subject,
    html,
    text: orderStatusText(view),
    inlineImages: [],
  };
}
