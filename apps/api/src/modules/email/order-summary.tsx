/** @jsxRuntime automatic @jsxImportSource react */
import { formatPrice } from '@esim/contract/format';
import type { ReactNode } from 'react';
import { COLORS, FONT } from './email-html.ts';
import { textHeading } from './email-text.ts';
import { Card, Paragraph, SectionHeading } from './email-layout.tsx';
import type { OrderSummaryStrings } from './locales/index.ts';

/**
 * What the messages about an order show of it: {@link OrderSummary} (number, date, lines, total)
 * in the order confirmation and the status messages, and the receipt pieces it is made of, which
 * the top-up receipt's details table uses too ({@link Receipt}, {@link ReceiptTable},
 * {@link RECEIPT_CELL}). Each has its plain-text twin here.
 */

/** One order line as a summary lists it. */
export interface OrderSummaryLine {
  /** The plan's name in the message's language. */
  name: string;
  quantity: number;
  /** Line total in integer US cents. */
  lineTotalCents: number;
}

/** The order a summary shows. Every string is plain text. */
export interface SummarisedOrder {
  /** `ORD-...`. */
  orderNumber: string;
  /** When the order was placed, as the message shows it (`longDate`). */
  date: string;
  lines: readonly OrderSummaryLine[];
  /** Order total in integer US cents. */
  totalCents: number;
}

/** Props of {@link OrderSummary} and {@link orderSummaryText}. */
export interface OrderSummaryProps {
  t: OrderSummaryStrings;
  order: SummarisedOrder;
}

/** Style of a table cell of a receipt: 14 px text above a hairline, 8 px above and below. */
export const RECEIPT_CELL = {
  padding: '8px 0',
  borderTop: `1px solid ${COLORS.border}`,
  fontFamily: FONT,
  fontSize: 14,
  lineHeight: '20px',
  color: COLORS.ink,
} as const;

/** A receipt's full-width table, without the spacing and borders mail clients add by default. */
export function ReceiptTable({ children }: { children: ReactNode }) {
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: 'collapse' }}>
      {children}
    </table>
  );
}

/** A receipt's card: its heading, `children` (a {@link ReceiptTable}) and the small print on prices. */
export function Receipt({
  heading,
  pricesNote,
  children,
}: {
  heading: string;
  pricesNote: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <SectionHeading>{heading}</SectionHeading>
      {children}
      <Paragraph size="fine" marginBottom={0} style={{ marginTop: 8 }}>
        {pricesNote}
      </Paragraph>
    </Card>
  );
}

/** {@link Receipt} as plain-text lines: `== heading ==`, `lines`, the note on prices. */
export function receiptText(heading: string, lines: readonly string[], pricesNote: string): string[] {
  return [textHeading(heading), ...lines, pricesNote];
}

/** The order number in bold, kept on one line. */
export function OrderNumber({ children }: { children: string }) {
  return <strong style={{ whiteSpace: 'nowrap' }}>{children}</strong>;
}

/** A column header of the summary's table. */
function HeaderCell({ align, children }: { align: 'left' | 'center' | 'right'; children: string }) {
  return (
    <th
      scope="col"
      align={align}
      style={{
        padding: '0 0 6px',
        fontFamily: FONT,
        fontSize: 12,
        lineHeight: '16px',
        fontWeight: 600,
        color: COLORS.muted,
        textAlign: align,
      }}
    >
      {children}
    </th>
  );
}

/**
 * An order's summary in its card: number and date, a table of its lines (plan, quantity, amount in USD) and
 * its total, and the note that prices are in US dollars, taxes included.
 */
export function OrderSummary({ t, order }: OrderSummaryProps) {
  return (
    <Receipt heading={t.heading} pricesNote={t.pricesNote}>
      <Paragraph style={{ fontSize: 14 }}>
        {`${t.orderNumber}: `}
        <strong>{order.orderNumber}</strong>
        <br />
        {`${t.orderDate}: ${order.date}`}
      </Paragraph>
      <ReceiptTable>
        <thead>
          <tr>
            <HeaderCell align="left">{t.item}</HeaderCell>
            <HeaderCell align="center">{t.quantity}</HeaderCell>
            <HeaderCell align="right">{t.amount}</HeaderCell>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <td align="left" style={{ ...RECEIPT_CELL, paddingRight: 8 }}>
                {line.name}
              </td>
              <td align="center" style={{ ...RECEIPT_CELL, width: 48 }}>
                {String(line.quantity)}
              </td>
              <td align="right" style={{ ...RECEIPT_CELL, width: 90, whiteSpace: 'nowrap' }}>
                {formatPrice(line.lineTotalCents)}
              </td>
            </tr>
          ))}
          <tr>
            <td align="left" style={RECEIPT_CELL}>
              <strong>{t.total}</strong>
            </td>
            <td align="center" style={RECEIPT_CELL} />
            <td align="right" style={{ ...RECEIPT_CELL, whiteSpace: 'nowrap' }}>
              <strong>{formatPrice(order.totalCents)}</strong>
            </td>
          </tr>
        </tbody>
      </ReceiptTable>
    </Receipt>
  );
}

/** {@link OrderSummary} as plain-text lines, one line per order line: `- <plan> × <quantity>: <amount>`. */
export function orderSummaryText({ t, order }: OrderSummaryProps): string[] {
  return receiptText(
    t.heading,
    [
      `${t.orderNumber}: ${order.orderNumber}`,
      `${t.orderDate}: ${order.date}`,
      ...order.lines.map((line) => `- ${line.name} × ${line.quantity}: ${formatPrice(line.lineTotalCents)}`),
      `${t.total}: ${formatPrice(order.totalCents)}`,
    ],
    t.pricesNote,
  );
}
