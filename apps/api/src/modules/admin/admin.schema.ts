import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.ts';

/**
 * The admin area's table: the audit log of every admin call. Written only by the admin module.
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * The admin audit log (decision record 0016): every admin call, who, what, when, and for changes
 * the state before and after.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's username at the time (kept when the account is gone). */
    username: text('username').notNull(),
    /** `METHOD /route/pattern`, e.g. `PATCH /api/orders/:id/status`. */
    action: text('action').notNull(),
    /** What it acted on: `order:ORD-…`, `pricing-setting:3`, `product:esim_1GB_7D_TR_V2`... */
    target: text('target'),
    statusCode: integer('status_code').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at), index('admin_audit_log_target_idx').on(t.target)],
);
