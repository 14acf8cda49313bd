/** @jsxRuntime automatic @jsxImportSource react */
import { ORDER_STATUS_LABELS } from '@esim/contract/admin-orders';
import { BRAND } from '@esim/contract/brand';
import type { PlanFacts } from '@esim/contract/catalog';
import { formatPrice } from '@esim/contract/format';
import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';
import { soldPlanName } from '../../lib/plan-names.ts';
import { COLORS, assertHttpUrl } from './email-html.ts';
import { EmailLayout, Paragraph, type RenderedEmail, TextCard, fillElements, renderEmail } from './email-layout.tsx';
import { type MessageFrame, type TextCardContent, customerFrame, emailLanguage, fill, longDate } from './email-text.ts';
import type { OrderStatusMessage, OrderStatusStrings } from './locales/index.ts';
import { OrderNumber, OrderSummary, type OrderSummaryProps, orderSummaryText } from './order-summary.tsx';

/**
 * Template id of the message about `status` (`email_messages.template`): `order-status-<status>`,
 * one template per order status.
 */
export function orderStatusTemplate(status: OrderStatus): string {
  return `order-status-${status}`;
}

/** Every status message's template id, in the order of `ORDER_STATUSES`. */
export const ORDER_STATUS_TEMPLATES: readonly string[] = ORDER_STATUSES.map(orderStatusTemplate);

/** One order line as the message lists it. */
export interface OrderStatusItem {
  /** Product name in English as sold, e.g. "Turkey 5GB 30 days"; shown only when `plan` is absent. */
  name: string;
  /** The facts the line's plan is named by in the message's language (`plan-name.ts`). */
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
  /** The order, its plans named in the message's language. */
  data: OrderStatusEmailData;
  /** Language, subject, heading, greeting, support and small print. */
  frame: MessageFrame;
  t: OrderStatusStrings;
  message: OrderStatusMessage;
  /** Placeholder values: `orderNumber`, `amount`, `brand`, `name`. */
  vars: Readonly<Record<string, string>>;
  /** The status's name in the language. */
  statusName: string;
  /** The order summary: number, long date in UTC, lines, total. */
  summary: OrderSummaryProps;
  /** `refunded` only: the amount refunded, formatted. */
  refund: string | null;
  /** The portal's text and button. */
  portal: TextCardContent;
}

/**
 * Prepares a status message: the language (English when `language` is not supported), its texts,
 * subject, date, amounts.
 * @throws TypeError when `portalUrl` is not an absolute http(s) URL; RangeError when `orderDate`
 *   is not a valid date or an amount is not a non-negative integer.
 */
export function orderStatusView(status: OrderStatus, data: OrderStatusEmailData, language: string): OrderStatusView {
  const { lang, strings } = emailLanguage(language);
  const { common, orderStatus: t } = strings;
  const portalUrl = assertHttpUrl(data.portalUrl, 'portalUrl');
  for (const [name, cents] of [
    ['totalCents', data.totalCents],
    ['refundCents', data.refundCents ?? 0],
  ] as const) {
    if (!Number.isInteger(cents) || cents < 0)
      throw new RangeError(`${name} must be a non-negative integer, got ${cents}`);
  }
  const date = longDate(data.orderDate, lang);
  const refund = status === 'refunded' ? formatPrice(data.refundCents ?? data.totalCents) : null;
  const vars = { orderNumber: data.orderNumber, amount: refund ?? '', brand: BRAND, name: data.customerName };
  const message = t[status];
  const items = data.items.map((i) => (i.plan ? { ...i, name: soldPlanName(i.plan, lang) } : i));
  return {
    status,
    data: { ...data, items },
    frame: customerFrame({ lang, common, vars, date: data.orderDate, texts: { ...message, reason: t.reason } }),
    t,
    message,
    vars,
    statusName: ORDER_STATUS_LABELS[status][lang],
    summary: {
      t: strings.orderSummary,
      order: { orderNumber: data.orderNumber, date, lines: items, totalCents: data.totalCents },
    },
    refund,
    portal: { paragraphs: [t.portalText], button: { label: t.portalButton, href: portalUrl } },
  };
}

/** The status as a small badge: "Order status: Refunded". */
function StatusBadge({ label, name }: { label: string; name: string }) {
  return (
    <Paragraph size="small" style={{ margin: '0 0 16px' }}>
      {`${label}: `}
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
        {name}
      </span>
    </Paragraph>
  );
}

/**
 * The message about one status as a React Email document: heading, greeting, what happened (the
 * refunded amount and when it arrives for a refund), the status badge, the order summary, the
 * portal button and support. Rendered by {@link renderOrderStatusEmail}.
 */
export function OrderStatusEmail({
  frame,
  data,
  t,
  message,
  vars,
  statusName,
  summary,
  refund,
  portal,
}: OrderStatusView) {
  return (
    <EmailLayout
      frame={frame}
      opening={
        <>
          <Paragraph>
            {fillElements(message.body, vars, {
              orderNumber: <OrderNumber>{data.orderNumber}</OrderNumber>,
              amount: <strong>{refund ?? ''}</strong>,
            })}
          </Paragraph>
          {refund ? (
            <Paragraph size="small">
              {`${t.refundAmount}: `}
              <strong>{refund}</strong>
              <br />
              {t.refundTiming}
            </Paragraph>
          ) : null}
          <StatusBadge label={t.statusLabel} name={statusName} />
        </>
      }
    >
      <OrderSummary {...summary} />
      <TextCard content={portal} />
    </EmailLayout>
  );
}

/** The plain-text part's body: the same content as the HTML, the link in full. */
function orderStatusText({ t, message, vars, statusName, summary, refund, portal }: OrderStatusView) {
  return [
    [
      fill(message.body, vars),
      ...(refund ? [`${t.refundAmount}: ${refund}`, t.refundTiming] : []),
      `${t.statusLabel}: ${statusName}`,
    ],
    orderSummaryText(summary),
    portal,
  ];
}

/**
 * Renders the e-mail that tells a customer their order is now in `status` (sent from `POST
 * /api/orders/{id}/notify`; `docs/product-rules.md#order-statuses`): a message per status
 * (template `order-status-<status>`) with the order's summary, the customer portal's link and
 * support; for `refunded`, the amount and how long it takes to arrive (card 3-5 business days,
 * PayPal 1-2, `docs/product-rules.md#refunds`). HTML by React Email, plain text with the same
 * content; no images.
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
  return renderEmail(orderStatusTemplate(status), view.frame, <OrderStatusEmail {...view} />, orderStatusText(view));
}
