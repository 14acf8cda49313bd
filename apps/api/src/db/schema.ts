
import {
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

/** Products the store sells: one per provider bundle (DESIGN.md section 3). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_country_idx').on(t.countryCode, t.active),
    index('products_covered_idx').using('gin', t.coveredCountries),
  ],
);

/**
 * Pricing rules (DESIGN.md section 3). The most specific active rule applies:
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

/** One run of catalogue sync with what it changed (admin screen, idempotency checks). */
export const catalogueSyncRuns = pgTable('catalogue_sync_runs', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** running | succeeded | failed */
  status: text('status').notNull().default('running'),
  added: integer('added').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  deactivated: integer('deactivated').notNull().default(0),
  error: text('error'),
});


/**
 * Server-side cart lines, keyed by the visitor session id (`X-Session-Id`, DESIGN.md section 3).
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
