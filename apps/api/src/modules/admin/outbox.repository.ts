import { type SQL, and, desc, eq, ilike, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailMessages, orders } from '../../db/schema.ts';
import { likeContaining } from '../../db/like.ts';

/**
 * Reads of the admin Outbox (every e-mail the store sent or stored): `email_messages` with the order each message is about. The mailer
 * (`providers/mail`) is the only writer.
 */

/** A message of the Outbox list. */
export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  template: string;
  language: string;
  status: string;
  error: string | null;
  orderId: number | null;
  orderNumber: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** A whole message: the list's fields, both bodies and the inline images. */
export interface OutboxMessageRow extends OutboxRow {
  html: string;
  text: string;
  attachments: { cid: string; filename: string; contentType: string; contentBase64: string }[];
}

/** Filters of {@link OutboxRepository.list}. */
export interface OutboxFilter {
  /** Part of the recipient or subject (case-insensitive), or a whole order number. */
  q?: string | undefined;
  template?: string | undefined;
  status?: string | undefined;
  /** Keyset: only messages with a smaller id. */
  beforeId?: number | undefined;
  limit: number;
}

const LIST_COLUMNS = {
  id: emailMessages.id,
  to: emailMessages.to,
  subject: emailMessages.subject,
  template: emailMessages.template,
  language: emailMessages.language,
  status: emailMessages.status,
  error: emailMessages.error,
  orderId: emailMessages.orderId,
  orderNumber: orders.orderNumber,
  createdAt: emailMessages.createdAt,
  sentAt: emailMessages.sentAt,
};

/** The admin Outbox's reads; see the module comment. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /**
   * Messages newest first (by id, the primary key: keyset pagination without an extra index),
   * filtered. A `q` shaped like an order number (`ORD-…`) finds that order's messages through
   * `email_messages (order_id)`; any other `q` matches part of the recipient or the subject.
   */
  async list(filter: OutboxFilter): Promise<OutboxRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.template ? eq(emailMessages.template, filter.template) : undefined,
      filter.status ? eq(emailMessages.status, filter.status) : undefined,
      filter.beforeId === undefined ? undefined : lt(emailMessages.id, filter.beforeId),
    ];
    const q = filter.q?.trim();
    if (q) {
      conditions.push(
        /^ORD-[A-Za-z0-9-]+$/i.test(q)
          ? eq(orders.orderNumber, q.toUpperCase())
          : or(ilike(emailMessages.to, likeContaining(q)), ilike(emailMessages.subject, likeContaining(q))),
      );
    }
    return this.db
      .select(LIST_COLUMNS)
      .from(emailMessages)
      .leftJoin(orders, eq(orders.id, emailMessages.orderId))
      .where(and(...conditions))
      .orderBy(desc(emailMessages.id))
      .limit(filter.limit);
  }

  /** One whole message, or undefined. */
  async find(id: number): Promise<OutboxMessageRow | undefined> {
    const [row] = await this.db
      .select({
        ...LIST_COLUMNS,
        html: emailMessages.html,
        text: emailMessages.text,
        attachments: emailMessages.attachments,
      })
      .from(emailMessages)
      .leftJoin(orders, eq(orders.id, emailMessages.orderId))
      .where(eq(emailMessages.id, id));
    return row;
  }
}
