import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.schema.ts';

/**
 * The e-mail log: every message the mailer sent, stored or failed to send (the admin Outbox).
 * Written only by the mailer through the e-mail module's `EmailLogRepository`.
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * E-mail messages. Without `SMTP_URL` this table is the outbox that admins read; with it, rows
 * record what was sent. Inline images (the QR code) are kept as base64 attachments.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Template id, e.g. `order-confirmation`. */
    template: text('template').notNull(),
    language: text('language').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    attachments: jsonb('attachments')
      .$type<{ cid: string; filename: string; contentType: string; contentBase64: string }[]>()
      .notNull()
      .default([]),
    /** stored | sent | failed */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_messages_order_idx').on(t.orderId)],
);
