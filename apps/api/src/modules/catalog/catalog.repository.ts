import { and, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { type NetworkJson, catalogueSyncRuns, pricingSettings, products } from './catalog.schema.ts';

export type { NetworkJson };
import { type EnqueueRequest, enqueue } from '../../lib/jobs.repository.ts';
import type { PricingRule, PricingScope } from './pricing/pricing.rules.ts';

/** A product row as the catalogue service sees it. */

/**
 * What the rest of the store reads of a product it sold, active or retired: its name, provider
 * bundle name, unlimited tier (`null` for fixed data), allowance in MB (`null` when unlimited) and
 * the networks of its coverage.
 */
export interface ProductFacts {
  id: number;
  name: string;
  apiBundleName: string;
  tier: string | null;
  dataMb: number | null;
  networks: NetworkJson[];
}

export type ProductRow = typeof products.$inferSelect;
/**
 * Fields a sync writes for one bundle: the provider's facts and the price. The admin's fields
 * (`enabled`, `displayName`, `fixedPriceCents`, `featured`, `discountPercent`) are never among
 * them, so a sync leaves them as they are.
 */
export type ProductUpsert = Pick<
  typeof products.$inferInsert,
  | 'apiBundleName'
  | 'name'
  | 'description'
  | 'countryCode'
  | 'coverageType'
  | 'bundleType'
  | 'tier'
  | 'dataMb'
  | 'validityDays'
  | 'wholesaleCents'
  | 'priceCents'
  | 'coveredCountries'
  | 'networks'
  | 'imageUrl'
  | 'active'
>;

/** Counts of what one catalogue sync changed. */
export interface SyncCounts {
  added: number;
  updated: number;
  unchanged: number;
  deactivated: number;
}

/** A `catalogue_sync_runs` row. */
export type SyncRunRow = typeof catalogueSyncRuns.$inferSelect;

/**
 * The admin's fields of a product as a bulk import writes them, with the retail price
 * they imply. `expected` is what the import read before deciding: the write happens only if the
 * product still has exactly those values (compare-and-set), so a concurrent change is never lost.
 */
export interface AdminFieldsWrite {
  id: number;
  expected: AdminFields;
  next: AdminFields;
}

/** The admin's fields of a product and its stored retail price. */
export interface AdminFields {
  displayName: string | null;
  fixedPriceCents: number | null;
  discountPercent: number;
  enabled: boolean;
  featured: boolean;
  priceCents: number;
}

/**
 * Data access for products, pricing settings and catalogue sync runs. The only module of the
 * catalogue touching SQL.
 */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /** Every product, active or not, ordered by id. */
  allProducts(): Promise<ProductRow[]> {
    return this.db.select().from(products).orderBy(products.id);
  }

  /** The products on sale (provider-active and enabled by the admin) among `ids` (any order). */
  activeProductsByIds(ids: readonly number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(products)
      .where(and(inArray(products.id, [...ids]), eq(products.active, true), eq(products.enabled, true)));
  }

  /** The facts of the products with these ids or provider bundle names, retired ones included. */
  productFacts(ids: readonly number[], bundleNames: readonly string[]): Promise<ProductFacts[]> {
    if (ids.length === 0 && bundleNames.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: products.id,
        name: products.name,
        apiBundleName: products.apiBundleName,
        tier: products.tier,
        dataMb: products.dataMb,
        networks: products.networks,
      })
      .from(products)
      .where(
        ids.length > 0 && bundleNames.length > 0
          ? or(inArray(products.id, [...ids]), inArray(products.apiBundleName, [...bundleNames]))
          : ids.length > 0
            ? inArray(products.id, [...ids])
            : inArray(products.apiBundleName, [...bundleNames]),
      );
  }

  /** A fingerprint that changes whenever any product changes (count + latest update). */
  async productsFingerprint(): Promise<string> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int`, latest: sql<string>`coalesce(max(${products.updatedAt})::text, '')` })
      .from(products);
    const row = rows[0];
    return row ? `${row.n}:${row.latest}` : '0:';
  }

  async pricingRules(): Promise<PricingRule[]> {
    const rows = await this.db.select().from(pricingSettings).orderBy(pricingSettings.id);
    return rows.map((r) => ({ ...r, scope: r.scope as PricingScope }));
  }

  async countPricingRules(): Promise<number> {
    const rows = await this.db.select({ n: sql<number>`count(*)::int` }).from(pricingSettings);
    return rows[0]?.n ?? 0;
  }

  async insertPricingRule(rule: typeof pricingSettings.$inferInsert): Promise<void> {
    await this.db.insert(pricingSettings).values(rule);
  }

  // ---------------------------------------------------------------------------------------------
  // Sync runs: one queued or running run per provider, guarded by the partial unique
  // index `catalogue_sync_runs_one_running_idx`.

  /**
   * Creates a run in `status` unless one of the provider is queued or running (the unique index
   * decides, across instances: `ON CONFLICT DO NOTHING`). With `job`, enqueues that job (payload
   * `{ runId }`, dedupe key `<type>:<runId>`) in the same transaction and records its id.
   * @returns the new run, or undefined when another is in progress.
   */
  async createSyncRun(input: {
    provider: string;
    actor: string;
    reprice: boolean;
    status: 'queued' | 'running';
    job?: Omit<EnqueueRequest, 'payload' | 'dedupeKey'>;
  }): Promise<SyncRunRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [run] = await tx
        .insert(catalogueSyncRuns)
        .values({ provider: input.provider, actor: input.actor, reprice: input.reprice, status: input.status })
        .onConflictDoNothing()
        .returning();
      if (!run || !input.job) return run;
      const jobId = await enqueue(tx as unknown as Db, {
        ...input.job,
        payload: { runId: run.id },
        dedupeKey: `${input.job.type}:${run.id}`,
      });
      const [withJob] = await tx
        .update(catalogueSyncRuns)
        .set({ jobId: jobId ?? null })
        .where(eq(catalogueSyncRuns.id, run.id))
        .returning();
      return withJob;
    });
  }

  async syncRun(id: number): Promise<SyncRunRow | undefined> {
    const [row] = await this.db.select().from(catalogueSyncRuns).where(eq(catalogueSyncRuns.id, id));
    return row;
  }

  /** The provider's queued or running run, if any. */
  async currentSyncRun(provider: string): Promise<SyncRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(catalogueSyncRuns)
      .where(and(eq(catalogueSyncRuns.provider, provider), inArray(catalogueSyncRuns.status, ['queued', 'running'])))
      .limit(1);
    return row;
  }

  /** The newest `limit` runs, newest first, without their reports. */
  syncRuns(limit: number): Promise<Omit<SyncRunRow, 'report'>[]> {
    const { report: _report, ...columns } = getTableColumns(catalogueSyncRuns);
    return this.db.select(columns).from(catalogueSyncRuns).orderBy(desc(catalogueSyncRuns.id)).limit(limit);
  }

  /**
   * Starts (or restarts, after a crash) a queued or running run: `running`, progress 0, no error.
   * @returns the run, or undefined when it is finished (or unknown).
   */
  async markSyncRunning(id: number): Promise<SyncRunRow | undefined> {
    const [row] = await this.db
      .update(catalogueSyncRuns)
      .set({ status: 'running', processed: 0, total: 0, error: null })
      .where(and(eq(catalogueSyncRuns.id, id), inArray(catalogueSyncRuns.status, ['queued', 'running'])))
      .returning();
    return row;
  }

  /** Records how many bundles the provider listed (the progress bar's end). */
  async setSyncTotal(id: number, total: number): Promise<void> {
    await this.db.update(catalogueSyncRuns).set({ total, processed: 0 }).where(eq(catalogueSyncRuns.id, id));
  }

  /**
   * Writes one batch of a sync in one transaction: inserts `added` (a bundle already stored is
   * left alone), updates `changed` by bundle name in one statement (only the provider's fields
   * and the price: the admin's are not in {@link ProductUpsert}), and records the progress.
   */
  async writeSyncBatch(
    runId: number,
    batch: { added: ProductUpsert[]; changed: ProductUpsert[]; processed: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (batch.added.length > 0)
        await tx.insert(products).values(batch.added).onConflictDoNothing({ target: products.apiBundleName });
      if (batch.changed.length > 0) {
        const payload = JSON.stringify(
          batch.changed.map((p) => ({
            api_bundle_name: p.apiBundleName,
            name: p.name,
            description: p.description,
            country_code: p.countryCode,
            coverage_type: p.coverageType,
            bundle_type: p.bundleType,
            tier: p.tier ?? null,
            data_mb: p.dataMb ?? null,
            validity_days: p.validityDays,
            wholesale_cents: p.wholesaleCents,
            price_cents: p.priceCents,
            covered_countries: p.coveredCountries,
            networks: p.networks,
            image_url: p.imageUrl ?? null,
            active: p.active ?? true,
          })),
        );
        await tx.execute(sql`
          update ${products} as p set
            name = v.name, description = v.description, country_code = v.country_code,
            coverage_type = v.coverage_type, bundle_type = v.bundle_type, tier = v.tier, data_mb = v.data_mb,
            validity_days = v.validity_days, wholesale_cents = v.wholesale_cents, price_cents = v.price_cents,
            covered_countries = v.covered_countries, networks = v.networks, image_url = v.image_url,
            active = v.active, updated_at = now()
          from jsonb_to_recordset(${payload}::jsonb) as v(
            api_bundle_name text, name text, description text, country_code text, coverage_type text,
            bundle_type text, tier text, data_mb int, validity_days int, wholesale_cents int, price_cents int,
            covered_countries jsonb, networks jsonb, image_url text, active boolean)
          where p.api_bundle_name = v.api_bundle_name`);
      }
      await tx.update(catalogueSyncRuns).set({ processed: batch.processed }).where(eq(catalogueSyncRuns.id, runId));
    });
  }

  /** Marks the products of these bundles as no longer sold by the provider (kept for order history). */
  async retireBundles(names: readonly string[]): Promise<void> {
    for (let i = 0; i < names.length; i += 1_000) {
      await this.db
        .update(products)
        .set({ active: false, updatedAt: new Date() })
        .where(and(inArray(products.apiBundleName, names.slice(i, i + 1_000)), eq(products.active, true)));
    }
  }

  /** Records a run's counts and report (its status is set by {@link finishSyncRun}). */
  async saveSyncResult(
    id: number,
    result: { counts: SyncCounts; errors: number; report: Record<string, unknown> },
  ): Promise<void> {
    await this.db
      .update(catalogueSyncRuns)
      .set({ ...result.counts, errors: result.errors, report: result.report })
      .where(eq(catalogueSyncRuns.id, id));
  }

  /**
   * Ends a queued or running run: `succeeded` (with the final report, when given) or `failed`
   * with `error`. A finished run is left as it is.
   * @returns false when the run was already finished.
   */
  async finishSyncRun(
    id: number,
    end: { status: 'succeeded'; report?: Record<string, unknown> } | { status: 'failed'; error: string },
  ): Promise<boolean> {
    const rows = await this.db
      .update(catalogueSyncRuns)
      .set({
        status: end.status,
        finishedAt: new Date(),
        ...(end.status === 'failed' ? { error: end.error.slice(0, 2_000) } : end.report ? { report: end.report } : {}),
      })
      .where(and(eq(catalogueSyncRuns.id, id), inArray(catalogueSyncRuns.status, ['queued', 'running'])))
      .returning({ id: catalogueSyncRuns.id });
    return rows.length > 0;
  }

  /** Puts a run whose attempt failed back to `queued` (its job retries later), noting why. */
  async requeueSyncRun(id: number, error: string): Promise<void> {
    await this.db
      .update(catalogueSyncRuns)
      .set({ status: 'queued', error: error.slice(0, 2_000) })
      .where(and(eq(catalogueSyncRuns.id, id), inArray(catalogueSyncRuns.status, ['queued', 'running'])));
  }

  /** Number of successful syncs so far; 0 means the catalogue was never imported. */
  async successfulSyncCount(): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogueSyncRuns)
      .where(eq(catalogueSyncRuns.status, 'succeeded'));
    return rows[0]?.n ?? 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Prices and the admin's fields

  /** Writes new retail prices; returns how many rows changed. */
  async updatePrices(changes: { id: number; priceCents: number }[]): Promise<number> {
    if (changes.length === 0) return 0;
    const payload = JSON.stringify(changes.map((c) => ({ id: c.id, price: c.priceCents })));
    await this.db.execute(sql`
      update ${products} as p set price_cents = v.price, updated_at = now()
      from jsonb_to_recordset(${payload}::jsonb) as v(id int, price int)
      where p.id = v.id`);
    return changes.length;
  }

  /**
   * Writes the admin's fields of a batch of products (bulk import), each only if the product
   * still has its `expected` values (compare-and-set in one statement), with `onWritten` (e.g.
   * the import's progress) in the same transaction.
   * @returns the ids written; the others changed since they were read.
   */
  async writeAdminFields(
    writes: readonly AdminFieldsWrite[],
    onWritten?: (tx: Db) => Promise<void>,
  ): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      let written: number[] = [];
      if (writes.length > 0) {
        const payload = JSON.stringify(
          writes.map((w) => ({
            id: w.id,
            e_name: w.expected.displayName,
            e_fixed: w.expected.fixedPriceCents,
            e_discount: w.expected.discountPercent,
            e_enabled: w.expected.enabled,
            e_featured: w.expected.featured,
            e_price: w.expected.priceCents,
            n_name: w.next.displayName,
            n_fixed: w.next.fixedPriceCents,
            n_discount: w.next.discountPercent,
            n_enabled: w.next.enabled,
            n_featured: w.next.featured,
            n_price: w.next.priceCents,
          })),
        );
        const rows = await queryRows<{ id: number }>(
          tx as unknown as Db,
          sql`update ${products} as p set
                display_name = v.n_name, fixed_price_cents = v.n_fixed, discount_percent = v.n_discount,
                enabled = v.n_enabled, featured = v.n_featured, price_cents = v.n_price, updated_at = now()
              from jsonb_to_recordset(${payload}::jsonb) as v(
                id int, e_name text, e_fixed int, e_discount int, e_enabled boolean, e_featured boolean, e_price int,
                n_name text, n_fixed int, n_discount int, n_enabled boolean, n_featured boolean, n_price int)
              where p.id = v.id
                and p.display_name is not distinct from v.e_name and p.fixed_price_cents is not distinct from v.e_fixed
                and p.discount_percent = v.e_discount and p.enabled = v.e_enabled and p.featured = v.e_featured
                and p.price_cents = v.e_price
              returning p.id`,
        );
        written = rows.map((r) => Number(r.id));
      }
      if (onWritten) await onWritten(tx as unknown as Db);
      return written;
    });
  }
}
