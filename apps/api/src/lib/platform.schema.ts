import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tables of the shared mechanisms in `lib/`: durable jobs, idempotency keys, throttle buckets
 * and the payment providers' webhook deliveries, written through `lib/`'s repositories (modules
 * enqueue jobs inside their own transactions; the order screen's fulfilment retry requeues its
 * jobs in one statement, `admin-orders.repository.ts`).
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * Durable background jobs (fulfilment, e-mail). A job is claimed with `FOR UPDATE SKIP LOCKED`
 * and a lease (`locked_until`); a crashed worker's lease expires and another run picks it up.
 * `dedupe_key` makes enqueueing idempotent (for example `provision:<orderId>`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued | running | succeeded | failed | cancelled (by an admin) */
    status: text('status').notNull().default('queued'),
    dedupeKey: text('dedupe_key').unique(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_ready_idx').on(t.status, t.runAt)],
);

/**
 * Idempotency keys of state-changing requests (IETF Idempotency-Key draft, Stripe semantics):
 * the first request with a key stores its result; a repeat with the same payload replays it, a
 * repeat with another payload is 422, a concurrent repeat waits for the first.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The endpoint, e.g. `POST /api/checkout`. */
    scope: text('scope').notNull(),
    /** The visitor session id: keys of different visitors never collide. */
    sessionId: text('session_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    /** in_progress | completed */
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_pk').on(t.scope, t.sessionId, t.key)],
);

/**
 * Throttle counters (decision record 0013; `lib/throttle.ts`): one row per counter,
 * a fixed window that starts at the counter's first hit. Keys name the policy, the kind and the
 * subject: `attempt:checkout:session:<X-Session-Id>`, `attempt:topup:token:<sha256>`,
 * `decline:payment:ip:203.0.113.9` (IPv6 by /64). Rows whose window ended are pruned by the checks.
 */
export const throttleBuckets = pgTable(
  'throttle_buckets',
  {
    key: text('key').primaryKey(),
    /** Hits counted in the current window. */
    hits: integer('hits').notNull(),
    /** When the current window ends; a hit after it starts a new one. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_buckets_window_ends_at_idx').on(t.windowEndsAt)],
);

/**
 * Webhook deliveries received and verified: Stripe events, PayPal events, eSIM Go
 * usage callbacks. The unique `(provider, event_id)` makes each one take effect once, however
 * often it is delivered (eSIM Go callbacks have no id: the SHA-256 of the raw body stands in).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `stripe` | `paypal` | `esimgo`. */
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    /** `payment_intent.succeeded`, `CHECKOUT.ORDER.APPROVED`, `Utilisation`... */
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once its effect is committed; a delivery whose row has it is answered 200 and ignored. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_idx').on(t.provider, t.eventId)],
);
