import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The database schema (Drizzle). Money is integer US cents, data MB, durations days.
 * Only repositories import this module (ARCHITECTURE.md invariants).
 */

/** A network a plan roams on, stored inside `products.networks`. */
export type NetworkJson = { countryCode: string; name: string; speeds: string[] };

/** Products the store sells: one per provider bundle (docs/product-rules.md, "Catalogue sync and pricing rules"). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    apiBundleName: text('api_bundle_name').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** ISO alpha-2, special code (CYP, US-HI), region name or `Global`. */
    countryCode: text('country_code').notNull(),
    /** local | regional | global */
    coverageType: text('coverage_type').notNull(),
    /** prepaid | unlimited */
    bundleType: text('bundle_type').notNull(),
    /** unlimited | unlimited_plus | null */
    tier: text('tier'),
    dataMb: integer('data_mb'),
    validityDays: integer('validity_days').notNull(),
    wholesaleCents: integer('wholesale_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    coveredCountries: jsonb('covered_countries').$type<string[]>().notNull(),
    networks: jsonb('networks').$type<NetworkJson[]>().notNull(),
    imageUrl: text('image_url'),
    /** False once the provider stops listing the bundle; kept for order history. */
    active: boolean('active').notNull().default(true),
    /**
     * The admin's switch (bulk import `active`): false hides the product from the
     * storefront whatever the provider lists. The storefront shows `active and enabled`.
     */
    enabled: boolean('enabled').notNull().default(true),
    /** The admin's display name (bulk import `displayName`); null shows the provider's `name`. */
    displayName: text('display_name'),
    /** A fixed retail price set by the admin (bulk import), US cents: recalculation keeps it. Null: priced by the rules. */
    fixedPriceCents: integer('fixed_price_cents'),
    /** Shown first in its destination's list (bulk import `featured`). */
    featured: boolean('featured').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_country_idx').on(t.countryCode, t.active),
    index('products_covered_idx').using('gin', t.coveredCountries),
  ],
);

/**
 * Pricing rules (docs/product-rules.md, "Catalogue sync and pricing rules"). The most specific active rule applies:
 * bundle > country > region > bundle type > all; ties go to the higher `priority`.
 */
