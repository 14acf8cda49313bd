import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The support desk's table: messages sent through the contact form. Written only by the support module.
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * Messages of the support page's contact form: stored, e-mailed to `SUPPORT_EMAIL`,
 * acknowledged to the sender; the admin marks them answered.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    /** Shown to the sender, e.g. `SUP-7K3M9Q2X`. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    /** `open` | `answered`. */
    status: text('status').notNull().default('open'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_status_idx').on(t.status, t.id)],
);
