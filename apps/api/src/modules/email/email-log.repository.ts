import { type SQL, and, asc, desc, eq, ilike, inArray, like, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likeContaining } from '../../db/like.ts';
import type { MailLog, MailRecord } from '../../providers/mail/mailer.ts';
import { emailMessages } from './email.schema.ts';

/** A message without its bodies: a row of the Outbox list, or of an order's timeline. */
export interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  template: string;
  language: string;
  status: string;
  error: string | null;
  orderId: number | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** A whole message: the list's fields, both bodies and the inline images. */
export interface OutboxMessageRow extends OutboxRow {
  html: string;
  text: string;
  attachments: { cid: string; filename: string; contentType: string; contentBase64: string }[];
}

/** A stored message, whole (bodies and inline images included). */
export type EmailMessageRow = typeof emailMessages.$inferSelect;

/** Filters of {@link EmailLogRepository.list}. */
export interface OutboxFilter {
  /** Part of the recipient or subject (case-insensitive). */
  q?: string | undefined;
  /** Only the messages about this order. */
  orderId?: number | undefined;
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
  createdAt: emailMessages.createdAt,
  sentAt: emailMessages.sentAt,
};

/**
 * The store's e-mail log (`email_messages`, decision record 0006): every message the mailer sent,
 * stored or failed to send, written by the mailer (as its {@link MailLog}) and read by the admin
 * Outbox and by the jobs that must not send an e-mail twice.
 */
export class EmailLogRepository implements MailLog {
  constructor(private readonly db: Db) {}

  async insert(row: MailRecord): Promise<number> {
    const [inserted] = await this.db.insert(emailMessages).values(row).returning({ id: emailMessages.id });
    if (!inserted) throw new Error('email_messages insert returned no row');
    return inserted.id;
  }

  /** Whether a message of `template` about the order was stored or sent (a failed attempt does not count). */
  async hasOrderMessage(orderId: number, template: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: emailMessages.id })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.orderId, orderId),
          eq(emailMessages.template, template),
          ne(emailMessages.status, 'failed'),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** The order's messages without their bodies, oldest first. */
  ofOrder(orderId: number): Promise<OutboxRow[]> {
    return this.db
      .select(LIST_COLUMNS)
      .from(emailMessages)
      .where(eq(emailMessages.orderId, orderId))
      .orderBy(asc(emailMessages.id));
  }

  /** The newest message of one of `templates` about the order (any status), whole; undefined when none. */
  async latestOfOrder(orderId: number, templates: readonly string[]): Promise<EmailMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.orderId, orderId), inArray(emailMessages.template, [...templates])))
      .orderBy(desc(emailMessages.id))
      .limit(1);
    return row;
  }

  /** Message `id` when it is about the order, whole; undefined otherwise. */
  async messageOfOrder(orderId: number, id: number): Promise<EmailMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.id, id), eq(emailMessages.orderId, orderId)));
    return row;
  }

  /**
   * Whether a message of `template` to `to` whose subject contains `reference` was sent or stored
   * (a failed attempt does not count).
   */
  async recorded(template: string, to: string, reference: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: emailMessages.id })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.template, template),
          eq(emailMessages.to, to),
          inArray(emailMessages.status, ['sent', 'stored']),
          like(emailMessages.subject, likeContaining(reference)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Messages newest first (by id, the primary key: keyset pagination without an extra index),
   * filtered: by order through `email_messages (order_id)`, `q` by part of the recipient or the
   * subject.
   */
  async list(filter: OutboxFilter): Promise<OutboxRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.template ? eq(emailMessages.template, filter.template) : undefined,
      filter.status ? eq(emailMessages.status, filter.status) : undefined,
      filter.beforeId === undefined ? undefined : lt(emailMessages.id, filter.beforeId),
      filter.orderId === undefined ? undefined : eq(emailMessages.orderId, filter.orderId),
    ];
    const q = filter.q?.trim();
    if (q)
      conditions.push(or(ilike(emailMessages.to, likeContaining(q)), ilike(emailMessages.subject, likeContaining(q))));
    return this.db
      .select(LIST_COLUMNS)
      .from(emailMessages)
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
      .where(eq(emailMessages.id, id));
    return row;
  }
}