export const pricingSettings = pgTable('pricing_settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** all | region | country | bundle_type | bundle */
  scope: text('scope').notNull(),
  /** Region name, country code, bundle type or bundle name; null for scope `all`. */
  scopeValue: text('scope_value'),
  /** Markup on the wholesale price in basis points (4000 = 40 %). */
  markupBps: integer('markup_bps').notNull().default(0),
  /** Fixed margin added after the markup, US cents. */
  fixedMarginCents: integer('fixed_margin_cents').notNull().default(0),
  /** Price ending in cents, e.g. 99 rounds up to x.99; null leaves the price as computed. */
  endingCents: integer('ending_cents'),
  /** Lowest retail price, US cents. */
  floorCents: integer('floor_cents').notNull().default(0),
  priority: integer('priority').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One run of catalogue sync with what it changed (admin screen `/admin/catalogue-sync`).
 * `updated` counts changed bundles and `deactivated` retired ones. A run started from the admin
 * or the schedule is a durable job (`job_id`); `processed` of `total` is its live progress.
 */
export const catalogueSyncRuns = pgTable(
  'catalogue_sync_runs',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** queued | running | succeeded | failed */
    status: text('status').notNull().default('running'),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    /** Bundles that could not be imported (bad data from the provider). */
    errors: integer('errors').notNull().default(0),
    /** Bundles handled so far and in all (progress bar); 0 until the catalogue is read. */
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** What changed, per bundle: `{ added: [...], changed: [{ name, fields }], retired: [...], errors: [{ name, message }] }`. */
    report: jsonb('report').$type<Record<string, unknown>>(),
    /** Reprice every product once the sync is done. */
    reprice: boolean('reprice').notNull().default(false),
    /** `admin:<username>`, `schedule` or `system` (first start). */
    actor: text('actor').notNull().default('system'),
    jobId: bigint('job_id', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [
    // One sync at a time, across instances: at most one run queued or running.
    uniqueIndex('catalogue_sync_runs_one_running_idx')
      .on(t.provider)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** One recalculation of every product's price: who, when, counts; dry runs are not stored. */
export const pricingRuns = pgTable('pricing_runs', {
  id: serial('id').primaryKey(),
  /** `admin:<username>`, `sync` or `system`. */
  actor: text('actor').notNull(),
  checked: integer('checked').notNull(),
  changed: integer('changed').notNull(),
  /** Products priced below their wholesale price after the run. */
  belowWholesale: integer('below_wholesale').notNull().default(0),
  /** Larger plans of a destination that cost less than a smaller one after the run. */
  ladderViolations: integer('ladder_violations').notNull().default(0),
  /** The rules the run applied, as they were. */
  rules: jsonb('rules').$type<unknown[]>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A CSV bulk import of product changes (`/admin/bulk-import`): validated first (dry run:
 * `rows` holds the valid changes, `row_errors` the refused rows), then applied as a durable job
 * with `processed` of `total` as progress.
 */
export const bulkImports = pgTable('bulk_imports', {
  id: serial('id').primaryKey(),
  /** `admin:<username>` */
  actor: text('actor').notNull(),
  filename: text('filename').notNull(),
  /** SHA-256 of the file: applying the same file twice changes nothing the second time. */
  fileHash: text('file_hash').notNull(),
  /** validated | applying | applied | failed | discarded */
  status: text('status').notNull(),
  totalRows: integer('total_rows').notNull(),
  /** Valid changed rows: `[{ row, apiBundleName, changes: { field: { from, to } } }]`. */
  rows: jsonb('rows').$type<unknown[]>().notNull(),
  /** Refused rows: `[{ row, apiBundleName, errors: [{ column, message }], values }]`. */
  rowErrors: jsonb('row_errors').$type<unknown[]>().notNull(),
  unchanged: integer('unchanged').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  total: integer('total').notNull().default(0),
  jobId: bigint('job_id', { mode: 'number' }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Server-side cart lines, keyed by the visitor session id (`X-Session-Id`, decision record 0012).
 * One line per session and product: adding the same product again raises its quantity.
 * Prices are not stored here; they are read from `products` whenever the cart is shown.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_session_product_idx').on(t.sessionId, t.productId)],
);

// ---------------------------------------------------------------------------------------------
// Orders, payments, fulfilment (docs/product-rules.md, "Checkout and payment", "Fulfilment and delivery of the eSIM profile")
// ---------------------------------------------------------------------------------------------

/** A billing address, stored as given (docs/product-rules.md, "Checkout and payment"). */
export type BillingAddressJson = {
  address: string;
  city: string;
  postalCode: string;
  country: string;
  state?: string | undefined;
};

/**
 * An order. Money is integer US cents. Card data never reaches this table: only the payment
 * provider's reference, the brand and the last four digits (decision record 0019). The portal
 * access token is stored only as its SHA-256 hash.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** `ORD-` + an unguessable suffix. */
    orderNumber: text('order_number').notNull().unique(),
    /** The visitor session that placed the order (may read it without the access token). */
    sessionId: text('session_id').notNull(),
    /** pending | created | processing | processed | shipped | completed | cancelled | refunded */
    status: text('status').notNull(),
    currency: text('currency').notNull().default('USD'),
    totalCents: integer('total_cents').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    billingAddress: jsonb('billing_address').$type<BillingAddressJson>(),
    /** Interface language of the checkout: e-mails go out in it. */
    language: text('language').notNull(),
    /** card | paypal */
    paymentMethod: text('payment_method').notNull(),
    /** requires_approval | succeeded | failed | cancelled */
    paymentStatus: text('payment_status').notNull(),
    /** The payment provider's charge id. */
    paymentReference: text('payment_reference'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The provider's reason when a payment failed, e.g. "Your card was declined." */
    paymentError: text('payment_error'),
    /**
     * When the store last started capturing this order's PayPal payment: while set (and recent),
     * a newer checkout of the same cart may not supersede the order (see `supersedeOpenCheckout`).
     */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    /** `order` (a cart checkout) or `topup` (a bundle added to an eSIM of `parentOrderId` from the portal). */
    kind: text('kind').notNull().default('order'),
    /** Top-ups: the order whose access token bought it (its portal). */
    parentOrderId: integer('parent_order_id').references((): AnyPgColumn => orders.id),
    /** Top-ups: the eSIM the bundle is applied to. */
    topupEsimId: integer('topup_esim_id').references((): AnyPgColumn => esims.id),
    /** SHA-256 (hex) of the portal access token; `null` for top-ups (they use their parent's). */
    accessTokenHash: text('access_token_hash').unique(),
    /** The access token stops opening the portal after this. */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** Set when support revokes the access token (e.g. it leaked); the portal then refuses it. */
    accessTokenRevokedAt: timestamp('access_token_revoked_at', { withTimezone: true }),
    /** The account signed in when the order was placed; null for guest orders. */
    userId: integer('user_id').references((): AnyPgColumn => users.id),
    /** Last fulfilment error, shown to admins while the order stays in processing. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_session_idx').on(t.sessionId),
    // Webhooks find the order of a PaymentIntent or PayPal order by it.
    index('orders_payment_reference_idx').on(t.paymentReference),
    // One cart, one checkout (decision record 0012): a visitor session has at most one checkout order whose
    // payment is not settled, so concurrent checkouts of one cart cannot create two orders.
    uniqueIndex('orders_open_checkout_idx')
      .on(t.sessionId)
      .where(sql`${t.kind} = 'order' and ${t.status} = 'pending'`),
    index('orders_email_idx').on(t.customerEmail),
    index('orders_parent_idx').on(t.parentOrderId),
    index('orders_user_idx').on(t.userId),
    // The admin orders list: newest first with keyset pagination, alone or per status.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_lower_idx').on(sql`lower(${t.customerEmail})`),
  ],
);

/** One product line of an order, with the product facts frozen at purchase time. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    apiBundleName: text('api_bundle_name').notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    /** Display data amount: '1GB', 'Unlimited' (docs/product-rules.md, "Plan names and data amounts on screen"). */
    dataAmount: text('data_amount').notNull(),
    validityDays: integer('validity_days').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * An eSIM profile delivered for an order line. `(order_line_id, unit_index)` is unique, so a
 * line of quantity 3 holds exactly three eSIMs however often provisioning is retried.
 */
export const esims = pgTable(
  'esims',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    /** 0-based index of this eSIM within its line's quantity. */
    unitIndex: integer('unit_index').notNull(),
    /** 19-20 digits, Luhn-valid (ITU-T E.118). */
    iccid: text('iccid').notNull().unique(),
    smdpAddress: text('smdp_address').notNull(),
    matchingId: text('matching_id').notNull(),
    /** LPA string `LPA:1$<smdpAddress>$<matchingId>` (GSMA SGP.22). */
    activationCode: text('activation_code').notNull(),
    /** The provider's order reference. */
    providerReference: text('provider_reference').notNull(),
    /** Display state as of the last sync: Ready | Pending | Active | Expired | Archived | Assigned. */
    status: text('status').notNull().default('Ready'),
    apiBundleName: text('api_bundle_name').notNull(),
    /** The provider's profile state as last seen (`EsimProfileState`). */
    profileState: text('profile_state').notNull().default('released'),
    /** First use at the destination, as the provider reported it. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Last successful usage sync. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** Last failed usage sync's reason (cleared by a successful one). */
    syncError: text('sync_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('esims_line_unit_idx').on(t.orderLineId, t.unitIndex), index('esims_order_idx').on(t.orderId)],
);

/**
 * The bundles on an eSIM (main plan and top-ups) with usage as last synced from the provider.
 * The main bundle's row is written with the eSIM at provisioning and a top-up's when the provider
 * applies it, each with its order line; `(esim_id, order_line_id)` is unique, so a retried job
 * stores a bundle once. The provider's assignment id is filled in by the first sync that sees it.
 */
export const esimBundles = pgTable(
  'esim_bundles',
  {
    id: serial('id').primaryKey(),
    esimId: integer('esim_id')
      .notNull()
      .references(() => esims.id),
    /** The order line that paid for it; `null` for a bundle the provider reports that the store did not sell. */
    orderLineId: integer('order_line_id').references(() => orderLines.id),
    /** main | topup */
    kind: text('kind').notNull(),
    providerAssignmentId: text('provider_assignment_id'),
    apiBundleName: text('api_bundle_name').notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    /** Allowance in MB as sold; `null` for unlimited. */
    dataMb: integer('data_mb'),
    validityDays: integer('validity_days').notNull(),
    /** Provider state (`ProviderBundleState`): processing | queued | active | depleted | expired | revoked | lapsed. */
    state: text('state').notNull().default('queued'),
    unlimited: boolean('unlimited').notNull(),
    initialBytes: bigint('initial_bytes', { mode: 'number' }),
    remainingBytes: bigint('remaining_bytes', { mode: 'number' }),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('esim_bundles_esim_line_idx').on(t.esimId, t.orderLineId),
    uniqueIndex('esim_bundles_assignment_idx').on(t.esimId, t.providerAssignmentId),
  ],
);

/** Every order status change: from, to, when, by whom (docs/product-rules.md, "Order statuses"). */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** `system`, `customer`, `payment:<provider>` or `admin:<username>`. */
    actor: text('actor').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId)],
);

/**
 * What happened to an order besides status changes and e-mails (the admin's order timeline):
 * `note` (internal, admins only), `payment` (charge, capture, failure), `refund`,
 * `provisioning_error`, `provisioning_retry`, `token_revoked`, `token_reissued`, `notification`,
 * `confirmation_resent`. `data` holds the kind's facts (amount, reference, message...).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').notNull(),
    /** `system`, `customer`, `payment:<provider>` or `admin:<username>`. */
    actor: text('actor').notNull(),
    /** The note's text, or a one-line summary. */
    message: text('message'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Refunds (docs/product-rules.md, "Refunds"). One per order (unique
 * `order_id`): a refund never runs twice. `idempotency_key` goes to the payment provider.
 */
export const refunds = pgTable('refunds', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  /** pending | succeeded | failed */
  status: text('status').notNull(),
  /** The payment provider's refund id. */
  providerReference: text('provider_reference'),
  /** The admin's reason; required when the policy was overridden. */
  reason: text('reason'),
  /** True when the admin refunded against the policy (activated, or after 30 days). */
  override: boolean('override').notNull().default(false),
  /** `admin:<username>` */
  actor: text('actor').notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

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
 * Accounts (decision record 0014; `modules/auth`). Usernames and e-mail addresses are unique case-insensitively
 * (indexes on `lower(...)`). The password is kept only as an argon2id hash (PHC string); TOTP
 * secrets only encrypted (AES-256-GCM under a key derived from `AUTH_SECRET`, `totp.ts`).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Interface language of the account's e-mails: en | tr | es | fr | de. */
    language: text('language').notNull().default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
    passwordHash: text('password_hash').notNull(),
    /** The active TOTP secret, encrypted (`totp.ts` `sealSecret`); null without two-factor authentication. */
    totpSecret: text('totp_secret'),
    /** A secret from `POST /api/setup-2fa` not yet confirmed by `POST /api/enable-2fa`, encrypted. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step (RFC 6238 T): a code of this step or an earlier one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Signed-in sessions (decision record 0014). `id` is the SHA-256 (hex) of the 256-bit token the cookie holds,
 * so a copy of this table opens no session. A session ends at `idle_expires_at` (pushed forward,
 * at most once a minute, while it is used) or at `expires_at` (absolute), whichever comes first.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expires_idx').on(t.expiresAt)],
);

/** Two-factor recovery codes: argon2id hashes, each usable once (`used_at`). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Password-reset tokens (OWASP ASVS 4.0.3 V2.5.6; decision record 0014).
 * `token_hash` is the SHA-256 (hex) of the 256-bit token the e-mailed link carries, so a copy of
 * this table resets no password. A token works once (`used_at`, set by a compare-and-set
 * `UPDATE`) and until `expires_at` (30 minutes after it was made); a newer request of the same
 * user deletes the older unused ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * First-admin tokens: while no admin exists, the server makes one at start-up and prints
 * the link `/setup-admin#token=…` (valid 24 hours). Stored as the SHA-256 (hex) of the token; the
 * first admin created through a link marks every unused one used.
 */
export const adminSetupTokens = pgTable(
  'admin_setup_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_setup_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * Knowledge-base articles (decision record 0017): the chat
 * assistant retrieves from the published ones and cites their titles. `slug` names the topic
 * shared by an article's translations (`refunds`), unique per language. `remote_*` track the copy
 * pushed to an AnythingLLM workspace (`CHAT_ENGINE=anythingllm`): its document location, the
 * content hash it was pushed with, and the last push error (AnythingLLM answers 200 even when
 * embedding fails).
 */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** en | tr | es | fr | de. */
    language: text('language').notNull(),
    title: text('title').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Username of the admin who last changed it; `seed` for the shipped articles. */
    updatedBy: text('updated_by').notNull().default('seed'),
    remoteLocation: text('remote_location'),
    remoteHash: text('remote_hash'),
    remoteSyncedAt: timestamp('remote_synced_at', { withTimezone: true }),
    remoteError: text('remote_error'),
  },
  (t) => [
    uniqueIndex('kb_articles_slug_language_idx').on(t.slug, t.language),
    index('kb_articles_updated_idx').on(t.updatedAt),
  ],
);

/**
 * The knowledge base's revision (one row, `id` 1): every change of an article adds 1 in the same
 * transaction, so each instance of the store sees a change at its next question and rebuilds its
 * index, so that a change reaches the assistant at once, on every instance, without a restart.
 */
export const kbRevision = pgTable('kb_revision', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chat conversations, one per chat session id, kept 30 days after their last message
 * for the admin to review (`reviewed_at`).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull().unique(),
    /** The language of the last reply. */
    language: text('language').notNull(),
    /** `local` | `anythingllm`. */
    engine: text('engine').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [index('chat_conversations_last_idx').on(t.lastMessageAt)],
);

/** Chat source as stored with an agent message. */
export type ChatSourceJson = { title: string; url?: string };

/** The messages of a chat conversation: the visitor's (`user`) and the assistant's (`agent`). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** `user` | `agent`. */
    sender: text('sender').notNull(),
    message: text('message').notNull(),
    sources: jsonb('sources').$type<ChatSourceJson[]>().notNull().default([]),
    language: text('language').notNull(),
    /** How the reply was made, e.g. `catalogue`, `device`, `knowledge`, `fallback`, `error` (agent messages). */
    kind: text('kind'),
    /** Time to answer, ms (agent messages). */
    latencyMs: integer('latency_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

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
