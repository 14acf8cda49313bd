import { sql } from 'drizzle-orm';
import {
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

/**
 * The catalogue's tables: products (one per provider bundle), pricing settings and rules, catalogue
 * sync runs, pricing runs and bulk imports. Written only by the catalog module.
 * Money in integer US cents, data in MB, durations in days. Ownership and foreign keys:
 * docs/decisions/0026-modules-and-their-boundaries.md.
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
