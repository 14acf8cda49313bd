import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment provider's tables: its charges and refunds. Written only by the sandbox adapter.
 * Money in integer US cents, data in MB, durations in days. Ownership and foreign keys:
 * docs/decisions/0026-modules-and-their-boundaries.md.
 */

/** The sandbox payment provider's refunds (it plays Stripe/PayPal refunds); `idempotency_key` refunds once. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  chargeId: text('charge_id')
    .notNull()
    .references(() => sandboxCharges.id),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  /** succeeded | failed */
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox payment provider's own ledger (it plays Stripe/PayPal; the store's tables never
 * hold card data). One row per charge; `idempotency_key` is unique, so a key charges once.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /**
   * The random id inside the card token that paid this charge: a token pays once, as Stripe's
   * do ("token_already_used"); null for PayPal and for charges refused before the token was read.
   */
  tokenId: text('token_id').unique(),
  /** card | paypal */
  method: text('method').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** requires_approval | succeeded | failed | cancelled */
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** Where PayPal sends the buyer after approval or cancellation. */
  returnUrl: text('return_url'),
  cancelUrl: text('cancel_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
