import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { products } from '../catalog/catalog.schema.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * The orders module's tables: carts, orders and their lines, eSIM profiles and their bundles, status
 * changes, events and refunds. Written only by the orders module (order statuses included).
 * Money in integer US cents, data in MB, durations in days. Ownership and foreign keys:
 * docs/decisions/0026-modules-and-their-boundaries.md.
 */

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
