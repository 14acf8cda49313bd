import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueSyncRuns, pricingSettings, products } from '../../db/schema.ts';
import type { PricingRule, PricingScope } from '../pricing/pricing.rules.ts';

/** A product row as the catalogue service sees it. */
export type ProductRow = typeof products.$inferSelect;
/** Fields a sync writes for one bundle. */
export type ProductUpsert = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Counts of what one catalogue sync changed. */
export interface SyncCounts {
  added: number;
  updated: number;
  unchanged: number;
  deactivated: number;
}

/** Data access for products, pricing settings and sync runs. The only module here touching SQL. */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /** Every product, active or not, ordered by id. */
  allProducts(): Promise<ProductRow[]> {
    return this.db.select().from(products).orderBy(products.id);
  }

  /** The active products among `ids` (any order; unknown and inactive ids are left out). */
  activeProductsByIds(ids: readonly number[]): Promise<ProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(products)
      .where(and(inArray(products.id, [...ids]), eq(products.active, true)));
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

  /**
   * Applies a sync in one transaction: inserts `added`, updates `changed` (by bundle name),
   * deactivates bundles the provider no longer lists, and records the run.
   */
  async applySync(input: {
    provider: string;
    added: ProductUpsert[];
    changed: ProductUpsert[];
    deactivate: string[];
    unchanged: number;
  }): Promise<SyncCounts> {
    const counts: SyncCounts = {
      added: input.added.length,
      updated: input.changed.length,
      unchanged: input.unchanged,
      deactivated: input.deactivate.length,
    };
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < input.added.length; i += 500) {
        await tx.insert(products).values(input.added.slice(i, i + 500));
      }
      for (const p of input.changed) {
        await tx
          .update(products)
          .set({ ...p, updatedAt: new Date() })
          .where(eq(products.apiBundleName, p.apiBundleName));
      }
      for (const name of input.deactivate) {
        await tx
          .update(products)
          .set({ active: false, updatedAt: new Date() })
          .where(eq(products.apiBundleName, name));
      }
      await tx.insert(catalogueSyncRuns).values({
        provider: input.provider,
        status: 'succeeded',
        finishedAt: new Date(),
        ...counts,
      });
    });
    return counts;
  }

  /** Records a failed sync so the admin screen can show it. */
  async recordFailedSync(provider: string, error: string): Promise<void> {
    await this.db
      .insert(catalogueSyncRuns)
      .values({ provider, status: 'failed', finishedAt: new Date(), error: error.slice(0, 2000) });
  }

  /** Number of successful syncs so far; 0 means the catalogue was never imported. */
  async successfulSyncCount(): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogueSyncRuns)
      .where(eq(catalogueSyncRuns.status, 'succeeded'));
    return rows[0]?.n ?? 0;
  }

  /** Writes new retail prices; returns how many rows changed. */
  async updatePrices(changes: { id: number; priceCents: number }[]): Promise<number> {
    if (changes.length === 0) return 0;
    await this.db.transaction(async (tx) => {
      for (const c of changes) {
        await tx
          .update(products)
          .set({ priceCents: c.priceCents, updatedAt: new Date() })
          .where(eq(products.id, c.id));
      }
    });
    return changes.length;
  }
}
