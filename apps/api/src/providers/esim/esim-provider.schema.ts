import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The eSIM adapters' tables: the sandbox provider's eSIMs and bundles, and the log of requests to
 * eSIM Go. Written only by the adapters in `providers/esim`.
 * Ownership and foreign keys: docs/decisions/0026-modules-and-their-boundaries.md.
 */

/**
 * The sandbox eSIM provider's own records (it plays eSIM Go; the store reads them only through
 * the `EsimProvider` port): the profiles it issued and the simulated traveller's phone.
 */
export const sandboxEsims = pgTable('sandbox_esims', {
  iccid: text('iccid').primaryKey(),
  /** The `createOrder` reference that issued it. */
  orderReference: text('order_reference').notNull(),
  smdpAddress: text('smdp_address').notNull(),
  matchingId: text('matching_id').notNull(),
  /** `EsimProfileState` */
  profileState: text('profile_state').notNull().default('released'),
  /** First use at the destination; `null` until the simulated phone attaches there. */
  firstUsedAt: timestamp('first_used_at', { withTimezone: true }),
  /** Simulated time travel: every reading of this eSIM happens this many ms later than the real clock. */
  clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bundles the sandbox has assigned to its eSIMs; `reference` (the caller's) is unique: one assignment per reference. */
export const sandboxEsimBundles = pgTable(
  'sandbox_esim_bundles',
  {
    id: text('id').primaryKey(),
    iccid: text('iccid')
      .notNull()
      .references(() => sandboxEsims.iccid),
    /** `createOrder` reference + `#<unit>` for the first bundle, the `applyBundle` reference for top-ups. */
    reference: text('reference').notNull().unique(),
    bundle: text('bundle').notNull(),
    unlimited: boolean('unlimited').notNull(),
    initialBytes: bigint('initial_bytes', { mode: 'number' }),
    durationDays: integer('duration_days').notNull(),
    /** Data the simulated traveller used on top of the daily pattern ("use data" control). */
    extraUsedBytes: bigint('extra_used_bytes', { mode: 'number' }).notNull().default(0),
    revoked: boolean('revoked').notNull().default(false),
    /** Simulated time (real time + the eSIM's clock offset) of the assignment. */
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_esim_bundles_iccid_idx').on(t.iccid)],
);

/**
 * Calls to a provider without an idempotency key of its own (decision record 0018:
 * eSIM Go's `POST /orders`). A row is written before each attempt, so that after a
 * time-out, a 5xx or a crash the adapter looks the provider's order up instead of buying again.
 */
export const providerRequests = pgTable(
  'provider_requests',
  {
    /** The caller's reference (the port's `reference`, e.g. `line:42`, `topup:17`): one per purchase. */
    reference: text('reference').primaryKey(),
    /** `esimgo`. */
    provider: text('provider').notNull(),
    /** `order` (new eSIMs) | `topup` (a bundle onto `iccid`). */
    kind: text('kind').notNull(),
    bundle: text('bundle').notNull(),
    quantity: integer('quantity').notNull(),
    iccid: text('iccid'),
    /** `pending` (an attempt may be in flight or its outcome unknown) | `done` | `failed` (refused for good). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the last attempt started: the reconciliation looks for provider orders made since shortly before. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** The provider's order reference once known. */
    providerReference: text('provider_reference'),
    /** What the caller gets back (the eSIMs, or the assignment), stored once `done`. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_requests_provider_reference_idx').on(t.provider, t.providerReference)],
);
